import { Navigate, type RouteObject } from 'react-router';
import { lazyPage } from './lazy.ts';
import { RouteError } from './root.tsx';

const page = (load: Parameters<typeof lazyPage>[0]) => lazyPage(load);

/** The operator console (docs/product.md § Roles): its own login and layout, not behind the member guard. */
export const adminRoute: RouteObject = {
  path: 'admin',
  lazy: page(() => import('./layouts/admin-shell.tsx')),
  ErrorBoundary: RouteError,
  children: [
    {
      path: 'login',
      handle: { title: '运营后台登录' },
      lazy: page(() => import('../features/admin/pages/admin-login-page.tsx')),
    },
    {
      lazy: page(() => import('../features/admin/admin-layout.tsx')),
      children: [
        { index: true, element: <Navigate to="/admin/verify" replace /> },
        {
          path: 'verify',
          handle: { title: '认证审核 - 运营后台' },
          lazy: page(() => import('../features/admin/pages/auth-queue-page.tsx')),
        },
        {
          path: 'projects',
          handle: { title: '项目审核 - 运营后台' },
          lazy: page(() => import('../features/admin/projects/pages/project-queue-page.tsx')),
        },
        {
          path: 'withdrawals',
          handle: { title: '提现审核 - 运营后台' },
          lazy: page(() => import('../features/admin/pages/withdraw-page.tsx')),
        },
        {
          path: 'funds',
          handle: { title: '资金概览 - 运营后台' },
          lazy: page(() => import('../features/admin/pages/funds-page.tsx')),
        },
        {
          path: 'members',
          handle: { title: '会员管理 - 运营后台' },
          lazy: page(() => import('../features/admin/pages/member-list-page.tsx')),
        },
        {
          path: 'audit',
          handle: { title: '操作日志 - 运营后台' },
          lazy: page(() => import('../features/admin/pages/audit-page.tsx')),
        },
        {
          path: 'notices',
          handle: { title: '站外通知 - 运营后台' },
          lazy: page(() => import('../features/admin/pages/notices-page.tsx')),
        },
        {
          path: 'filings',
          handle: { title: '报馆进度 - 运营后台' },
          lazy: page(() => import('../features/admin/pages/filings-page.tsx')),
        },
        {
          path: 'admins',
          handle: { title: '管理员 - 运营后台' },
          lazy: page(() => import('../features/admin/pages/admins-page.tsx')),
        },
        {
          path: 'complaints',
          handle: { title: '投诉处理 - 运营后台' },
          lazy: page(() => import('../features/admin/complaints/complaint-queue-page.tsx')),
        },
        { path: '*', element: <Navigate to="/admin" replace /> },
      ],
    },
  ],
};
