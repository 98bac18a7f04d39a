import { errorCatalogue, FALLBACK_ERROR_MESSAGE, isErrorCode, NETWORK_ERROR_MESSAGE } from '@zl/shared';
import Button from 'antd/es/button';
import Result from 'antd/es/result';
import { useNavigate, useSearchParams } from 'react-router';
import { NETWORK_ERROR } from '../../../lib/biz-error.ts';

/** Only a code shaped like the catalogue's is echoed back; anything else in the URL is not shown. */
const CODE_SHAPE = /^[A-Z][A-Z0-9_]{0,63}$/;

/**
 * What /exception says for `errorCode`: the catalogue's message for a known code, a generic text
 * naming an unknown (but code-shaped) code. The URL's `errorMessage` is never shown: anyone can
 * write a link, and this page speaks in the platform's name.
 */
export function exceptionText(rawCode: string | null): { text: string; code: string | null } {
  const code = rawCode && CODE_SHAPE.test(rawCode) ? rawCode : null;
  if (code && isErrorCode(code)) return { text: errorCatalogue[code].message, code };
  if (code === NETWORK_ERROR) return { text: NETWORK_ERROR_MESSAGE, code };
  return { text: code ? '请求未能完成，请稍后重试。' : FALLBACK_ERROR_MESSAGE, code };
}

/** docs/seed-map.md § Routes: /exception?errorCode=&errorMessage= (showType 9 of the shared handler). */
export default function ExceptionPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { text, code } = exceptionText(params.get('errorCode'));
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
