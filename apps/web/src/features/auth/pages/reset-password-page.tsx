import Button from 'antd/es/button';
import Result from 'antd/es/result';
import { Navigate, useLocation, useNavigate } from 'react-router';

/** What /login/setpwd passes after the server accepted the new password. */
export interface ResetDoneState {
  reset: true;
}

function wasReset(state: unknown): boolean {
  return typeof state === 'object' && state !== null && (state as Partial<ResetDoneState>).reset === true;
}

/**
 * Step 3 of the reset: done. Only /login/setpwd arrives here with the `reset` state; opened
 * directly nothing was reset, so the member goes to step 1 instead.
 */
export default function ResetPasswordPage() {
  const navigate = useNavigate();
  const location = useLocation();
  if (!wasReset(location.state)) return <Navigate to="/login/forget" replace />;
  return (
    <Result
      status="success"
      title="密码已重置"
      subTitle="请使用新密码登录。为保障账号安全，其他设备上的登录已全部退出。"
      extra={
        <Button type="primary" size="large" onClick={() => navigate('/login', { replace: true })}>
          返回登录
        </Button>
      }
    />
  );
}
