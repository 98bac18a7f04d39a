import { Navigate, type RouteObject } from 'react-router';
import { lazyPage } from './lazy.ts';
import { RouteError } from './root.tsx';

/** The customer portal (docs/product.md § Roles): its own layout under /customer, behind the member guard. */
export const customerRoute: RouteObject = {
  path: 'customer',
  lazy: lazyPage(() => import('../features/customer/customer-layout.tsx')),
  ErrorBoundary: RouteError,
  children: [
    { index: true, element: <Navigate to="/customer/projects" replace /> },
    {
      path: 'projects',
      handle: { title: '我的项目' },
      lazy: lazyPage(() => import('../features/customer/pages/projects-page.tsx')),
    },
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
    { path: '*', element: <Navigate to="/customer/projects" replace /> },
  ],
};
