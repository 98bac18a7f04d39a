import { mobileSchema } from '@zl/shared';
import Button from 'antd/es/button';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { SmsCodeField } from '../../../components/account/sms-code-field.tsx';
import { reportFormError } from '../../../lib/form-errors.ts';
import { resetTicket } from '../../../lib/storage.ts';
import { zodRule } from '../../../lib/zod-rule.ts';
import { checkCode } from '../api/account.ts';

interface ForgetValues {
  mobile: string;
  code: string;
}

/** Step 1 of the reset: prove the mobile with an SMS code; the token lives in sessionStorage only. */
export default function ForgetPage() {
  const [form] = Form.useForm<ForgetValues>();
  const navigate = useNavigate();
  const [submitting, setSubmitting] = useState(false);

  async function onFinish(v: ForgetValues) {
    setSubmitting(true);
    try {
      const mobile = v.mobile.trim();
      const data = await checkCode(mobile, v.code.trim());
      resetTicket.save({ mobile, token: data.token, expiresAt: Date.now() + (data.expiresIn || 600) * 1000 });
      navigate('/login/setpwd');
    } catch (e) {
      reportFormError(form, e, {
        SMS_CODE_INVALID: 'code',
        SMS_CODE_EXPIRED: 'code',
        MOBILE_NOT_REGISTERED: 'mobile',
      });
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <>
      <h1>找回密码</h1>
      <p className="zl-auth-sub">第 1 步：验证注册手机号</p>
      <Form<ForgetValues> form={form} layout="vertical" size="large" onFinish={onFinish} requiredMark={false}>
        <Form.Item name="mobile" label="手机号" rules={[zodRule(mobileSchema)]}>
          <Input placeholder="请输入注册手机号" inputMode="numeric" autoComplete="tel" maxLength={11} />
        </Form.Item>
        <SmsCodeField form={form} purpose="reset" />
        <Button type="primary" htmlType="submit" block size="large" loading={submitting}>
          下一步
        </Button>
      </Form>
      <div className="zl-auth-switch">
        想起密码了？<Link to="/login">返回登录</Link>
      </div>
    </>
  );
}
