import { useLocation, useMatches } from 'react-router';
import { Waiting } from '../../../components/waiting.tsx';
import { pagePlans } from '../page-plans.ts';

/** loginOther pages that come with the WeChat issue. */
export default function WaitingCardPage() {
  const matches = useMatches();
  const { pathname } = useLocation();
  const key = pathname.split('/').filter(Boolean).pop() ?? '';
  const title = (matches.at(-1)?.handle as { title?: string } | undefined)?.title ?? '功能建设中';
  return (
    <Waiting
      title={title}
      description={pagePlans[key] ?? '该功能即将上线。'}
      backTo="/login"
      backLabel="返回登录"
    />
  );
}
