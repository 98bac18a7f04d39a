import { Outlet } from 'react-router';
import { AntdProvider } from './antd-provider.tsx';

/**
 * Pathless layout route: antd's ConfigProvider (and its styles) for the antd pages under an
 * antd-free layout — the login layout, and the signed-in frames, whose first pages (the project
 * hall, the customer's list) draw no antd before their first paint (docs/web.md § Page speed).
 */
export default function AntdScope() {
  return (
    <AntdProvider>
      <Outlet />
    </AntdProvider>
  );
}
