import { Link } from 'react-router';
import { BillsView } from '../../bills/index.ts';
import { InvoiceSection } from '../../invoice/index.ts';

/**
 * /personCenter/businessList 收支明细 (docs/bills.md): the supplier's bills, then the invoices it
 * has to issue and its monthly commission statement.
 */
export default function BusinessListPage() {
  return (
    <BillsView
      audience="supplier"
      after={<InvoiceSection audience="supplier" />}
      emptyHint={
        <>
          金币来自 <Link to="/personCenter/charging">充值</Link>
          、认证通过赠送和邀请奖励，报价时扣除、项目关闭时退还；
          现金来自中标项目验收后的放款，可申请提现。每一笔都会记在这里。
        </>
      }
    />
  );
}
