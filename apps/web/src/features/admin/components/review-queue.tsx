import { type AUTH_STATUS, PROJECT_CHECKED } from '@zl/shared';
import Button from 'antd/es/button';
import Input from 'antd/es/input';
import Segmented from 'antd/es/segmented';
import type { ColumnsType } from 'antd/es/table';
import Tooltip from 'antd/es/tooltip';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { AdminTable } from './admin-table.tsx';

/** The states of a review queue: verifications (AUTH_STATUS) and projects (PROJECT_CHECKED) share them. */
export const QUEUE_CHECKED = PROJECT_CHECKED satisfies Pick<
  typeof AUTH_STATUS,
  'PENDING' | 'APPROVED' | 'REJECTED'
>;
export type QueueChecked = (typeof QUEUE_CHECKED)[keyof typeof QUEUE_CHECKED];

const STATUS_OPTIONS = [
  { value: QUEUE_CHECKED.PENDING, label: '待审核' },
  { value: QUEUE_CHECKED.APPROVED, label: '已通过' },
  { value: QUEUE_CHECKED.REJECTED, label: '已驳回' },
];
export const QUEUE_PAGE_SIZE = 20;

type Update = (next: Record<string, string | number | null>) => void;
interface QueueRow {
  id: number;
  checked: number;
}

/**
 * A queue's state in the address: `status`, `page`, `q` and the `review` drawer open; `update`
 * changes some of them (null or '' drops one), replacing the history entry when only the drawer moves.
 */
export function useQueueParams() {
  const [params, setParams] = useSearchParams();
  const s = Number(params.get('status'));
  const checked: QueueChecked =
    s === QUEUE_CHECKED.APPROVED || s === QUEUE_CHECKED.REJECTED ? s : QUEUE_CHECKED.PENDING;
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const keyword = (params.get('q') ?? '').slice(0, 50);
  const review = Number(params.get('review')) || null;
  const update: Update = (next) => {
    const p = new URLSearchParams(params);
    for (const [k, v] of Object.entries(next)) {
      if (v === null || v === '') p.delete(k);
      else p.set(k, String(v));
    }
    setParams(p, { replace: 'review' in next });
  };
  return { params, checked, page, keyword, review, update };
}

/** 驳回原因, cut to the cell with the whole text on hover. */
function reasonColumn<T>(): ColumnsType<T>[number] {
  return {
    title: '驳回原因',
    dataIndex: 'reason',
    ellipsis: { showTitle: false },
    render: (v: string) => (
      <Tooltip title={v}>
        <span>{v}</span>
      </Tooltip>
    ),
  };
}

/** 审核 / 查看: opens the row's review drawer. */
function reviewOpColumn<T extends QueueRow>(update: Update): ColumnsType<T>[number] {
  return {
    title: '操作',
    key: 'op',
    width: 80,
    fixed: 'right',
    render: (_, r) => (
      <Button type="link" size="small" onClick={() => update({ review: r.id })}>
        {r.checked === QUEUE_CHECKED.PENDING ? '审核' : '查看'}
      </Button>
    ),
  };
}

type QueueState = ReturnType<typeof useQueueParams>;

/**
 * A review queue: the status switch, the search box and the count, a page of rows (a click opens
 * the row's review drawer) and the drawer, which after a decision moves on to the next pending row.
 */
export function ReviewQueue<T extends QueueRow>(props: {
  queue: QueueState;
  /** the queue's query */
  list: { data?: { listItem: T[]; total: number } | undefined; isFetching: boolean };
  /** the queue's own columns; 驳回原因 (in the rejected list) and 操作 follow them */
  columns: ColumnsType<T>;
  /** a new key empties the search box (another tab) */
  searchKey: string;
  placeholder: string;
  /** how the count reads (a capped total, say) */
  totalText?: (total: number) => string | number;
  /** what an empty pending queue says */
  emptyPending: string;
  drawer: (p: { id: number | null; onClose: () => void; onDecided: (id: number) => void }) => ReactNode;
}) {
  const { checked, page, update } = props.queue;
  const { data } = props.list;
  const items = data?.listItem ?? [];
  const nextPendingAfter = (id: number) => {
    if (checked !== QUEUE_CHECKED.PENDING) return null;
    const i = items.findIndex((x) => x.id === id);
    return items.slice(i + 1).find((x) => x.checked === QUEUE_CHECKED.PENDING)?.id ?? null;
  };
  return (
    <>
      <div className="zl-admin-toolbar">
        <Segmented
          aria-label="审核状态"
          value={checked}
          options={STATUS_OPTIONS}
          onChange={(v) => update({ status: v === QUEUE_CHECKED.PENDING ? null : Number(v), page: null })}
        />
        <Input.Search
          key={props.searchKey}
          defaultValue={props.queue.keyword}
          allowClear
          maxLength={50}
          placeholder={props.placeholder}
          onSearch={(v) => update({ q: v.trim(), page: null })}
        />
        <span className="zl-admin-muted" style={{ marginLeft: 'auto' }}>
          {data ? `共 ${props.totalText ? props.totalText(data.total) : data.total} 条` : ''}
        </span>
      </div>
      <AdminTable<T>
        rowKey="id"
        columns={[
          ...props.columns,
          ...(checked === QUEUE_CHECKED.REJECTED ? [reasonColumn<T>()] : []),
          reviewOpColumn<T>(update),
        ]}
        list={props.list}
        onRow={(r) => ({ onClick: () => update({ review: r.id }), style: { cursor: 'pointer' } })}
        locale={{ emptyText: checked === QUEUE_CHECKED.PENDING ? props.emptyPending : '暂无记录' }}
        paging={{
          current: page,
          pageSize: QUEUE_PAGE_SIZE,
          onChange: (p) => update({ page: p === 1 ? null : p }),
        }}
      />
      {props.drawer({
        id: props.queue.review,
        onClose: () => update({ review: null }),
        onDecided: (id) => update({ review: nextPendingAfter(id) }),
      })}
    </>
  );
}
