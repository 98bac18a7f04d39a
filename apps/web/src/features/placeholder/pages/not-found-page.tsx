import Button from 'antd/es/button';
import Result from 'antd/es/result';
import { useNavigate } from 'react-router';

export default function NotFoundPage() {
  const navigate = useNavigate();
  return (
    <Result
      status="404"
      title="页面不存在"
      subTitle="您访问的页面不存在或已被移除，请检查地址是否正确。"
      extra={
        <Button type="primary" onClick={() => navigate('/mainPage')}>
          返回首页
        </Button>
      }
    />
  );
}
