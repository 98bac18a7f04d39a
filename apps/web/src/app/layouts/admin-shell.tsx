import { QueryClientProvider } from '@tanstack/react-query';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { Outlet } from 'react-router';
import { queryClient } from '../../lib/query-client.ts';
import { AntdProvider } from '../antd-provider.tsx';

dayjs.locale('zh-cn');

/** /admin/*: the operator console's own lazy tree (antd + queries), outside the member guard. */
export default function AdminShell() {
  return (
    <AntdProvider>
      <QueryClientProvider client={queryClient}>
        <Outlet />
      </QueryClientProvider>
    </AntdProvider>
  );
}
