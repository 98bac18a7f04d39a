import AlertOutlined from '@ant-design/icons/AlertOutlined';
import AuditOutlined from '@ant-design/icons/AuditOutlined';
import FileSearchOutlined from '@ant-design/icons/FileSearchOutlined';
import FundOutlined from '@ant-design/icons/FundOutlined';
import LogoutOutlined from '@ant-design/icons/LogoutOutlined';
import NotificationOutlined from '@ant-design/icons/NotificationOutlined';
import ProjectOutlined from '@ant-design/icons/ProjectOutlined';
import SafetyCertificateOutlined from '@ant-design/icons/SafetyCertificateOutlined';
import ScheduleOutlined from '@ant-design/icons/ScheduleOutlined';
import TeamOutlined from '@ant-design/icons/TeamOutlined';
import UserOutlined from '@ant-design/icons/UserOutlined';
import WalletOutlined from '@ant-design/icons/WalletOutlined';
import { useQuery } from '@tanstack/react-query';
import { type AdminArea, adminCan, QUEUE_KEYS, type QueueKey } from '@zl/shared';
import Badge from 'antd/es/badge';
import Button from 'antd/es/button';
import Dropdown from 'antd/es/dropdown';
import Layout from 'antd/es/layout';
import Menu from 'antd/es/menu';
import Result from 'antd/es/result';
import Spin from 'antd/es/spin';
import { useState } from 'react';
import { Link, Navigate, Outlet, useLocation, useNavigate } from 'react-router';
import { isBizError } from '../../lib/biz-error.ts';
import { queryClient } from '../../lib/query-client.ts';
import { adminLogout, adminMeQuery } from './api/admin-session.ts';
import { adminKeys } from './api/keys.ts';
import { queueCountsQuery } from './api/queue-counts.ts';
import { RoleTag } from './labels.tsx';
import './admin.css';

const NAV: Array<{ key: string; area: AdminArea; label: string; icon: React.ReactNode }> = [
  { key: 'verify', area: 'review', label: '认证审核', icon: <SafetyCertificateOutlined /> },
  { key: 'projects', area: 'review', label: '项目审核', icon: <ProjectOutlined /> },
  { key: 'withdrawals', area: 'finance', label: '提现审核', icon: <WalletOutlined /> },
  { key: 'funds', area: 'finance', label: '资金概览', icon: <FundOutlined /> },
  { key: 'members', area: 'members', label: '会员管理', icon: <TeamOutlined /> },
  { key: 'audit', area: 'audit', label: '操作日志', icon: <FileSearchOutlined /> },
  { key: 'notices', area: 'audit', label: '站外通知', icon: <NotificationOutlined /> },
  { key: 'filings', area: 'audit', label: '报馆进度', icon: <ScheduleOutlined /> },
  { key: 'admins', area: 'admins', label: '管理员', icon: <AuditOutlined /> },
  { key: 'complaints', area: 'review', label: '投诉处理', icon: <AlertOutlined /> },
];

const isQueue = (key: string): key is QueueKey => (QUEUE_KEYS as readonly string[]).includes(key);

/** The count of a queue beside its menu item; nothing when it is empty or not the role's. */
function QueueBadge({ count, label }: { count: number | null | undefined; label: string }) {
  if (!count) return null;
  return (
    <Badge
      count={count}
      overflowCount={99}
      size="small"
      className="zl-admin-nav-badge"
      title={`${label}：${count} 条待处理`}
    />
  );
}

export function adminLoginPath(from: string): string {
  return from.startsWith('/admin') && !from.startsWith('/admin/login')
    ? `/admin/login?redirect=${encodeURIComponent(from)}`
    : '/admin/login';
}

/** Console layout + guard: GET Admin/me on load; no console session → /admin/login. */
export default function AdminLayout() {
  const { data: me, error, isPending, refetch } = useQuery(adminMeQuery());
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const [collapsed, setCollapsed] = useState(false);
  // the menu's badges: what waits in each queue of the operator's role (docs/admin.md "Queue badges")
  const { data: counts } = useQuery(queueCountsQuery(Boolean(me)));
  const waiting = QUEUE_KEYS.reduce((n, k) => n + (counts?.[k] ?? 0), 0);

  if (isPending) {
    return (
      <div className="zl-admin-loading">
        <Spin size="large" />
      </div>
    );
  }
  if (error) {
    if (isBizError(error) && error.code === 'ADMIN_NOT_LOGGED_IN')
      return <Navigate to={adminLoginPath(`${pathname}${search}`)} replace />;
    return (
      <Result
        status="error"
        title="运营后台暂时无法打开"
        subTitle={error.message}
        extra={<Button onClick={() => void refetch()}>重试</Button>}
      />
    );
  }

  const items = NAV.filter((n) => adminCan(me.role, n.area));
  const current = NAV.find((n) => pathname.startsWith(`/admin/${n.key}`));
  const first = items[0];
  if (
    pathname === '/admin/verify' &&
    current &&
    !adminCan(me.role, current.area) &&
    first &&
    first.key !== 'verify'
  )
    return <Navigate to={`/admin/${first.key}`} replace />;

  async function onLogout() {
    try {
      await adminLogout();
    } catch {
      // the session expires on its own
    }
    queryClient.removeQueries({ queryKey: adminKeys.all });
    await navigate('/admin/login', { replace: true });
  }

  return (
    <Layout className="zl-admin">
      <Layout.Sider
        breakpoint="lg"
        collapsedWidth={0}
        collapsed={collapsed}
        onCollapse={setCollapsed}
        width={208}
        className="zl-admin-sider"
      >
        <Link to="/admin" className="zl-admin-brand">
          <span className="zl-admin-logo">展</span>
          <span>运营后台</span>
        </Link>
        <Menu
          theme="dark"
          mode="inline"
          selectedKeys={current ? [current.key] : []}
          items={items.map((n) => ({
            key: n.key,
            icon: n.icon,
            label: (
              <Link to={`/admin/${n.key}`} className="zl-admin-nav-link">
                <span>{n.label}</span>
                <QueueBadge count={isQueue(n.key) ? counts?.[n.key] : null} label={n.label} />
              </Link>
            ),
          }))}
          onClick={() => {
            if (window.innerWidth < 992) setCollapsed(true);
          }}
        />
      </Layout.Sider>
      <Layout>
        <Layout.Header className="zl-admin-header">
          <div className="zl-admin-title">
            {current?.label ?? '运营后台'}
            {/* the menu is folded away on a phone: what waits in all the role's queues, beside the title */}
            {collapsed && waiting > 0 && (
              <Badge
                count={waiting}
                overflowCount={99}
                size="small"
                className="zl-admin-waiting"
                title={`共 ${waiting} 条待处理`}
              />
            )}
          </div>
          <Dropdown
            trigger={['click']}
            menu={{
              items: [
                { key: 'who', label: `用户名：${me.username}`, disabled: true },
                { type: 'divider' },
                {
                  key: 'logout',
                  icon: <LogoutOutlined />,
                  label: '退出登录',
                  danger: true,
                  onClick: onLogout,
                },
              ],
            }}
          >
            <Button type="text" icon={<UserOutlined />} className="zl-admin-user">
              <span className="zl-admin-user-name">{me.displayName || me.username}</span>
              <RoleTag role={me.role} />
            </Button>
          </Dropdown>
        </Layout.Header>
        <Layout.Content className="zl-admin-content">
          {current && !adminCan(me.role, current.area) ? (
            <Result status="403" title="没有权限" subTitle="你的角色不能使用这个功能，请联系超级管理员。" />
          ) : (
            <Outlet context={me} />
          )}
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
