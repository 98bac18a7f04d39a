import { useQuery } from '@tanstack/react-query';
import type { FactoryPrjctListResult } from '@zl/shared';
import {
  PROJECT_STATUS,
  QUOTE_STATES,
  QUOTE_STATUS,
  type QuoteState,
  quoteStatusOf,
  showsBidDeadline,
} from '@zl/shared';
import Button from 'antd/es/button';
import Empty from 'antd/es/empty';
import Pagination from 'antd/es/pagination';
import Spin from 'antd/es/spin';
import Table from 'antd/es/table';
import Tabs from 'antd/es/tabs';
import Tag from 'antd/es/tag';
import { Link, useSearchParams } from 'react-router';
import { DeliveryNext } from '../../../components/project/delivery-next.tsx';
import { QuoteStateTag, STATUS_COLOR } from '../../../components/project/quote-state-tag.tsx';
import { formatFen } from '../../../lib/money.ts';
import { deadlineInfo, formatDateTime } from '../../../lib/project-dates.ts';
import { useCompact } from '../../../lib/use-compact.ts';
import { MY_PROJECTS_PAGE_SIZE, myProjectsQuery } from '../api/project-list.ts';

type MyProject = FactoryPrjctListResult['listItem'][number];

const TABS = [
  { key: '', label: '全部' },
  { key: 'pending', label: '报价中' },
  { key: 'won', label: '已中标' },
  { key: 'lost', label: '未中标' },
] as const;

/** quoteState may come as the quote status (0–3) or its name. */
export function quoteStateCode(s: number | string): number {
  if (typeof s === 'number') return s;
  if (s === 'withdrawn') return QUOTE_STATUS.CLOSED;
  return (QUOTE_STATES as readonly string[]).includes(s)
    ? quoteStatusOf(s as QuoteState)
    : QUOTE_STATUS.PENDING;
}

/** /personCenter/projectList 我的项目: the projects I quoted on (Projectcenter/factoryPrjctList). */
export default function ProjectListPage() {
  const [params, setParams] = useSearchParams();
  const state = TABS.some((t) => t.key === params.get('state')) ? (params.get('state') ?? '') : '';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const compact = useCompact();
  const q = useQuery(myProjectsQuery(state, page));

  const go = (next: { state?: string; page?: number }) => {
    const s = next.state ?? state;
    const p = next.page ?? 1;
    const out = new URLSearchParams();
    if (s) out.set('state', s);
    if (p > 1) out.set('page', String(p));
    setParams(out);
  };

  const columns = [
    {
      title: '项目',
      key: 'title',
      render: (_: unknown, r: MyProject) => (
        <div className="zl-pl-title">
          <Link to={`/orderDetail?id=${r.id}`}>{r.title}</Link>
          <small>
            {r.orders} · <Tag color={STATUS_COLOR[r.status] ?? 'default'}>{r.statusText}</Tag>
          </small>
          {r.delivery && <DeliveryNext step={r.delivery} />}
        </div>
      ),
    },
    {
      title: '我的报价',
      key: 'total',
      align: 'right' as const,
      render: (_: unknown, r: MyProject) => <b>{formatFen(r.quoteTotal)}</b>,
    },
    {
      title: '报价状态',
      key: 'qs',
      render: (_: unknown, r: MyProject) => <QuoteStateTag status={quoteStateCode(r.quoteState)} />,
    },
    {
      title: '截止时间',
      key: 'biddl',
      render: (_: unknown, r: MyProject) => {
        const dl = deadlineInfo(r.biddl);
        if (!showsBidDeadline(r.status)) return '—';
        return (
          <div className="zl-pl-dl">
            {formatDateTime(r.biddl)}
            {r.status === PROJECT_STATUS.BIDDING && !dl.closed && (
              <small className={dl.urgent ? 'zl-oc-dl-urgent' : ''}>{dl.text}</small>
            )}
          </div>
        );
      },
    },
    {
      title: '操作',
      key: 'op',
      render: (_: unknown, r: MyProject) => {
        const editable =
          r.status === PROJECT_STATUS.BIDDING &&
          quoteStateCode(r.quoteState) === QUOTE_STATUS.PENDING &&
          !deadlineInfo(r.biddl).closed;
        return (
          <span className="zl-pl-ops">
            <Link to={`/orderDetail?id=${r.id}`}>详情</Link>
            {editable && <Link to={`/orderPrice?id=${r.id}`}>修改报价</Link>}
          </span>
        );
      },
    },
  ];

  const rows = q.data?.listItem ?? [];
  const empty = (
    <Empty description={state ? '这里还没有项目' : '您还没有报价过项目'}>
      <Link to="/orderCenter">
        <Button type="primary">去项目大厅找项目</Button>
      </Link>
    </Empty>
  );

  return (
    <div className="zl-pl">
      <h1 style={{ fontSize: 20, margin: '0 0 8px' }}>我的项目</h1>
      <Tabs
        activeKey={state || 'all'}
        onChange={(k) => go({ state: k === 'all' ? '' : k })}
        items={TABS.map((t) => ({ key: t.key || 'all', label: t.label }))}
      />
      {compact ? (
        <Spin spinning={q.isFetching}>
          {rows.length === 0 && !q.isFetching ? (
            empty
          ) : (
            <ul className="zl-pl-list">
              {rows.map((r) => (
                <li key={r.id}>
                  {columns[0]?.render(null, r)}
                  <div className="zl-pl-row">
                    <span>
                      我的报价 <b>{formatFen(r.quoteTotal)}</b>
                    </span>
                    <QuoteStateTag status={quoteStateCode(r.quoteState)} />
                  </div>
                  <div className="zl-pl-row">
                    {columns[3]?.render(null, r)}
                    {columns[4]?.render(null, r)}
                  </div>
                </li>
              ))}
            </ul>
          )}
          <Pagination
            simple
            current={page}
            pageSize={MY_PROJECTS_PAGE_SIZE}
            total={q.data?.total ?? 0}
            onChange={(p) => go({ page: p })}
            hideOnSinglePage
            style={{ marginTop: 12, textAlign: 'center' }}
          />
        </Spin>
      ) : (
        <Table<MyProject>
          rowKey="id"
          columns={columns}
          dataSource={rows}
          loading={q.isFetching}
          locale={{ emptyText: empty }}
          pagination={{
            current: page,
            pageSize: MY_PROJECTS_PAGE_SIZE,
            total: q.data?.total ?? 0,
            onChange: (p) => go({ page: p }),
            hideOnSinglePage: true,
            showTotal: (t) => `共 ${t} 个`,
          }}
        />
      )}
    </div>
  );
}
