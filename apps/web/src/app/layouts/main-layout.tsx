import { QueryClientProvider } from '@tanstack/react-query';
import { useLocation } from 'react-router';
import { UnreadBadge, useLiveEvents } from '../../features/message/index.ts';
import { queryClient } from '../../lib/query-client.ts';
import { NAV_ITEMS, navKeyOf } from './nav.ts';
import { SiteShell } from './site-shell.tsx';

const nav = NAV_ITEMS.map((n) => ({
  key: n.key,
  to: n.to,
  label: n.key === 'message' ? <UnreadBadge>{n.label}</UnreadBadge> : n.label,
}));

/**
 * The supplier's frame around every page behind the guard (the main layout of docs/seed-map.md §
 * Routes). It draws no antd: the pages that do sit in an antd scope route (app/router.tsx).
 */
function MainLayout() {
  const { pathname } = useLocation();
  // new tips, the unread count and project changes without a reload (docs/messages.md "Live updates")
  useLiveEvents();
  return (
    <SiteShell
      brandTo="/mainPage"
      nav={nav}
      selectedKey={navKeyOf(pathname)}
      accountLinks={[{ to: '/personCenter', label: '个人中心' }]}
      drawerTitle="展览供应商接单平台"
      tagline="让展台搭建接单更简单"
    />
  );
}

export default function MainLayoutRoute() {
  return (
    <QueryClientProvider client={queryClient}>
      <MainLayout />
    </QueryClientProvider>
  );
}
