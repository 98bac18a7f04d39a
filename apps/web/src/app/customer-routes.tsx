import { Navigate, Outlet, type RouteObject, redirect } from 'react-router';
import { lazyPage } from './lazy.ts';
import { CUSTOMER_HOME } from './path-aliases.ts';
import { RouteError } from './root.tsx';

/** The account pages sit on a panel, as they do in the supplier's 个人中心. */
function AccountPanel() {
  return (
    <section className="zl-panel">
      <Outlet />
    </section>
  );
}

/** The customer portal (docs/product.md § Roles): its own layout under /customer, behind the member guard. */
export const customerRoute: RouteObject = {
  path: 'customer',
  lazy: lazyPage(() => import('../features/customer/customer-layout.tsx')),
  ErrorBoundary: RouteError,
  children: [
    // a redirect before anything renders, so /customer loads the list page's code at once
    { index: true, loader: () => redirect(CUSTOMER_HOME) },
    // the list draws no antd before its first paint (its cancel dialog loads antd on demand)
    {
      path: 'projects',
      handle: { title: '我的项目' },
      lazy: lazyPage(() => import('../features/customer/pages/projects-page.tsx')),
    },
    // every other page draws antd: its provider and styles load beside the page's code
    {
      lazy: lazyPage(() => import('./antd-scope.tsx')),
      children: [
        {
          path: 'publish',
          handle: { title: '发布项目' },
          lazy: lazyPage(() => import('../features/customer/pages/publish-page.tsx')),
        },
        {
          path: 'project',
          handle: { title: '项目详情' },
          lazy: lazyPage(() => import('../features/customer/pages/project-page.tsx')),
        },
        // The member's own account pages, inside the portal (a customer has no /personCenter).
        {
          element: <AccountPanel />,
          children: [
            {
              path: 'basicSetting',
              handle: { title: '基本资料' },
              lazy: lazyPage(() => import('../features/member/pages/basic-setting-page.tsx')),
            },
            {
              path: 'securitySetting',
              handle: { title: '账号安全' },
              lazy: lazyPage(() => import('../features/member/pages/security-setting-page.tsx')),
            },
            // a customer verifies before its first award (docs/delivery-contract.md "Award")
            {
              path: 'security_person',
              handle: { title: '实名认证' },
              lazy: lazyPage(() => import('../features/verification/pages/security-person-page.tsx')),
            },
            {
              path: 'bills',
              handle: { title: '收支明细' },
              lazy: lazyPage(() => import('../features/customer/pages/bills-page.tsx')),
            },
          ],
        },
        // The message centre (docs/messages.md): the same page as the supplier's /message.
        {
          path: 'message',
          handle: { title: '消息中心' },
          lazy: lazyPage(() => import('../features/message/pages/message-page.tsx')),
        },
        {
          path: 'complaints',
          handle: { title: '我的投诉' },
          lazy: lazyPage(() => import('../features/complaint/pages/complaint-list-page.tsx')),
        },
        {
          path: 'complaint',
          handle: { title: '投诉详情' },
          lazy: lazyPage(() => import('../features/complaint/pages/complaint-detail-page.tsx')),
        },
        // 项目日历 (docs/calendar.md): the same page as the supplier's /personCenter/calendar
        {
          path: 'calendar',
          handle: { title: '项目日历' },
          lazy: lazyPage(() => import('../features/calendar/pages/calendar-page.tsx')),
        },
      ],
    },
    { path: '*', element: <Navigate to={CUSTOMER_HOME} replace /> },
  ],
};
