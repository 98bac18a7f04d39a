import { maskMobile } from '@zl/shared';
import Button from 'antd/es/button';
import Result from 'antd/es/result';
import { useLocation, useNavigate } from 'react-router';

/** /loginOther/setPasswordSuccess: done; the member is already logged in. */
export default function SetPasswordSuccessPage() {
  const navigate = useNavigate();
  const mobile = (useLocation().state as { mobile?: unknown } | null)?.mobile;
  return (
    <Result
      status="success"
      title="密码设置成功"
      subTitle={
        typeof mobile === 'string'
          ? `以后可使用手机号 ${maskMobile(mobile)} 和新密码登录，也可以继续使用微信登录。`
          : '以后可使用手机号和新密码登录，也可以继续使用微信登录。'
      }
      extra={
        <Button type="primary" size="large" onClick={() => navigate('/mainPage', { replace: true })}>
          进入首页
        </Button>
      }
    />
  );
}
