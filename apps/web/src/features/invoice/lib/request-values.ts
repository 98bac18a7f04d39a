import type { Invoice, InvoiceKind, InvoiceList, InvoiceRequestInput } from '@zl/shared';
import { fenToYuanInput, parseYuanToFen } from '../../../lib/money.ts';

/** The 申请发票 form's values: the amount as the 元 text the customer types. */
export interface RequestValues {
  kind: InvoiceKind;
  title: string;
  taxNo: string;
  address: string;
  bank: string;
  bankAccount: string;
  amount: string;
  remark: string;
}

/** A fresh form: the business verification's invoice details, and all that may still be invoiced. */
export function initialRequestValues(request: NonNullable<InvoiceList['request']>): RequestValues {
  return {
    kind: 'normal',
    title: request.prefill.title,
    taxNo: request.prefill.taxNo,
    address: '',
    bank: request.prefill.bank,
    bankAccount: request.prefill.bankAccount,
    amount: fenToYuanInput(request.invoiceable),
    remark: '',
  };
}

/** The form's values as Invoice/request's body: trimmed texts, the amount in integer 分. */
export function toRequestBody(projectId: number, v: RequestValues): InvoiceRequestInput {
  const t = (s: string | undefined) => (s ?? '').trim();
  return {
    id: projectId,
    kind: v.kind,
    title: t(v.title),
    taxNo: t(v.taxNo),
    address: t(v.address),
    bank: t(v.bank),
    bankAccount: t(v.bankAccount).replace(/\s/g, ''),
    amount: parseYuanToFen(v.amount) ?? 0,
    remark: t(v.remark),
  };
}

/** The buyer's details (开票信息) a supplier copies into its invoicing software, one per line. */
export function buyerDetails(inv: Invoice): Array<[string, string]> {
  return [
    ['发票类型', inv.kindText],
    ['发票抬头', inv.title],
    ['纳税人识别号', inv.taxNo],
    ['地址、电话', inv.address],
    ['开户银行', inv.bank],
    ['银行账号', inv.bankAccount],
  ];
}

export function buyerDetailsText(inv: Invoice): string {
  return buyerDetails(inv)
    .filter(([, v]) => v)
    .map(([k, v]) => `${k}：${v}`)
    .join('\n');
}
