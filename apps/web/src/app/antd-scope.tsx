import { Outlet } from 'react-router';
import { AntdProvider } from './antd-provider.tsx';

/** Pathless layout route: the antd pages under the (antd-free) login layout. */
export default function AntdScope() {
  return (
    <AntdProvider>
      <Outlet />
    </AntdProvider>
  );
}
