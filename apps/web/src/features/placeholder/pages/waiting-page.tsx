import { useLocation } from 'react-router';
import { Waiting } from '../../../components/waiting.tsx';

/**
 * /waiting 功能建设中 (docs/seed-map.md § Routes): where the seed sends a member whose request has
 * no page of its own yet — today only the review-waiting page without a pending review.
 */
export default function WaitingPage() {
  const { pathname } = useLocation();
  const back = pathname.startsWith('/customer/')
    ? { to: '/customer/projects', label: '返回我的项目' }
    : pathname.startsWith('/personCenter/')
      ? { to: '/personCenter/defaultPage', label: '返回个人中心' }
      : { to: '/mainPage', label: '返回首页' };
  return (
    <Waiting
      title="功能建设中"
      description="这里将陆续上线更多功能，敬请期待。"
      backTo={back.to}
      backLabel={back.label}
    />
  );
}
