import Button from 'antd/es/button';
import Result from 'antd/es/result';
import { useNavigate, useSearchParams } from 'react-router';

/** What a new member does first, by account type (`cardtype` from /login/register). */
export function nextStepText(cardtype: string | null): string {
  return cardtype === 'customer'
    ? '登录后即可在参展商中心发布展台项目，平台审核通过后，供应商会在项目大厅看到并报价。'
    : '登录后请先完成实名或企业认证，即可在项目大厅报价。';
}

/** After User/regist: the member number and a way to log in (mobile prefilled). */
export default function RegisterSuccessPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const cardno = params.get('cardno');
  const mobile = params.get('mobile');
  const next = nextStepText(params.get('cardtype'));
  const loginUrl = mobile ? `/login?${new URLSearchParams({ mobile }).toString()}` : '/login';
  return (
    <Result
      status="success"
      title="注册成功"
      subTitle={
        cardno ? (
          <>
            您的会员号为 <b style={{ fontSize: 18, color: '#1d4ed8', letterSpacing: 1 }}>{cardno}</b>
            ，也是您的邀请码。{next}
          </>
        ) : (
          `账号已创建。${next}`
        )
      }
      extra={
        <Button type="primary" size="large" onClick={() => navigate(loginUrl, { replace: true })}>
          去登录
        </Button>
      }
    />
  );
}
