import Button from 'antd/es/button';
import Result from 'antd/es/result';
import { useNavigate, useSearchParams } from 'react-router';

/** docs/seed-map.md § Routes: /exception?errorCode=&errorMessage= (showType 9 of the shared handler). */
export default function ExceptionPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const code = params.get('errorCode') ?? '';
  const text = params.get('errorMessage') || '请求错误，请重试。';
  return (
    <Result
      status="error"
      title="出错了"
      subTitle={
        <>
          <span style={{ display: 'block' }}>{text}</span>
          {code && <span style={{ display: 'block', marginTop: 6, fontSize: 12 }}>错误代码：{code}</span>}
        </>
      }
      extra={[
        <Button key="home" type="primary" onClick={() => navigate('/')}>
          返回首页
        </Button>,
        <Button key="back" onClick={() => navigate(-1)}>
          返回上一页
        </Button>,
      ]}
    />
  );
}
