import { type CardType, inviteCodeSchema, mobileSchema } from '@zl/shared';
import Button from 'antd/es/button';
import Checkbox from 'antd/es/checkbox';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { PasswordFields } from '../../../components/account/password-fields.tsx';
import { SmsCodeField } from '../../../components/account/sms-code-field.tsx';
import { CardTypeRadios } from '../../../components/card-type-radios.tsx';
import { reportFormError } from '../../../lib/form-errors.ts';
import { useSession } from '../../../lib/session-store.ts';
import { zodRule } from '../../../lib/zod-rule.ts';
import { regist } from '../api/account.ts';
import type { RegisteredState } from './register-success-page.tsx';

interface RegisterValues {
  mobile: string;
  code: string;
  password: string;
  confirm: string;
  cardtype: CardType;
  invite?: string;
  agree: boolean;
}

const ERROR_FIELDS = {
  SMS_CODE_INVALID: 'code',
  SMS_CODE_EXPIRED: 'code',
  MOBILE_TAKEN: 'mobile',
  INVITE_INVALID: 'invite',
};

export default function RegisterPage() {
  const [form] = Form.useForm<RegisterValues>();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [submitting, setSubmitting] = useState(false);
  const [showTerms, setShowTerms] = useState(false);

  async function onFinish(v: RegisterValues) {
    setSubmitting(true);
    try {
      const invite = v.invite?.trim();
      const mobile = v.mobile.trim();
      const data = await regist({
        mobile,
        code: v.code.trim(),
        password: v.password,
        cardtype: v.cardtype,
        ...(invite ? { invite } : {}),
      });
      // the server logged the new member in (docs/product.md § Accounts and identity); no personal data in the URL
      useSession.getState().loggedIn(data);
      const state: RegisteredState = { registered: { cardno: data.cardno, cardtype: data.cardtype } };
      navigate('/loginOther/registerSuccess', { replace: true, state });
    } catch (e) {
      reportFormError(form, e, ERROR_FIELDS);
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <>
      <h1>注册账号</h1>
      <p className="zl-auth-sub">一个手机号对应一个会员账号</p>
      <Form<RegisterValues>
        form={form}
        layout="vertical"
        size="large"
        initialValues={{ cardtype: 'workshop', invite: params.get('invite') ?? '', agree: false }}
        onFinish={onFinish}
        requiredMark={false}
      >
        <Form.Item name="cardtype" label="账号类型" rules={[{ required: true, message: '请选择账号类型' }]}>
          <CardTypeRadios />
        </Form.Item>
        <Form.Item name="mobile" label="手机号" rules={[zodRule(mobileSchema)]}>
          <Input placeholder="请输入手机号" inputMode="numeric" autoComplete="tel" maxLength={11} />
        </Form.Item>
        <SmsCodeField form={form} purpose="regist" />
        <PasswordFields />
        <Form.Item
          name="invite"
          label="邀请码（选填）"
          rules={[zodRule(inviteCodeSchema, { optional: true })]}
        >
          <Input placeholder="8 位数字邀请码" inputMode="numeric" maxLength={8} />
        </Form.Item>
        <Form.Item
          name="agree"
          valuePropName="checked"
          rules={[
            {
              validator: (_r, checked) =>
                checked ? Promise.resolve() : Promise.reject(new Error('请阅读并同意平台服务协议')),
            },
          ]}
        >
          <Checkbox>
            我已阅读并同意
            <Button
              type="link"
              size="small"
              onClick={() => setShowTerms((s) => !s)}
              style={{ padding: '0 2px' }}
            >
              《平台服务协议》与《隐私政策》
            </Button>
          </Checkbox>
        </Form.Item>
        {showTerms && (
          <div className="zl-terms">
            <p>1. 您需使用本人手机号注册，并对账号下的报价、合同等操作负责。</p>
            <p>
              2.
              平台仅在提供服务所需范围内使用您的手机号、实名及企业认证信息，身份证件图片仅您本人和平台审核人员可见。
            </p>
            <p>3. 参展商预付款由平台托管，项目验收后扣除平台服务费（默认 5%）结算给中标供应商。</p>
            <p>4. 不得发布虚假项目或报价；违规账号平台有权限制使用。</p>
          </div>
        )}
        <Button type="primary" htmlType="submit" block size="large" loading={submitting}>
          注册
        </Button>
      </Form>
      <div className="zl-auth-switch">
        已有账号？<Link to="/login">直接登录</Link>
      </div>
    </>
  );
}
