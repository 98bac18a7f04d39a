import DownloadOutlined from '@ant-design/icons/DownloadOutlined';
import Button from 'antd/es/button';
import DatePicker from 'antd/es/date-picker';
import Skeleton from 'antd/es/skeleton';
import type { Dayjs } from 'dayjs';
import { type ReactNode, useState } from 'react';
import { Pager } from '../../../components/pager.tsx';
import { chinaNow, pickerMonth } from '../../../lib/time.ts';
import { INVOICE_PAGE_SIZE, useMyInvoices } from '../api/invoices.ts';
import { statementHref } from '../api/statement.ts';
import { InvoiceCard } from './invoice-card.tsx';
import '../invoice.css';

type Audience = 'customer' | 'supplier';

/** The month before the current one (China time): the last complete month, the usual statement. */
export function lastMonth(now: Dayjs = chinaNow()): Dayjs {
  return now.startOf('month').subtract(1, 'month');
}

/** 佣金月结单: a month (default last month) and the link that downloads its PDF. */
function StatementDownload() {
  const [month, setMonth] = useState<Dayjs>(() => lastMonth());
  const current = chinaNow().startOf('month');
  const text = pickerMonth(month);
  return (
    <div className="zl-inv-statement">
      <div>
        <b>佣金月结单</b>
        <p className="zl-inv-muted">
          平台每月按结算的托管款收取的佣金明细（PDF），可作为佣金发票的对账依据。
        </p>
      </div>
      <div className="zl-inv-statement-pick">
        <DatePicker
          picker="month"
          aria-label="结单月份"
          value={month}
          allowClear={false}
          format="YYYY年MM月"
          disabledDate={(d) => d.isAfter(current, 'month')}
          onChange={(d) => d && setMonth(d)}
          inputReadOnly
        />
        <Button icon={<DownloadOutlined />} href={statementHref(text)} download data-testid="statement-link">
          下载月结单
        </Button>
      </div>
    </div>
  );
}

/**
 * 发票 in 收支明细 (docs/invoices.md): every invoice the member asked for (a customer) or has to
 * issue (a supplier), newest first, page by page; a supplier also downloads its monthly commission
 * statement (佣金月结单).
 */
export function InvoiceSection({ audience }: { audience: Audience }) {
  const [page, setPage] = useState(1);
  const q = useMyInvoices(page);
  const items = q.data?.listItem ?? [];
  let body: ReactNode;
  if (q.isPending) body = <Skeleton active />;
  else if (q.isError && !q.data)
    body = (
      <div className="zl-inv-empty" role="alert">
        发票加载失败{' '}
        <Button size="small" onClick={() => void q.refetch()}>
          重试
        </Button>
      </div>
    );
  else if (items.length === 0)
    body = (
      <p className="zl-inv-empty">
        {audience === 'customer'
          ? '暂无发票。项目通过平台付款后，可在项目页的「发票」中向中标供应商申请。'
          : '暂无发票申请。参展商申请后会出现在这里，也可在订单详情中开具。'}
      </p>
    );
  else
    body = (
      <>
        <ol className="zl-inv-list">
          {items.map((inv) => (
            <InvoiceCard key={inv.id} inv={inv} project />
          ))}
        </ol>
        <Pager page={page} pageSize={INVOICE_PAGE_SIZE} total={q.data?.total ?? 0} onChange={setPage} />
      </>
    );
  return (
    <section className="zl-inv zl-inv-section" id="invoice" aria-label="发票">
      <div className="zl-inv-section-head">
        <h2>发票</h2>
        {q.data && q.data.total > 0 && <span className="zl-inv-muted">共 {q.data.total} 条</span>}
      </div>
      {audience === 'supplier' && <StatementDownload />}
      {body}
    </section>
  );
}
