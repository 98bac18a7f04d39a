import { type CardType, mobileSchema } from '@zl/shared';
import Button from 'antd/es/button';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import './wechat-pages.css';
import { SmsCodeField } from '../../../components/account/sms-code-field.tsx';
import { CardTypeRadios } from '../../../components/card-type-radios.tsx';
import { isBizError } from '../../../lib/biz-error.ts';
import { withFeedback } from '../../../lib/feedback.ts';
import { reportFormError } from '../../../lib/form-errors.ts';
import { useSession } from '../../../lib/session-store.ts';
import { zodRule } from '../../../lib/zod-rule.ts';
import { bindMobile } from '../api/wechat.ts';
import { bindTicket, setPasswordTicket } from '../wechat-storage.ts';

interface BindValues {
  mobile: string;
  code: string;
  cardtype: CardType;
}

const ERROR_FIELDS = { SMS_CODE_INVALID: 'code', SMS_CODE_EXPIRED: 'code' };

function backToLogin(navigate: ReturnType<typeof useNavigate>, text: string) {
  withFeedback((f) => f.message.warning(text));
  navigate('/login', { replace: true });
}

/** /loginOther/bindPhone: a WeChat account without a member binds (or creates) one by mobile. */
export default function BindPhonePage() {
  const [form] = Form.useForm<BindValues>();
  const navigate = useNavigate();
  const [ticket] = useState(() => bindTicket.read());
  const [submitting, setSubmitting] = useState(false);

  useEffect(() => {
    if (!ticket) backToLogin(navigate, '微信登录已过期，请重新使用微信登录');
  }, [ticket, navigate]);

  if (!ticket) return null;

  async function onFinish(v: BindValues) {
    if (!ticket) return;
    setSubmitting(true);
    try {
      const mobile = v.mobile.trim();
      const data = await bindMobile({
        ticket: ticket.ticket,
        mobile,
        code: v.code.trim(),
        cardtype: v.cardtype,
      });
      bindTicket.clear();
      const { isNew, token, expiresIn, ...member } = data;
      useSession.getState().loggedIn(member);
      if (isNew && token) {
        setPasswordTicket.save({
          token,
          mobile,
          cardno: member.cardno,
          expiresAt: Date.now() + (expiresIn || 1800) * 1000,
        });
        navigate('/loginOther/setPassword', { replace: true });
      } else {
        withFeedback((f) => f.message.success('微信已绑定，以后可直接使用微信登录'));
        navigate('/', { replace: true });
      }
    } catch (e) {
      if (isBizError(e) && e.code === 'WECHAT_TICKET_INVALID') {
        bindTicket.clear();
        backToLogin(navigate, e.message);
      } else {
        reportFormError(form, e, ERROR_FIELDS);
      }
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <div className="zl-wx-form">
      <h1>绑定手机号</h1>
      <p className="zl-auth-sub">
        {`微信账号${ticket.nickname ? `「${ticket.nickname}」` : ''}尚未绑定平台账号。验证手机号即可完成绑定；该手机号尚未注册时，将为您创建新账号。`}
      </p>
      <Form<BindValues>
        form={form}
        layout="vertical"
        size="large"
        initialValues={{ cardtype: 'workshop' }}
        onFinish={onFinish}
        requiredMark={false}
      >
        <Form.Item name="mobile" label="手机号" rules={[zodRule(mobileSchema)]}>
          <Input placeholder="请输入手机号" inputMode="numeric" autoComplete="tel" maxLength={11} />
        </Form.Item>
        <SmsCodeField form={form} purpose="bind" />
        <Form.Item
          name="cardtype"
          label="账号类型（仅新账号）"
          extra="手机号已注册时沿用原账号类型"
          rules={[{ required: true, message: '请选择账号类型' }]}
        >
          <CardTypeRadios />
        </Form.Item>
        <Button type="primary" htmlType="submit" block size="large" loading={submitting}>
          绑定并登录
        </Button>
      </Form>
      <div className="zl-auth-switch">
        <Link to="/login">返回登录</Link>
      </div>
    </div>
  );
}
