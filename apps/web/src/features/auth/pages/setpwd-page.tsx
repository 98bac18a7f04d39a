import { maskMobile } from '@zl/shared';
import Button from 'antd/es/button';
import Form from 'antd/es/form';
import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { PasswordFields } from '../../../components/account/password-fields.tsx';
import { isBizError } from '../../../lib/biz-error.ts';
import { withFeedback } from '../../../lib/feedback.ts';
import { reportFormError } from '../../../lib/form-errors.ts';
import { resetTicket } from '../../../lib/storage.ts';
import { resetPwd } from '../api/account.ts';

interface SetPwdValues {
  password: string;
  confirm: string;
}

function backToForget(navigate: ReturnType<typeof useNavigate>, text: string) {
  withFeedback((f) => f.message.warning(text));
  navigate('/login/forget', { replace: true });
}

/** Step 2 of the reset: a new password, sent with the token from /login/forget. */
export default function SetPwdPage() {
  const [form] = Form.useForm<SetPwdValues>();
  const navigate = useNavigate();
  const [ticket] = useState(() => resetTicket.read());
  const [submitting, setSubmitting] = useState(false);

  useEffect(() => {
    if (!ticket) backToForget(navigate, '请先验证手机号，再设置新密码');
  }, [ticket, navigate]);

  if (!ticket) return null;

  async function onFinish(v: SetPwdValues) {
    if (!ticket) return;
    setSubmitting(true);
    try {
      await resetPwd(ticket.mobile, ticket.token, v.password);
      resetTicket.clear();
      navigate('/login/resetPassword', { replace: true, state: { reset: true } });
    } catch (e) {
      if (isBizError(e) && e.code === 'RESET_TOKEN_INVALID') {
        resetTicket.clear();
        backToForget(navigate, e.message);
      } else {
        reportFormError(form, e, { PASSWORD_SAME: 'password' });
      }
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <>
      <h1>设置新密码</h1>
      <p className="zl-auth-sub">
        第 2 步：为 {maskMobile(ticket.mobile)} 设置新密码，其他设备上的登录将退出
      </p>
      <Form<SetPwdValues> form={form} layout="vertical" size="large" onFinish={onFinish} requiredMark={false}>
        <PasswordFields label="新密码" />
        <Button type="primary" htmlType="submit" block size="large" loading={submitting}>
          确认修改
        </Button>
      </Form>
      <div className="zl-auth-switch">
        <Link to="/login">返回登录</Link>
      </div>
    </>
  );
}
