import { maskMobile } from '@zl/shared';
import Button from 'antd/es/button';
import Result from 'antd/es/result';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { useSession } from '../../../lib/session-store.ts';

/**
 * /loginOther/setPasswordSuccess: done; the member is already logged in. Only the set-password
 * page's navigation (its history state carries the mobile) shows it: opened directly, no password
 * was set, so a logged-in member goes home and anyone else to login.
 */
export default function SetPasswordSuccessPage() {
  const navigate = useNavigate();
  const mobile = (useLocation().state as { mobile?: unknown } | null)?.mobile;
  const loggedIn = useSession((s) => Boolean(s.cardno));
  if (typeof mobile !== 'string') return <Navigate to={loggedIn ? '/' : '/login'} replace />;
  return (
    <Result
      status="success"
      title="密码设置成功"
      subTitle={`以后可使用手机号 ${maskMobile(mobile)} 和新密码登录，也可以继续使用微信登录。`}
      extra={
        <Button type="primary" size="large" onClick={() => navigate('/mainPage', { replace: true })}>
          进入首页
        </Button>
      }
    />
  );
}
