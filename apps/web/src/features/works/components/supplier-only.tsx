import Result from 'antd/es/result';
import Skeleton from 'antd/es/skeleton';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useUserInfo } from '../../../lib/user-info.ts';

/** The works pages are the supplier's (docs/works.md): a customer is told so instead of a form. */
export function SupplierOnly({ children }: { children: ReactNode }) {
  const { data, isLoading } = useUserInfo();
  if (isLoading) return <Skeleton active />;
  if (data?.cardtype === 'customer')
    return (
      <Result
        status="info"
        title="只有供应商账号可以管理设计作品与服务"
        extra={<Link to="/personCenter/defaultPage">返回账户概览</Link>}
      />
    );
  return <>{children}</>;
}

/** `?id=` of a page: a positive safe integer, or 0. */
export function idParam(params: URLSearchParams): number {
  const n = Number(params.get('id'));
  return Number.isSafeInteger(n) && n > 0 ? n : 0;
}

/** 68000, '元/㎡' → '¥680.00/㎡' */
export function unitSuffix(unit: string | null): string {
  return unit ? unit.replace(/^元/, '') : '';
}
