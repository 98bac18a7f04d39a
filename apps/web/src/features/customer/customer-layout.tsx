import BellOutlined from '@ant-design/icons/BellOutlined';
import FileAddOutlined from '@ant-design/icons/FileAddOutlined';
import ProfileOutlined from '@ant-design/icons/ProfileOutlined';
import { QueryClientProvider } from '@tanstack/react-query';
import { Link, Navigate, useLocation } from 'react-router';
import { AntdProvider } from '../../app/antd-provider.tsx';
import { SiteShell } from '../../app/layouts/site-shell.tsx';
import { queryClient } from '../../lib/query-client.ts';
import { useSession } from '../../lib/session-store.ts';
import './customer.css';

const NAV = [
  { key: 'projects', label: '我的项目', to: '/customer/projects', icon: <ProfileOutlined /> },
  { key: 'publish', label: '发布项目', to: '/customer/publish', icon: <FileAddOutlined /> },
  { key: 'message', label: '消息', to: '/message', icon: <BellOutlined /> },
];

const menuItems = NAV.map((n) => ({ key: n.key, icon: n.icon, label: <Link to={n.to}>{n.label}</Link> }));

function navKey(pathname: string): string {
  if (pathname.startsWith('/customer/publish')) return 'publish';
  return 'projects';
}

function CustomerLayout() {
  const { pathname } = useLocation();
  const member = useSession((s) => s.member);
  // The portal is for customers; a supplier who follows a link here goes to their own home.
  if (member && member.cardtype !== 'customer') return <Navigate to="/mainPage" replace />;
  return (
    <SiteShell
      className="zl-cust"
      brandTo="/customer"
      badge={<span className="zl-cust-badge">参展商</span>}
      menuItems={menuItems}
      selectedKey={navKey(pathname)}
      accountLink={{ to: '/personCenter/basicSetting', label: '账户设置' }}
      drawerTitle="参展商中心"
      tagline="发布展台项目，比价选优"
    />
  );
}

export default function CustomerLayoutRoute() {
  return (
    <AntdProvider>
      <QueryClientProvider client={queryClient}>
        <CustomerLayout />
      </QueryClientProvider>
    </AntdProvider>
  );
}
