import { labelsByCode } from '../labels.ts';

/**
 * The members' constants and pure helpers, zod-free and without the region table: a page that only
 * shows a verification state or a masked ID number does not fetch the schemas nor the regions
 * (docs/web.md § Page speed: what a page loads). member.schema.ts validates with them.
 */

/** docs/product.md § Verification status: personauth / businsauth / checked. */
export const AUTH_STATUS = { PENDING: 0, APPROVED: 1, REJECTED: 2, NOT_SUBMITTED: 3 } as const;
export type AuthStatus = (typeof AUTH_STATUS)[keyof typeof AUTH_STATUS];

/** Where a customer verifies its identity, needed before an award (docs/delivery-contract.md "Award"). */
export const CUSTOMER_VERIFY_PATH = '/customer/security_person';
export const authStatusLabels = labelsByCode<AuthStatus>(['审核中', '已认证', '未通过', '未认证']);

export const BS_TYPES = [
  '有限责任公司',
  '股份有限公司',
  '个人独资企业',
  '合伙企业',
  '个体工商户',
  '其他',
] as const;
export type BsType = (typeof BS_TYPES)[number];
export const RECEIPT_TYPES = ['增值税普通发票', '增值税专用发票', '不需要发票'] as const;
export type ReceiptType = (typeof RECEIPT_TYPES)[number];
export const PAYOUT_TYPES = ['alipay', 'bank'] as const;
export type PayoutType = (typeof PAYOUT_TYPES)[number];
export const SEXES = [0, 1, 2] as const;
export const sexLabels: Record<number, string> = { 0: '保密', 1: '男', 2: '女' };

/** Six digits that are not all one digit and not a straight run (123456, 654321, 012345...). */
export function isWeakPaycode(code: string): boolean {
  if (/^(\d)\1{5}$/.test(code)) return true;
  const d = [...code].map(Number);
  const steps = d.slice(1).map((x, i) => x - d[i]!);
  return steps.every((s) => s === 1) || steps.every((s) => s === -1);
}

/** ID numbers shown to anyone but their owner's own verification page: first 3, stars, last 4. */
export function maskIdCard(idcard: string): string {
  return idcard.length >= 8 ? `${idcard.slice(0, 3)}${'*'.repeat(idcard.length - 7)}${idcard.slice(-4)}` : '';
}
