import type { FormInstance } from 'antd/es/form';
import { fieldErrorsOf, isBizError } from '../../../lib/biz-error.ts';

/** The refusals a supplier must understand and act on, shown above the form. */
export const QUOTE_REFUSALS: Record<string, { title: string; link?: { to: string; text: string } }> = {
  NOT_VERIFIED: {
    title: '完成实名认证或企业认证后才能报价',
    link: { to: '/personCenter/security_person', text: '去认证' },
  },
  INSUFFICIENT_COINS: {
    title: '金币不足，本次报价未提交，也未扣除金币',
    link: { to: '/personCenter/charging', text: '去充值' },
  },
  BIDDING_CLOSED: { title: '该项目已截止报价，报价未提交' },
  ALREADY_QUOTED: { title: '您已报过价，已为您切换为修改报价（修改不再扣金币）' },
  INVALID_STATE: { title: '项目当前不在竞标中，不能报价或修改报价' },
};

/** 'lines.dimian.0.price' → ['lines', 'dimian', 0, 'price'] (antd name paths use numbers for lists). */
export function toNamePath(field: string): Array<string | number> {
  return field.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part));
}

/**
 * Field errors from VALIDATION_FAILED go onto their fields; answers with `true` when some did.
 * Paths the form does not have (e.g. `lines` as a whole) are left for the banner.
 */
export function applyQuoteFieldErrors(form: Pick<FormInstance, 'setFields'>, err: unknown): boolean {
  if (!isBizError(err)) return false;
  const fields = fieldErrorsOf(err);
  if (!fields) return false;
  const list = Object.entries(fields)
    .map(([name, message]) => ({ name: toNamePath(name), errors: [message] }))
    .filter(
      (f) =>
        f.name[0] === 'days' ||
        f.name[0] === 'remark' ||
        f.name[0] === 'attachments' ||
        (f.name[0] === 'lines' && f.name.length === 4),
    );
  if (list.length === 0) return false;
  form.setFields(list);
  return true;
}
