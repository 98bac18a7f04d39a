import { useQuery } from '@tanstack/react-query';
import { AUTH_STATUS, type AuthKind, type AuthQueueItem, authKindLabels } from '@zl/shared';
import Button from 'antd/es/button';
import Input from 'antd/es/input';
import Segmented from 'antd/es/segmented';
import type { ColumnsType } from 'antd/es/table';
import Table from 'antd/es/table';
import Tabs from 'antd/es/tabs';
import Tooltip from 'antd/es/tooltip';
import { useSearchParams } from 'react-router';
import { authQueueQuery } from '../api/auth-queue.ts';
import { ReviewDrawer } from '../components/review-drawer.tsx';
import { fmtTime, StatusTag } from '../labels.tsx';

const STATUS_OPTIONS = [
  { value: AUTH_STATUS.PENDING, label: '待审核' },
  { value: AUTH_STATUS.APPROVED, label: '已通过' },
  { value: AUTH_STATUS.REJECTED, label: '已驳回' },
];
const PAGE_SIZE = 20;

function readParams(p: URLSearchParams) {
  const kind: AuthKind = p.get('kind') === 'business' ? 'business' : 'person';
  const s = Number(p.get('status'));
  const checked = (s === AUTH_STATUS.APPROVED || s === AUTH_STATUS.REJECTED ? s : AUTH_STATUS.PENDING) as
    | 0
    | 1
    | 2;
  const page = Math.max(1, Number.parseInt(p.get('page') ?? '1', 10) || 1);
  const keyword = (p.get('q') ?? '').slice(0, 50);
  const review = Number(p.get('review')) || null;
  return { kind, checked, page, keyword, review };
}

/** 认证审核: pending first (oldest first), then decided ones; a row opens the review drawer. */
export default function AuthQueuePage() {
  const [params, setParams] = useSearchParams();
  const { kind, checked, page, keyword, review } = readParams(params);
  const query = { kind, checked, page, pageSize: PAGE_SIZE, ...(keyword ? { keyword } : {}) };
  const { data, isFetching } = useQuery(authQueueQuery(query));

  function update(next: Record<string, string | number | null>) {
    const p = new URLSearchParams(params);
    for (const [k, v] of Object.entries(next)) {
      if (v === null || v === '') p.delete(k);
      else p.set(k, String(v));
    }
    setParams(p, { replace: 'review' in next });
  }

  const items = data?.listItem ?? [];
  const nextPendingAfter = (id: number) => {
    if (checked !== AUTH_STATUS.PENDING) return null;
    const i = items.findIndex((x) => x.id === id);
    return items.slice(i + 1).find((x) => x.checked === AUTH_STATUS.PENDING)?.id ?? null;
  };

  const columns: ColumnsType<AuthQueueItem> = [
    {
      title: '编号',
      dataIndex: 'id',
      width: 72,
      render: (v: number) => <span className="zl-admin-mono">#{v}</span>,
    },
    { title: '提交时间', dataIndex: 'submitted', width: 140, render: fmtTime },
    {
      title: kind === 'person' ? '真实姓名' : '企业名称',
      key: 'title',
      render: (_, r) => <strong>{kind === 'person' ? r.realname : r.btitle}</strong>,
    },
    {
      title: kind === 'person' ? '身份证号' : '统一社会信用代码',
      dataIndex: 'idno',
      render: (v: string) => <span className="zl-admin-mono">{v}</span>,
      responsive: ['md'],
    },
    {
      title: '会员',
      key: 'member',
      render: (_, r) => (
        <span>
          <span className="zl-admin-mono">{r.cardno}</span>
          <span className="zl-admin-muted"> · {r.nickname}</span>
        </span>
      ),
      responsive: ['lg'],
    },
    {
      title: '手机号',
      dataIndex: 'mobile',
      render: (v: string) => <span className="zl-admin-mono">{v}</span>,
    },
    { title: '状态', dataIndex: 'checked', width: 84, render: (v: number) => <StatusTag value={v} /> },
    ...(checked === AUTH_STATUS.PENDING
      ? []
      : ([
          {
            title: '审核',
            key: 'reviewed',
            responsive: ['md'],
            render: (_: unknown, r: AuthQueueItem) => (
              <span className="zl-admin-muted">
                {r.reviewer ?? '—'} · {fmtTime(r.reviewedAt)}
              </span>
            ),
          },
          ...(checked === AUTH_STATUS.REJECTED
            ? [
                {
                  title: '驳回原因',
                  dataIndex: 'reason',
                  ellipsis: { showTitle: false },
                  render: (v: string) => (
                    <Tooltip title={v}>
                      <span>{v}</span>
                    </Tooltip>
                  ),
                },
              ]
            : []),
        ] as ColumnsType<AuthQueueItem>)),
    {
      title: '操作',
      key: 'op',
      width: 80,
      fixed: 'right',
      render: (_, r) => (
        <Button type="link" size="small" onClick={() => update({ review: r.id })}>
          {r.checked === AUTH_STATUS.PENDING ? '审核' : '查看'}
        </Button>
      ),
    },
  ];

  return (
    <div className="zl-admin-panel">
      <Tabs
        activeKey={kind}
        onChange={(k) => update({ kind: k, page: null, review: null })}
        items={(['person', 'business'] as const).map((k) => ({ key: k, label: authKindLabels[k] }))}
        style={{ marginTop: -8 }}
      />
      <div className="zl-admin-toolbar">
        <Segmented
          value={checked}
          options={STATUS_OPTIONS}
          onChange={(v) => update({ status: v === AUTH_STATUS.PENDING ? null : Number(v), page: null })}
        />
        <Input.Search
          key={`${kind}-${keyword}`}
          defaultValue={keyword}
          allowClear
          maxLength={50}
          placeholder={kind === 'person' ? '手机号 / 会员号 / 姓名' : '手机号 / 会员号 / 企业名称 / 联系人'}
          onSearch={(v) => update({ q: v.trim(), page: null })}
        />
        <span className="zl-admin-muted" style={{ marginLeft: 'auto' }}>
          {data ? `共 ${data.total >= 10_000 ? '10000+' : data.total} 条` : ''}
        </span>
      </div>
      <Table<AuthQueueItem>
        className="zl-admin-table"
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={items}
        loading={isFetching}
        scroll={{ x: 'max-content' }}
        onRow={(r) => ({ onClick: () => update({ review: r.id }), style: { cursor: 'pointer' } })}
        locale={{ emptyText: checked === AUTH_STATUS.PENDING ? '暂无待审核的申请' : '暂无记录' }}
        pagination={{
          current: page,
          pageSize: PAGE_SIZE,
          total: data?.total ?? 0,
          showSizeChanger: false,
          size: 'small',
          onChange: (p) => update({ page: p === 1 ? null : p }),
        }}
      />
      <ReviewDrawer
        kind={kind}
        id={review}
        onClose={() => update({ review: null })}
        onDecided={(id) => update({ review: nextPendingAfter(id) })}
      />
    </div>
  );
}
