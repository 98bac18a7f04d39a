import Button from 'antd/es/button';
import Result from 'antd/es/result';
import { useNavigate } from 'react-router';
import { useSession } from '../../../lib/session-store.ts';

/** /noPage and /personCenter/noPage: public (no login needed to be told an address is wrong). */
export default function NotFoundPage() {
  const navigate = useNavigate();
  const loggedIn = useSession((s) => Boolean(s.cardno));
  return (
    <Result
      status="404"
      title="页面不存在"
      subTitle="您访问的页面不存在或已被移除，请检查地址是否正确。"
      extra={
        <Button type="primary" onClick={() => navigate(loggedIn ? '/' : '/login')}>
          {loggedIn ? '返回首页' : '去登录'}
        </Button>
      }
    />
  );
}
