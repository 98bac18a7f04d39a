import { BillsView } from '../../bills/index.ts';

/** /customer/bills 收支明细 (docs/bills.md): the customer's bills. */
export default function CustomerBillsPage() {
  return (
    <BillsView
      audience="customer"
      emptyHint="支付项目预付款（托管）、验收放款后的退款以及充值、提现等每一笔资金往来都会记在这里，并可导出 CSV。"
    />
  );
}
