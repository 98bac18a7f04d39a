import { maskMobile } from '@zl/shared';
import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import './wechat-pages.css';
import { TicketPasswordForm } from '../../../components/account/ticket-password-form.tsx';
import { withFeedback } from '../../../lib/feedback.ts';
import { wechatSetPassword } from '../api/wechat.ts';
import { setPasswordTicket } from '../wechat-storage.ts';

/**
 * /loginOther/setPassword: a member just created by WeChat sign-in chooses a login password
 * (Wechat/setPassword keeps the session, unlike a reset). Skipping is allowed: 忘记密码 sets one later.
 */
export default function SetPasswordPage() {
  const navigate = useNavigate();
  const [ticket] = useState(() => setPasswordTicket.read());

  useEffect(() => {
    if (!ticket) navigate('/mainPage', { replace: true });
  }, [ticket, navigate]);

  if (!ticket) return null;

  async function submit(password: string) {
    if (!ticket) return;
    await wechatSetPassword(ticket.token, password);
    setPasswordTicket.clear();
    navigate('/loginOther/setPasswordSuccess', { replace: true, state: { mobile: ticket.mobile } });
  }

  return (
    <div className="zl-wx-form">
      <h1>设置登录密码</h1>
      <p className="zl-auth-sub">
        账号已创建，会员号 <b>{ticket.cardno}</b>。为 {maskMobile(ticket.mobile)}{' '}
        设置登录密码后，也可以使用手机号和密码登录。
      </p>
      <TicketPasswordForm
        label="登录密码"
        submitText="确认设置"
        submit={submit}
        onTicketInvalid={(message) => {
          setPasswordTicket.clear();
          withFeedback((f) => f.message.warning(message));
          navigate('/mainPage', { replace: true });
        }}
      />
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
