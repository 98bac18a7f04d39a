import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { adminRoute } from './admin-routes.tsx';
import { AuthGate } from './auth-gate.tsx';
import { customerRoute } from './customer-routes.tsx';
import { lazyPage } from './lazy.ts';
import { PageLoading, RootShell, RouteError } from './root.tsx';
import { loginOtherPages, mainPages, personCenterPages } from './route-table.ts';

const notFound = lazyPage(() => import('../features/placeholder/pages/not-found-page.tsx'));

/** Every main-layout page behind the guard (the public ones are in `publicMain`). */
const builtMain: Record<Exclude<keyof typeof mainPages, PublicMain>, RouteObject['lazy']> = {
  mainPage: lazyPage(() => import('../features/home/pages/main-page.tsx')),
  waiting: lazyPage(() => import('../features/verification/pages/review-waiting-page.tsx')),
  orderCenter: lazyPage(() => import('../features/order-center/pages/order-center-page.tsx')),
  orderDetail: lazyPage(() => import('../features/order-detail/pages/order-detail-page.tsx')),
  orderPrice: lazyPage(() => import('../features/quote/pages/order-price-page.tsx')),
  collect: lazyPage(() => import('../features/collect/pages/collect-page.tsx')),
  signContract: lazyPage(() => import('../features/delivery/pages/sign-contract-page.tsx')),
  uploadContract: lazyPage(() => import('../features/delivery/pages/upload-contract-page.tsx')),
  uploadReport: lazyPage(() => import('../features/report/pages/upload-report-page.tsx')),
  message: lazyPage(() => import('../features/message/pages/message-page.tsx')),
};

const builtPersonCenter: Record<keyof typeof personCenterPages, RouteObject['lazy']> = {
  defaultPage: lazyPage(() => import('../features/person-center/pages/default-page.tsx')),
  basicSetting: lazyPage(() => import('../features/member/pages/basic-setting-page.tsx')),
  securitySetting: lazyPage(() => import('../features/member/pages/security-setting-page.tsx')),
  security_person: lazyPage(() => import('../features/verification/pages/security-person-page.tsx')),
  projectList: lazyPage(() => import('../features/person-center/pages/project-list-page.tsx')),
  charging: lazyPage(() => import('../features/payment/pages/charging-page.tsx')),
  businessList: lazyPage(() => import('../features/person-center/pages/business-list-page.tsx')),
  noPage: notFound,
  complaints: lazyPage(() => import('../features/complaint/pages/complaint-list-page.tsx')),
  complaint: lazyPage(() => import('../features/complaint/pages/complaint-detail-page.tsx')),
  calendar: lazyPage(() => import('../features/calendar/pages/calendar-page.tsx')),
  evaluateList: lazyPage(() => import('../features/evaluation/pages/evaluate-list-page.tsx')),
  evaluateEdit: lazyPage(() => import('../features/evaluation/pages/evaluate-edit-page.tsx')),
  evaluateChange: lazyPage(() => import('../features/evaluation/pages/evaluate-change-page.tsx')),
  showRoomSetting: lazyPage(() => import('../features/showroom/pages/show-room-setting-page.tsx')),
  caseOut: lazyPage(() => import('../features/showroom/pages/case-out-page.tsx')),
  uploadMyDesign: lazyPage(() => import('../features/works/pages/upload-my-design-page.tsx')),
  editMyDesign: lazyPage(() => import('../features/works/pages/edit-my-design-page.tsx')),
  newService: lazyPage(() => import('../features/works/pages/new-service-page.tsx')),
  newWordService: lazyPage(() => import('../features/works/pages/new-word-service-page.tsx')),
  serviceList: lazyPage(() => import('../features/works/pages/service-list-page.tsx')),
  serviceDetail: lazyPage(() => import('../features/works/pages/service-detail-page.tsx')),
};

const builtLoginOther: Record<keyof typeof loginOtherPages, RouteObject['lazy']> = {
  registerSuccess: lazyPage(() => import('../features/auth/pages/register-success-page.tsx')),
  bindPhone: lazyPage(() => import('../features/wechat/pages/bind-phone-page.tsx')),
  setPassword: lazyPage(() => import('../features/wechat/pages/set-password-page.tsx')),
  setPasswordSuccess: lazyPage(() => import('../features/wechat/pages/set-password-success-page.tsx')),
};

/**
 * Main pages (docs/seed-map.md § Routes) anyone may read, logged in or not: outside the guard, in
 * the public layout. /noPage too: every unknown address lands there, and a 404 needs no login.
 */
type PublicMain = 'about' | 'help' | 'show' | 'noPage';
const publicMain: Record<PublicMain, RouteObject['lazy']> = {
  noPage: notFound,
  about: lazyPage(() => import('../features/home/pages/about-page.tsx')),
  help: lazyPage(() => import('../features/home/pages/help-page.tsx')),
  show: lazyPage(() => import('../features/showroom/pages/show-page.tsx')),
};

const publicRoute: RouteObject = {
  lazy: lazyPage(() => import('./layouts/public-layout.tsx')),
  children: Object.entries(publicMain).map(([path, lazy]) => ({
    path,
    handle: { title: mainPages[path as keyof typeof mainPages] },
    lazy,
  })),
};

/** The supplier's pages that draw antd before their first paint: inside the antd scope route. */
const antdMain = Object.entries(mainPages).filter(
  ([path]) => !(path in publicMain) && path !== 'orderCenter',
);

const mainChildren: RouteObject[] = [
  { index: true, element: <Navigate to="/mainPage" replace /> },
  // the project hall draws no antd before its first paint (its filters load antd after the cards)
  { path: 'orderCenter', handle: { title: mainPages.orderCenter }, lazy: builtMain.orderCenter },
  {
    // antd's provider and styles, loaded beside the page's code (docs/web.md § Page speed)
    lazy: lazyPage(() => import('./antd-scope.tsx')),
    children: [
      ...antdMain.map(([path, title]) => ({
        path,
        handle: { title },
        lazy: builtMain[path as Exclude<keyof typeof mainPages, PublicMain>],
      })),
      {
        path: 'personCenter',
        handle: { title: '个人中心' },
        lazy: lazyPage(() => import('../features/person-center/person-center-layout.tsx')),
        children: [
          { index: true, element: <Navigate to="/personCenter/defaultPage" replace /> },
          ...Object.entries(personCenterPages).map(([path, title]) => ({
            path,
            handle: { title },
            lazy: builtPersonCenter[path as keyof typeof personCenterPages],
          })),
          { path: '*', element: <Navigate to="/personCenter/noPage" replace /> },
        ],
      },
    ],
  },
];

export const routes: RouteObject[] = [
  {
    id: 'root',
    Component: RootShell,
    ErrorBoundary: RouteError,
    HydrateFallback: PageLoading,
    children: [
      {
        path: 'login',
        lazy: lazyPage(() => import('./layouts/login-layout.tsx')),
        children: [
          {
            index: true,
            handle: { title: '登录' },
            lazy: lazyPage(() => import('../features/auth/pages/login-page.tsx')),
          },
          {
            lazy: lazyPage(() => import('./antd-scope.tsx')),
            children: [
              {
                path: 'register',
                handle: { title: '注册' },
                lazy: lazyPage(() => import('../features/auth/pages/register-page.tsx')),
              },
              {
                path: 'forget',
                handle: { title: '找回密码' },
                lazy: lazyPage(() => import('../features/auth/pages/forget-page.tsx')),
              },
              {
                path: 'setpwd',
                handle: { title: '设置新密码' },
                lazy: lazyPage(() => import('../features/auth/pages/setpwd-page.tsx')),
              },
              {
                path: 'resetPassword',
                handle: { title: '密码已重置' },
                lazy: lazyPage(() => import('../features/auth/pages/reset-password-page.tsx')),
              },
            ],
          },
        ],
      },
      {
        path: 'loginOther',
        lazy: lazyPage(() => import('./layouts/simple-layout.tsx')),
        children: [
          { index: true, element: <Navigate to="/login" replace /> },
          ...Object.entries(loginOtherPages).map(([path, title]) => ({
            path,
            handle: { title },
            lazy: builtLoginOther[path as keyof typeof loginOtherPages],
          })),
        ],
      },
      {
        path: 'exception',
        lazy: lazyPage(() => import('./layouts/simple-layout.tsx')),
        children: [
          {
            index: true,
            handle: { title: '出错了' },
            lazy: lazyPage(() => import('../features/placeholder/pages/exception-page.tsx')),
          },
        ],
      },
      adminRoute,
      publicRoute,
      {
        path: '/',
        Component: AuthGate,
        children: [
          customerRoute,
          {
            lazy: lazyPage(() => import('./layouts/main-layout.tsx')),
            ErrorBoundary: RouteError,
            children: mainChildren,
          },
        ],
      },
      { path: '*', element: <Navigate to="/noPage" replace /> },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
