import { maskMobile } from '@zl/shared';
import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { TicketPasswordForm } from '../../../components/account/ticket-password-form.tsx';
import { withFeedback } from '../../../lib/feedback.ts';
import { resetTicket } from '../../../lib/storage.ts';
import { resetPwd } from '../api/account.ts';

function backToForget(navigate: ReturnType<typeof useNavigate>, text: string) {
  withFeedback((f) => f.message.warning(text));
  navigate('/login/forget', { replace: true });
}

/** Step 2 of the reset: a new password, sent with the token from /login/forget. */
export default function SetPwdPage() {
  const navigate = useNavigate();
  const [ticket] = useState(() => resetTicket.read());

  useEffect(() => {
    if (!ticket) backToForget(navigate, '请先验证手机号，再设置新密码');
  }, [ticket, navigate]);

  if (!ticket) return null;

  async function submit(password: string) {
    if (!ticket) return;
    await resetPwd(ticket.mobile, ticket.token, password);
    resetTicket.clear();
    navigate('/login/resetPassword', { replace: true, state: { reset: true } });
  }

  return (
    <>
      <h1>设置新密码</h1>
      <p className="zl-auth-sub">
        第 2 步：为 {maskMobile(ticket.mobile)} 设置新密码，其他设备上的登录将退出
      </p>
      <TicketPasswordForm
        label="新密码"
        submitText="确认修改"
        submit={submit}
        onTicketInvalid={(message) => {
          resetTicket.clear();
          backToForget(navigate, message);
        }}
        codeToField={{ PASSWORD_SAME: 'password' }}
      />
      <div className="zl-auth-switch">
        <Link to="/login">返回登录</Link>
      </div>
    </>
  );
}
