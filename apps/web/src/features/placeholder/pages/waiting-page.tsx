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

/** Main-layout pages whose capability comes in a later issue: Waiting under their own title. */
export default function WaitingPage() {
  const matches = useMatches();
  const { pathname } = useLocation();
  const key = pathname.split('/').filter(Boolean).pop() ?? 'waiting';
  const inPersonCenter = pathname.startsWith('/personCenter/');
  return (
    <Waiting
      title={lastTitle(matches)}
      description={pagePlans[key] ?? pagePlans.waiting ?? ''}
      backTo={inPersonCenter ? '/personCenter/defaultPage' : '/mainPage'}
      backLabel={inPersonCenter ? '返回个人中心' : '返回首页'}
    />
  );
}
