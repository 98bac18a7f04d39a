import { useQuery } from '@tanstack/react-query';
import { type AdminProjectItem, PROJECT_CHECKED } from '@zl/shared';
import Button from 'antd/es/button';
import Input from 'antd/es/input';
import Segmented from 'antd/es/segmented';
import type { ColumnsType } from 'antd/es/table';
import Table from 'antd/es/table';
import Tooltip from 'antd/es/tooltip';
import { useSearchParams } from 'react-router';
import { fmtTime, StatusTag } from '../../labels.tsx';
import { projectQueueQuery } from '../api/project-queue.ts';
import { ProjectReviewDrawer } from '../components/project-review-drawer.tsx';
import '../projects.css';

const STATUS_OPTIONS = [
  { value: PROJECT_CHECKED.PENDING, label: '待审核' },
  { value: PROJECT_CHECKED.APPROVED, label: '已通过' },
  { value: PROJECT_CHECKED.REJECTED, label: '已驳回' },
];
const PAGE_SIZE = 20;

function readParams(p: URLSearchParams) {
  const s = Number(p.get('status'));
  const checked = (
    s === PROJECT_CHECKED.APPROVED || s === PROJECT_CHECKED.REJECTED ? s : PROJECT_CHECKED.PENDING
  ) as 0 | 1 | 2;
  const page = Math.max(1, Number.parseInt(p.get('page') ?? '1', 10) || 1);
  const keyword = (p.get('q') ?? '').slice(0, 50);
  const review = Number(p.get('review')) || null;
  return { checked, page, keyword, review };
}

/** 项目审核: the oldest pending posting first; a row opens the review drawer. */
export default function ProjectQueuePage() {
  const [params, setParams] = useSearchParams();
  const { checked, page, keyword, review } = readParams(params);
  const query = { checked, page, pageSize: PAGE_SIZE, ...(keyword ? { keyword } : {}) };
  const { data, isFetching } = useQuery(projectQueueQuery(query));
  const items = data?.listItem ?? [];

  function update(next: Record<string, string | number | null>) {
    const p = new URLSearchParams(params);
    for (const [k, v] of Object.entries(next)) {
      if (v === null || v === '') p.delete(k);
      else p.set(k, String(v));
    }
    setParams(p, { replace: 'review' in next });
  }

  const nextPendingAfter = (id: number) => {
    if (checked !== PROJECT_CHECKED.PENDING) return null;
    const i = items.findIndex((x) => x.id === id);
    return items.slice(i + 1).find((x) => x.checked === PROJECT_CHECKED.PENDING)?.id ?? null;
  };

  const columns: ColumnsType<AdminProjectItem> = [
    {
      title: '项目编号',
      dataIndex: 'orders',
      width: 140,
      render: (v: string) => <span className="zl-admin-mono">{v}</span>,
    },
    {
      title: '项目',
      key: 'title',
      render: (_, r) => (
        <div className="zl-prj-title">
          <strong>{r.title}</strong>
          <span className="zl-admin-muted">{r.groupname}</span>
        </div>
      ),
    },
    {
      title: '参展商手机',
      key: 'mobile',
      render: (_, r) => <span className="zl-admin-mono">{r.customer.mobile}</span>,
    },
    { title: '面积', dataIndex: 'areas', width: 90, align: 'right', render: (v: number) => `${v} m²` },
    {
      title: '展会地点',
      key: 'venue',
      responsive: ['md'],
      render: (_, r) => [r.prov, r.city].filter(Boolean).join(' '),
    },
    {
      title: '展会日期',
      key: 'dates',
      responsive: ['lg'],
      render: (_, r) => (
        <span className="zl-admin-mono">
          {r.sdate} ~ {r.edate}
        </span>
      ),
    },
    { title: '提交时间', dataIndex: 'submitted', width: 140, render: fmtTime },
    { title: '审核', dataIndex: 'checked', width: 84, render: (v: number) => <StatusTag value={v} /> },
    ...(checked === PROJECT_CHECKED.REJECTED
      ? ([
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
        ] as ColumnsType<AdminProjectItem>)
      : checked === PROJECT_CHECKED.APPROVED
        ? ([
            { title: '报价金币', dataIndex: 'coins', width: 90, align: 'right' },
          ] as ColumnsType<AdminProjectItem>)
        : []),
    {
      title: '操作',
      key: 'op',
      width: 80,
      fixed: 'right',
      render: (_, r) => (
        <Button type="link" size="small" onClick={() => update({ review: r.id })}>
          {r.checked === PROJECT_CHECKED.PENDING ? '审核' : '查看'}
        </Button>
      ),
    },
  ];

  return (
    <div className="zl-admin-panel">
      <div className="zl-admin-toolbar">
        <Segmented
          value={checked}
          options={STATUS_OPTIONS}
          onChange={(v) => update({ status: v === PROJECT_CHECKED.PENDING ? null : Number(v), page: null })}
        />
        <Input.Search
          key={keyword}
          defaultValue={keyword}
          allowClear
          maxLength={50}
          placeholder="项目编号 / 标题 / 手机号"
          onSearch={(v) => update({ q: v.trim(), page: null })}
        />
        <span className="zl-admin-muted" style={{ marginLeft: 'auto' }}>
          {data ? `共 ${data.total} 条` : ''}
        </span>
      </div>
      <Table<AdminProjectItem>
        className="zl-admin-table"
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={items}
        loading={isFetching}
        scroll={{ x: 'max-content' }}
        onRow={(r) => ({ onClick: () => update({ review: r.id }), style: { cursor: 'pointer' } })}
        locale={{ emptyText: checked === PROJECT_CHECKED.PENDING ? '暂无待审核的项目' : '暂无记录' }}
        pagination={{
          current: page,
          pageSize: PAGE_SIZE,
          total: data?.total ?? 0,
          showSizeChanger: false,
          size: 'small',
          onChange: (p) => update({ page: p === 1 ? null : p }),
        }}
      />
      <ProjectReviewDrawer
        id={review}
        onClose={() => update({ review: null })}
        onDecided={(id) => update({ review: nextPendingAfter(id) })}
      />
    </div>
  );
}
