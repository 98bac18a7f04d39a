import { BillsView } from '../../bills/index.ts';
import { InvoiceSection } from '../../invoice/index.ts';

/** /customer/bills 收支明细 (docs/bills.md): the customer's bills, then the invoices it asked for. */
export default function CustomerBillsPage() {
  return (
    <BillsView
      audience="customer"
      after={<InvoiceSection audience="customer" />}
      emptyHint="支付项目预付款（托管）、投诉裁决后的退款以及提现等每一笔资金往来都会记在这里，并可导出 CSV。"
    />
  );
}
