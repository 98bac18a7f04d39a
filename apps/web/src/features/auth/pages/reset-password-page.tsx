import Button from 'antd/es/button';
import Result from 'antd/es/result';
import { useNavigate } from 'react-router';

/** Step 3 of the reset: done. */
export default function ResetPasswordPage() {
  const navigate = useNavigate();
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
