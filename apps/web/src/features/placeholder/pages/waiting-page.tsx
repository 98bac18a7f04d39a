import { useLocation, useMatches } from 'react-router';
import { Waiting } from '../../../components/waiting.tsx';
import { pagePlans } from '../page-plans.ts';

function lastTitle(matches: ReturnType<typeof useMatches>): string {
  for (let i = matches.length - 1; i >= 0; i--) {
    const h = matches[i]?.handle as { title?: string } | undefined;
    if (h?.title) return h.title;
  }
  return '功能建设中';
}

/** Pages whose capability comes in a later issue: Waiting under their own title. */
export default function WaitingPage() {
  const matches = useMatches();
  const { pathname } = useLocation();
  const key = pathname.split('/').filter(Boolean).pop() ?? 'waiting';
  const inPersonCenter = pathname.startsWith('/personCenter/');
  const inCustomer = pathname.startsWith('/customer/');
  const back = inCustomer
    ? { to: '/customer/projects', label: '返回我的项目' }
    : inPersonCenter
      ? { to: '/personCenter/defaultPage', label: '返回个人中心' }
      : { to: '/mainPage', label: '返回首页' };
  return (
    <Waiting
      title={lastTitle(matches)}
      description={pagePlans[key] ?? pagePlans.waiting ?? ''}
      backTo={back.to}
      backLabel={back.label}
    />
  );
}
