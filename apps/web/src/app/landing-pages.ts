/**
 * The pages a signed-in member most often opens first, with the modules their first paint needs
 * (layout, scope route, page). The build writes their chunks and styles to `dist/landing.json`
 * (landing-preloads.ts), and the server names them in the HTML of these paths as preloads when the
 * request carries a session cookie: the browser fetches them beside the entry script instead of
 * after it has run (docs/web.md § Page speed). Paths are relative to apps/web.
 */
export const LANDING_PAGES: Record<string, string[]> = {
  '/orderCenter': [
    'src/app/layouts/main-layout.tsx',
    'src/features/order-center/pages/order-center-page.tsx',
  ],
  '/customer': ['src/features/customer/customer-layout.tsx', 'src/features/customer/pages/projects-page.tsx'],
  '/customer/projects': [
    'src/features/customer/customer-layout.tsx',
    'src/features/customer/pages/projects-page.tsx',
  ],
  '/mainPage': [
    'src/app/layouts/main-layout.tsx',
    'src/app/antd-scope.tsx',
    'src/features/home/pages/main-page.tsx',
  ],
};
