import { maskMobile } from '@zl/shared';
import Button from 'antd/es/button';
import Form from 'antd/es/form';
import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import './wechat-pages.css';
import { PasswordFields } from '../../../components/account/password-fields.tsx';
import { isBizError } from '../../../lib/biz-error.ts';
import { withFeedback } from '../../../lib/feedback.ts';
import { reportFormError } from '../../../lib/form-errors.ts';
import { wechatSetPassword } from '../api/wechat.ts';
import { setPasswordTicket } from '../wechat-storage.ts';

interface Values {
  password: string;
  confirm: string;
}

/**
 * /loginOther/setPassword: a member just created by WeChat sign-in chooses a login password
 * (Wechat/setPassword keeps the session, unlike a reset). Skipping is allowed: 忘记密码 sets one later.
 */
export default function SetPasswordPage() {
  const [form] = Form.useForm<Values>();
  const navigate = useNavigate();
  const [ticket] = useState(() => setPasswordTicket.read());
  const [submitting, setSubmitting] = useState(false);

  useEffect(() => {
    if (!ticket) navigate('/mainPage', { replace: true });
  }, [ticket, navigate]);

  if (!ticket) return null;

  async function onFinish(v: Values) {
    if (!ticket) return;
    setSubmitting(true);
    try {
      await wechatSetPassword(ticket.token, v.password);
      setPasswordTicket.clear();
      navigate('/loginOther/setPasswordSuccess', { replace: true, state: { mobile: ticket.mobile } });
    } catch (e) {
      if (isBizError(e) && e.code === 'RESET_TOKEN_INVALID') {
        setPasswordTicket.clear();
        withFeedback((f) => f.message.warning(e.message));
        navigate('/mainPage', { replace: true });
      } else {
        reportFormError(form, e);
      }
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <div className="zl-wx-form">
      <h1>设置登录密码</h1>
      <p className="zl-auth-sub">
        账号已创建，会员号 <b>{ticket.cardno}</b>。为 {maskMobile(ticket.mobile)}{' '}
        设置登录密码后，也可以使用手机号和密码登录。
      </p>
      <Form<Values> form={form} layout="vertical" size="large" onFinish={onFinish} requiredMark={false}>
        <PasswordFields label="登录密码" />
        <Button type="primary" htmlType="submit" block size="large" loading={submitting}>
          确认设置
        </Button>
      </Form>
      <div className="zl-auth-switch">
        <Link
          to="/mainPage"
          replace
          onClick={() => {
            setPasswordTicket.clear();
          }}
        >
          暂不设置，进入首页
        </Link>
      </div>
    </div>
  );
}
