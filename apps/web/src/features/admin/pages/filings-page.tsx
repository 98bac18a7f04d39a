import { useQuery } from '@tanstack/react-query';
import type { FilingStatus } from '@zl/shared';
import Switch from 'antd/es/switch';
import type { ColumnsType } from 'antd/es/table';
import Tag from 'antd/es/tag';
import { useCompact } from '../../../lib/use-compact.ts';
import { type AdminFiling, filingListQuery } from '../api/filings.ts';
import { AdminTable, useListFilters } from '../components/admin-table.tsx';
import { fmtTime } from '../labels.tsx';

const PAGE_SIZE = 20; // the server's page
const titleStyle = (compact: boolean) =>
  ({
    display: 'inline-block',
    maxWidth: compact ? 160 : 360,
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    verticalAlign: 'bottom',
  }) as const;
const STATUS_COLOR: Record<FilingStatus, string> = {
  none: 'default',
  draft: 'blue',
  submitted: 'processing',
  approved: 'success',
  changes: 'warning',
};

/**
 * 报馆进度 (docs/filing.md "Late"): the projects under way (已中标 … 施工中) with a filing deadline,
 * the nearest first; late ones (past the deadline, not approved) marked red; 只看逾期 keeps only those.
 */
export default function FilingsPage() {
  const { q, set, paging } = useListFilters<{ late: boolean }>(PAGE_SIZE, { late: false });
  const list = useQuery(filingListQuery(q));
  const compact = useCompact();

  const columns: ColumnsType<AdminFiling> = [
    {
      title: '订单号',
      dataIndex: 'orders',
      render: (v: string) => <span className="zl-admin-mono">{v}</span>,
    },
    {
      title: '项目',
      dataIndex: 'title',
      // a long show name closes up (whole in its tooltip): 状态 stays in sight on a narrow screen
      render: (v: string) => (
        <span title={v} style={titleStyle(compact)}>
          {v}
        </span>
      ),
    },
    { title: '参展商', dataIndex: 'customerName', render: (v: string) => v || '—' },
    { title: '供应商', dataIndex: 'supplierName', render: (v: string) => v || '—' },
    {
      title: '报馆截止',
      dataIndex: 'deadline',
      render: (v: string, r) =>
        r.late ? <span style={{ color: '#cf1322', fontWeight: 600 }}>{fmtTime(v)}</span> : fmtTime(v),
    },
    { title: '进场', dataIndex: 'buildStart', render: fmtTime },
    {
      title: '状态',
      key: 'status',
      render: (_: unknown, r) => (
        <>
          <Tag color={STATUS_COLOR[r.status]}>{r.statusText}</Tag>
          {r.late && <Tag color="red">逾期</Tag>}
        </>
      ),
    },
  ];

  const total = list.data?.total;
  return (
    <div className="zl-admin-panel">
      <div className="zl-notice-head">
        <h2>报馆进度</h2>
        <p className="zl-admin-muted">
          已中标至施工中、设有报馆截止的项目：未获场馆通过的在前，各按截止时间排序；已过截止仍未通过的标为逾期
        </p>
      </div>
      <div className="zl-admin-toolbar">
        <span style={{ display: 'inline-flex', alignItems: 'center', gap: 8 }}>
          <Switch id="filing-late-only" checked={q.late} onChange={(late) => set({ late })} />
          <label htmlFor="filing-late-only" style={{ cursor: 'pointer' }}>
            只看逾期
          </label>
        </span>
        <span className="zl-admin-muted" style={{ marginLeft: 'auto' }}>
          {total === undefined ? '' : `共 ${total} 个项目`}
        </span>
      </div>
      <AdminTable<AdminFiling>
        rowKey="id"
        columns={columns}
        list={list}
        paging={paging}
        locale={{ emptyText: q.late ? '没有逾期的报馆' : '暂无进行中的报馆' }}
        aria-label="报馆进度"
      />
    </div>
  );
}
