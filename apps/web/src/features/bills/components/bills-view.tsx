import DownloadOutlined from '@ant-design/icons/DownloadOutlined';
import { BILL_ACCOUNTS, type BillAccount, type BillItem, LEDGER_TYPE_LABELS } from '@zl/shared';
import Button from 'antd/es/button';
import DatePicker from 'antd/es/date-picker';
import Empty from 'antd/es/empty';
import Pagination from 'antd/es/pagination';
import Select from 'antd/es/select';
import Spin from 'antd/es/spin';
import Table from 'antd/es/table';
import Tabs from 'antd/es/tabs';
import Tag from 'antd/es/tag';
import dayjs, { type Dayjs } from 'dayjs';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { chinaNow, formatTime } from '../../../lib/time.ts';
import { BILLS_PAGE_SIZE, useBills } from '../api/bills.ts';
import { AUDIENCE_TYPES, type BillsAudience } from '../lib/audience.ts';
import {
  exportHref,
  formatBillAmount,
  readBillsParams,
  type BillsView as Shown,
  writeBillsParams,
} from '../lib/bills-filter.ts';
import { MonthlyChart } from './monthly-chart.tsx';
import '../bills.css';
import { useCompact } from '../../../lib/use-compact.ts';

const ACCOUNT_TABS: Array<{ key: BillAccount | ''; label: string }> = [
  { key: '', label: '全部' },
  ...(Object.entries(BILL_ACCOUNTS) as Array<[BillAccount, { label: string }]>).map(([key, a]) => ({
    key,
    label: a.label,
  })),
];

const EARLIEST = dayjs('2000-01-01');
const outside = (d: Dayjs) => d.isAfter(chinaNow(), 'day') || d.isBefore(EARLIEST);

function Amount({ b }: { b: BillItem }) {
  const cls = b.amount > 0 ? 'zl-bills-in' : b.amount < 0 ? 'zl-bills-out' : '';
  return <b className={cls}>{formatBillAmount(b.currency, b.amount, true)}</b>;
}

function Memo({ b }: { b: BillItem }) {
  return <span className="zl-bills-memo">{b.memo || '—'}</span>;
}

/**
 * 收支明细 (docs/bills.md): the member's own bills, filtered by account, type and dates, with the
 * running balance, a CSV export of the same filter and the monthly in/out chart. The same view for
 * suppliers (/personCenter/businessList) and customers (/customer/bills); `emptyHint` says how
 * money and 金币 get there for each.
 */
export function BillsView({
  audience,
  emptyHint,
  after,
}: {
  audience: BillsAudience;
  emptyHint: ReactNode;
  /**
   * What the page shows below the bills (the invoices), drawn once the first page of bills has
   * come: drawn at once, it sat under an empty list and was pushed down as the rows arrived
   * (docs/web.md § Page speed: layout shift).
   */
  after?: ReactNode;
}) {
  const [params, setParams] = useSearchParams();
  const v = readBillsParams(params);
  const q = useBills(v);
  const compact = useCompact();
  const go = (next: Partial<Shown>) =>
    setParams(writeBillsParams({ ...v, page: 1, ...next }), { replace: true });
  const filtered = Boolean(v.type || v.from || v.to);
  const rows = q.data?.listItem ?? [];

  const empty = filtered ? (
    <Empty description="没有符合条件的收支记录">
      <Button onClick={() => go({ type: '', from: '', to: '' })}>清除筛选</Button>
    </Empty>
  ) : (
    <Empty description="还没有收支记录">
      <div className="zl-bills-empty-hint">{emptyHint}</div>
    </Empty>
  );

  const columns = [
    { title: '时间', key: 'created', width: 150, render: (_: unknown, b: BillItem) => formatTime(b.created) },
    {
      title: '类型',
      key: 'type',
      width: 110,
      render: (_: unknown, b: BillItem) => <Tag>{b.typeText}</Tag>,
    },
    {
      title: '账户',
      key: 'account',
      width: 70,
      render: (_: unknown, b: BillItem) => BILL_ACCOUNTS[b.account].label,
    },
    {
      title: '金额',
      key: 'amount',
      align: 'right' as const,
      width: 140,
      render: (_: unknown, b: BillItem) => <Amount b={b} />,
    },
    {
      title: '余额',
      key: 'balance',
      align: 'right' as const,
      width: 140,
      render: (_: unknown, b: BillItem) => formatBillAmount(b.currency, b.balance),
    },
    { title: '说明', key: 'memo', render: (_: unknown, b: BillItem) => <Memo b={b} /> },
  ];

  const range: [Dayjs, Dayjs] | null = v.from && v.to ? [dayjs(v.from), dayjs(v.to)] : null;
  const typeOptions = AUDIENCE_TYPES[audience].map((t) => ({ value: t, label: LEDGER_TYPE_LABELS[t] }));

  return (
    <div className="zl-bills">
      <div className="zl-bills-head">
        <h1>收支明细</h1>
        <Button icon={<DownloadOutlined />} href={exportHref(v)} download data-testid="bills-export">
          导出 CSV
        </Button>
      </div>
      <MonthlyChart
        initialCurrency={v.account === 'coins' ? 'COIN' : 'CNY'}
        currencies={audience === 'supplier' ? ['CNY', 'COIN'] : ['CNY']}
      />
      <Tabs
        activeKey={v.account || 'all'}
        onChange={(k) => go({ account: k === 'all' ? '' : (k as BillAccount) })}
        items={ACCOUNT_TABS.filter((t) => audience === 'supplier' || t.key !== 'coins').map((t) => ({
          key: t.key || 'all',
          label: t.label,
        }))}
      />
      <div className="zl-bills-filters">
        <Select
          aria-label="收支类型"
          allowClear
          placeholder="全部类型"
          value={v.type || undefined}
          onChange={(t) => go({ type: t ?? '' })}
          options={typeOptions}
          showSearch={{ optionFilterProp: 'label' }}
          virtual={false}
          listHeight={320}
          className="zl-bills-type"
        />
        <DatePicker.RangePicker
          aria-label="日期范围"
          value={range}
          disabledDate={outside}
          allowClear
          placeholder={['开始日期', '结束日期']}
          onChange={(d) =>
            go({ from: d?.[0]?.format('YYYY-MM-DD') ?? '', to: d?.[1]?.format('YYYY-MM-DD') ?? '' })
          }
          className="zl-bills-range"
        />
        {filtered && (
          <Button type="link" onClick={() => go({ type: '', from: '', to: '' })}>
            清除筛选
          </Button>
        )}
        <span className="zl-bills-total">{q.data ? `共 ${q.data.total} 笔` : ''}</span>
      </div>
      {compact ? (
        <Spin spinning={q.isFetching}>
          {rows.length === 0 && !q.isFetching ? (
            empty
          ) : (
            <ul className="zl-bills-cards" data-testid="bills-cards">
              {rows.map((b) => (
                <li key={b.id}>
                  <div className="zl-bills-card-row">
                    <span>
                      <Tag>{b.typeText}</Tag>
                      <small>{BILL_ACCOUNTS[b.account].label}</small>
                    </span>
                    <Amount b={b} />
                  </div>
                  <div className="zl-bills-card-row zl-bills-card-sub">
                    <span>{formatTime(b.created)}</span>
                    <span>余额 {formatBillAmount(b.currency, b.balance)}</span>
                  </div>
                  {b.memo && <Memo b={b} />}
                </li>
              ))}
            </ul>
          )}
          <Pagination
            simple
            current={v.page}
            pageSize={BILLS_PAGE_SIZE}
            total={q.data?.total ?? 0}
            onChange={(p) => go({ ...v, page: p })}
            hideOnSinglePage
            className="zl-bills-pager"
          />
        </Spin>
      ) : (
        <Table<BillItem>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={rows}
          loading={q.isFetching}
          locale={{ emptyText: q.isFetching ? ' ' : empty }}
          pagination={{
            current: v.page,
            pageSize: BILLS_PAGE_SIZE,
            total: q.data?.total ?? 0,
            onChange: (p) => go({ ...v, page: p }),
            hideOnSinglePage: true,
            showSizeChanger: false,
            showTotal: (t) => `共 ${t} 笔`,
          }}
        />
      )}
      {(q.data !== undefined || q.isError) && after}
    </div>
  );
}
