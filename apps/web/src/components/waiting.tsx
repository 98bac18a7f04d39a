import Button from 'antd/es/button';
import Result from 'antd/es/result';
import { useNavigate } from 'react-router';

export interface WaitingProps {
  title: string;
  /** What the page will do once its capability is built. */
  description: string;
  backTo?: string;
  backLabel?: string;
}

/** The shared "功能建设中" content: never a blank page, always a way back. */
export function Waiting({ title, description, backTo = '/mainPage', backLabel = '返回首页' }: WaitingProps) {
  const navigate = useNavigate();
  return (
    <Result
      status="info"
      title={title}
      subTitle={
        <>
          <span style={{ display: 'block', marginBottom: 6 }}>该功能正在建设中，即将上线。</span>
          <span style={{ display: 'block', maxWidth: 520, margin: '0 auto', lineHeight: 1.8 }}>
            {description}
          </span>
        </>
      }
      extra={
        <Button type="primary" onClick={() => navigate(backTo)}>
          {backLabel}
        </Button>
      }
    />
  );
}
