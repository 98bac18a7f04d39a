import BellOutlined from '@ant-design/icons/BellOutlined';
import CalendarOutlined from '@ant-design/icons/CalendarOutlined';
import FileAddOutlined from '@ant-design/icons/FileAddOutlined';
import ProfileOutlined from '@ant-design/icons/ProfileOutlined';
import TransactionOutlined from '@ant-design/icons/TransactionOutlined';
import WarningOutlined from '@ant-design/icons/WarningOutlined';
import { QueryClientProvider } from '@tanstack/react-query';
import { useLocation } from 'react-router';
import { SiteShell } from '../../app/layouts/site-shell.tsx';
import { queryClient } from '../../lib/query-client.ts';
import { UnreadBadge, useLiveEvents } from '../message/index.ts';
import './customer.css';

const NAV = [
  { key: 'projects', label: '我的项目', to: '/customer/projects', icon: <ProfileOutlined /> },
  { key: 'publish', label: '发布项目', to: '/customer/publish', icon: <FileAddOutlined /> },
  { key: 'calendar', label: '项目日历', to: '/customer/calendar', icon: <CalendarOutlined /> },
  { key: 'bills', label: '收支明细', to: '/customer/bills', icon: <TransactionOutlined /> },
  { key: 'message', label: '消息', to: '/customer/message', icon: <BellOutlined /> },
  { key: 'complaints', label: '投诉', to: '/customer/complaints', icon: <WarningOutlined /> },
];

const ACCOUNT_LINKS = [
  { to: '/customer/basicSetting', label: '基本资料' },
  { to: '/customer/securitySetting', label: '账号安全' },
  { to: '/customer/security_person', label: '实名认证' },
];

const nav = NAV.map((n) => ({
  ...n,
  label: n.key === 'message' ? <UnreadBadge>{n.label}</UnreadBadge> : n.label,
}));

function navKey(pathname: string): string {
  if (pathname.startsWith('/customer/publish')) return 'publish';
  if (pathname.startsWith('/customer/message')) return 'message';
  if (pathname.startsWith('/customer/bills')) return 'bills';
  if (pathname.startsWith('/customer/calendar')) return 'calendar';
  if (pathname.startsWith('/customer/complaint')) return 'complaints';
  // the account pages: their own keys in the phone drawer (ACCOUNT_LINKS)
  if (ACCOUNT_LINKS.some((l) => l.to === pathname)) return pathname;
  return 'projects';
}

function CustomerLayout() {
  const { pathname } = useLocation();
  // new tips, the unread count and project changes without a reload (docs/messages.md "Live updates")
  useLiveEvents();
  // The portal is for customers: SiteShell sends a supplier who follows a link here home (guard rule 6).
  return (
    <SiteShell
      className="zl-cust"
      brandTo="/customer"
      badge={<span className="zl-cust-badge">参展商</span>}
      nav={nav}
      selectedKey={navKey(pathname)}
      accountLinks={ACCOUNT_LINKS}
      accountLinksInDrawer
      drawerTitle="参展商中心"
      tagline="发布展台项目，比价选优"
    />
  );
}

export default function CustomerLayoutRoute() {
  return (
    <QueryClientProvider client={queryClient}>
      <CustomerLayout />
    </QueryClientProvider>
  );
}
