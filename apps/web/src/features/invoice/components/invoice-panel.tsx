import Skeleton from 'antd/es/skeleton';
import { useProjectInvoices } from '../api/invoices.ts';
import { InvoiceCard } from './invoice-card.tsx';
import { RequestForm } from './request-form.tsx';
import '../invoice.css';

type Side = 'customer' | 'supplier';

/** What the customer reads when there is nothing to ask an invoice for yet. */
function customerHint(paid: number, invoiceable: number): string {
  if (paid <= 0) return '通过平台支付款项后，可在此向中标供应商申请发票。';
  if (invoiceable <= 0) return '已付款项均已申请发票。';
  return '';
}

/**
 * 发票 of one project (docs/invoices.md): to its customer (`side` customer) the requests with their
 * state and the 申请发票 form while something paid is not yet invoiced; to its winning supplier the
 * requests with the buyer's details, 上传发票 and 拒绝. Anyone else's list call is refused
 * (NOT_FOUND): the panel stays away and the page is unharmed.
 */
export function InvoicePanel({ projectId, side }: { projectId: number; side: Side }) {
  const { data, isLoading, error } = useProjectInvoices(projectId);
  if (isLoading) return <Skeleton active className="zl-panel" />;
  if (error || !data) return null;
  const request = side === 'customer' ? data.request : null;
  const items = data.listItem;
  const hint = request ? customerHint(request.paid, request.invoiceable) : '';
  return (
    <section className="zl-panel zl-inv" id="invoice" aria-label="发票">
      <h2>发票</h2>
      {items.length === 0 ? (
        <p className="zl-inv-empty">{side === 'customer' ? '暂无发票申请' : '参展商暂未申请发票'}</p>
      ) : (
        <ol className="zl-inv-list">
          {items.map((inv) => (
            <InvoiceCard key={inv.id} inv={inv} />
          ))}
        </ol>
      )}
      {hint && <p className="zl-inv-muted">{hint}</p>}
      {request && request.invoiceable > 0 && (
        <RequestForm key={request.invoiceable} projectId={projectId} request={request} />
      )}
    </section>
  );
}
