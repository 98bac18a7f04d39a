import { type AdminRole, AUTH_STATUS, adminRoleLabels, reviewStatusLabels } from '@zl/shared';
import Tag from 'antd/es/tag';
import { formatTime } from '../../lib/time.ts';

const STATUS_COLORS: Record<number, string> = {
  [AUTH_STATUS.PENDING]: 'orange',
  [AUTH_STATUS.APPROVED]: 'green',
  [AUTH_STATUS.REJECTED]: 'red',
  [AUTH_STATUS.NOT_SUBMITTED]: 'default',
};

/** Verification status (docs/product.md § Verification status) as a tag: 待审核 / 已通过 / 已驳回 / 未提交. */
export function StatusTag({ value }: { value: number }) {
  return (
    <Tag color={STATUS_COLORS[value] ?? 'default'} variant="outlined">
      {reviewStatusLabels[value] ?? String(value)}
    </Tag>
  );
}

const ROLE_COLORS: Record<AdminRole, string> = { super: 'magenta', reviewer: 'blue', finance: 'gold' };
export function RoleTag({ role }: { role: AdminRole }) {
  return <Tag color={ROLE_COLORS[role]}>{adminRoleLabels[role]}</Tag>;
}

/** A table cell's time, China time: the one formatter of lib/time.ts. */
export function fmtTime(iso: string | null | undefined): string {
  return formatTime(iso);
}

export const cardtypeShort: Record<string, string> = { workshop: '供应商', customer: '参展商' };
