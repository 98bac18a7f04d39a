import BellOutlined from '@ant-design/icons/BellOutlined';
import FileAddOutlined from '@ant-design/icons/FileAddOutlined';
import LogoutOutlined from '@ant-design/icons/LogoutOutlined';
import MenuOutlined from '@ant-design/icons/MenuOutlined';
import ProfileOutlined from '@ant-design/icons/ProfileOutlined';
import UserOutlined from '@ant-design/icons/UserOutlined';
import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { maskMobile } from '@zl/shared';
import Button from 'antd/es/button';
import Drawer from 'antd/es/drawer';
import Dropdown from 'antd/es/dropdown';
import Grid from 'antd/es/grid';
import Menu from 'antd/es/menu';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { useEffect, useState } from 'react';
import { Link, Navigate, Outlet, useLocation, useNavigation } from 'react-router';
import { AntdProvider } from '../../app/antd-provider.tsx';
import { PageLoading } from '../../app/root.tsx';
import { Brand } from '../../components/brand.tsx';
import { isBizError } from '../../lib/biz-error.ts';
import { queryClient } from '../../lib/query-client.ts';
import { useSession } from '../../lib/session-store.ts';
import { logout } from '../auth/api/account.ts';
import { loginCheckQuery, sessionKeys } from '../auth/api/login-check.ts';
import '../../app/layouts/main-layout.css';
import './customer.css';

dayjs.locale('zh-cn');

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

/** The same background session check as the main layout: NOT_LOGGED_IN ends the local session. */
function useLoginCheck() {
  const { data, error } = useQuery(loginCheckQuery());
  const setMember = useSession((s) => s.setMember);
  const sessionEnded = useSession((s) => s.sessionEnded);
  useEffect(() => {
    if (data) setMember(data);
  }, [data, setMember]);
  useEffect(() => {
    if (isBizError(error) && error.code === 'NOT_LOGGED_IN') {
      queryClient.removeQueries({ queryKey: sessionKeys.all });
      sessionEnded();
    }
  }, [error, sessionEnded]);
}

/** Logout exactly as the main layout does it: the server call, then a full load of /login. */
export async function customerLogout() {
  try {
    await logout();
  } catch {
    // the local session ends regardless; the server session expires on its own
  }
  queryClient.clear();
  useSession.getState().loggedOut();
  window.location.replace('/login');
}

function CustomerLayout() {
  useLoginCheck();
  const screens = Grid.useBreakpoint();
  const compact = screens.md === false;
  const { pathname } = useLocation();
  const navigation = useNavigation();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const member = useSession((s) => s.member);
  const cardno = useSession((s) => s.cardno);

  // biome-ignore lint/correctness/useExhaustiveDependencies: close the drawer whenever the page changes
  useEffect(() => setDrawerOpen(false), [pathname]);

  // The portal is for customers; a supplier who follows a link here goes to their own home.
  if (member && member.cardtype !== 'customer') return <Navigate to="/mainPage" replace />;

  const who = member ? maskMobile(member.mobile) : cardno ? `会员 ${cardno}` : '';
  const selected = [navKey(pathname)];
  const userMenu = {
    items: [
      { key: 'cardno', label: `会员号：${cardno ?? '—'}`, disabled: true },
      { key: 'center', icon: <UserOutlined />, label: <Link to="/personCenter/basicSetting">账户设置</Link> },
      { type: 'divider' as const },
      { key: 'logout', icon: <LogoutOutlined />, label: '退出登录', danger: true, onClick: customerLogout },
    ],
  };

  return (
    <div className="zl-main zl-cust">
      {navigation.state === 'loading' && <div className="zl-progress" aria-hidden="true" />}
      <header className="zl-header">
        <div className="zl-header-inner">
          <Brand to="/customer" className="zl-header-brand" />
          <span className="zl-cust-badge">参展商</span>
          {compact ? (
            <Button
              type="text"
              aria-label="打开导航菜单"
              icon={<MenuOutlined />}
              onClick={() => setDrawerOpen(true)}
              className="zl-header-burger"
            />
          ) : (
            <>
              <Menu mode="horizontal" selectedKeys={selected} items={menuItems} className="zl-header-menu" />
              <Dropdown menu={userMenu} placement="bottomRight" trigger={['click']}>
                <Button type="text" className="zl-header-user" icon={<UserOutlined />}>
                  {who}
                </Button>
              </Dropdown>
            </>
          )}
        </div>
      </header>
      {compact && (
        <Drawer
          open={drawerOpen}
          onClose={() => setDrawerOpen(false)}
          placement="right"
          size={280}
          title="参展商中心"
        >
          <div className="zl-drawer-user">
            <UserOutlined /> {member ? maskMobile(member.mobile) : '已登录'}
            {cardno && <div className="zl-drawer-cardno">会员号 {cardno}</div>}
          </div>
          <Menu mode="vertical" selectedKeys={selected} items={menuItems} style={{ borderInlineEnd: 0 }} />
          <Button block danger icon={<LogoutOutlined />} onClick={customerLogout} style={{ marginTop: 16 }}>
            退出登录
          </Button>
        </Drawer>
      )}
      <main className="zl-content">
        {navigation.state === 'loading' && !navigation.location ? <PageLoading /> : <Outlet />}
      </main>
      <footer className="zl-footer">
        <nav>
          <Link to="/about">关于我们</Link>
          <Link to="/help">帮助中心</Link>
        </nav>
        <div>© {new Date().getFullYear()} 展览供应商接单平台 · 发布展台项目，比价选优</div>
      </footer>
    </div>
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
