import type { CardType } from '@zl/shared';
import Button from 'antd/es/button';
import Result from 'antd/es/result';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { useSession } from '../../../lib/session-store.ts';

/** What a new member does first, by account type (`cardtype` from /login/register). */
export function nextStepText(cardtype: string | null): string {
  return cardtype === 'customer'
    ? '现在即可在参展商中心发布展台项目，平台审核通过后，供应商会在项目大厅看到并报价。'
    : '请先完成实名或企业认证，即可在项目大厅报价。';
}

/**
 * What the register page hands this page in the history entry's state (never in the URL: the
 * address bar, the history and the server logs keep no personal data — docs/product.md §
 * Accounts and identity).
 */
export interface RegisteredState {
  registered: { cardno: string; cardtype: CardType };
}

function registeredOf(state: unknown): RegisteredState['registered'] | null {
  const r = (state as Partial<RegisteredState> | null)?.registered;
  return r && typeof r.cardno === 'string' && typeof r.cardtype === 'string' ? r : null;
}

/**
 * After User/regist, which already logged the new member in: the member number (also the invite
 * code) and the way in. Opened any other way (a typed or bookmarked address) nothing was
 * registered, so it says nothing of the kind: a logged-in member goes home, anyone else to login.
 */
export default function RegisterSuccessPage() {
  const navigate = useNavigate();
  const registered = registeredOf(useLocation().state);
  const loggedIn = useSession((s) => Boolean(s.cardno));
  if (!registered) return <Navigate to={loggedIn ? '/' : '/login'} replace />;
  const next = nextStepText(registered.cardtype);
  return (
    <Result
      status="success"
      title="注册成功"
      subTitle={
        <>
          您的会员号为 <b style={{ fontSize: 18, color: '#1d4ed8', letterSpacing: 1 }}>{registered.cardno}</b>
          ，也是您的邀请码。您已登录，{next}
        </>
      }
      extra={
        <Button type="primary" size="large" onClick={() => navigate('/', { replace: true })}>
          {registered.cardtype === 'customer' ? '进入参展商中心' : '进入首页'}
        </Button>
      }
    />
  );
}
