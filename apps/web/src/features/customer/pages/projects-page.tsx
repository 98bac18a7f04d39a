import PlusOutlined from '@ant-design/icons/PlusOutlined';
import { useQuery } from '@tanstack/react-query';
import type { CustomerProjectItem as CustomerProjectSummary } from '@zl/shared';
import { PROJECT_STATUS, projectStatusLabels } from '@zl/shared';
import Button from 'antd/es/button';
import Empty from 'antd/es/empty';
import List from 'antd/es/list';
import Segmented from 'antd/es/segmented';
import Space from 'antd/es/space';
import type { ColumnsType } from 'antd/es/table';
import Table from 'antd/es/table';
import { useState } from 'react';
import { Link, type LoaderFunctionArgs, useNavigate, useSearchParams } from 'react-router';
import { queryClient } from '../../../lib/query-client.ts';
import { useSession } from '../../../lib/session-store.ts';
import { formatTime } from '../../../lib/time.ts';
import { useCompact } from '../../../lib/use-compact.ts';
import { projectListQuery } from '../api/project-list.ts';
import { CancelModal } from '../components/cancel-modal.tsx';
import { ProjectStatusTag, projectActions } from '../lib/status.tsx';

const S = PROJECT_STATUS;
/** The filter value for every status (below every status code). */
const ALL = -1;
const FILTERS = [
  { value: ALL, label: '全部' },
  ...[S.PENDING_REVIEW, S.BIDDING, S.AWARDED, S.CLOSED].map((s) => ({
    value: s,
    label: projectStatusLabels[s],
  })),
];
const PAGE_SIZE = 10;

function deadline(iso: string) {
  return formatTime(iso);
}

function Actions({
  p,
  onCancel,
}: {
  p: CustomerProjectSummary;
  onCancel: (p: CustomerProjectSummary) => void;
}) {
  const a = projectActions(p);
  return (
    <Space size={0} wrap className="zl-cust-actions" onClick={(e) => e.stopPropagation()}>
      {a.compare && (
        <Link to={`/customer/project?id=${p.id}#quotes`}>
          <Button type="link" size="small">
            比价{p.quoteCount > 0 ? `（${p.quoteCount}）` : ''}
          </Button>
        </Link>
      )}
      {a.edit && (
        <Link to={`/customer/publish?id=${p.id}`}>
          <Button type="link" size="small">
            {a.rejected ? '修改重提' : '编辑'}
          </Button>
        </Link>
      )}
      <Link to={`/customer/project?id=${p.id}`}>
        <Button type="link" size="small">
          查看
        </Button>
      </Link>
      {a.cancel && (
        <Button type="link" size="small" danger onClick={() => onCancel(p)}>
          取消
        </Button>
      )}
    </Space>
  );
}

function listQueryOf(params: URLSearchParams) {
  const status = Number(params.get('status') ?? ALL);
  const page = Math.max(1, Number(params.get('page')) || 1);
  return { page, pageSize: PAGE_SIZE, ...(status >= S.PENDING_REVIEW ? { status } : {}) };
}

/** The route's loader: the list's request starts as soon as this code arrives (docs/web.md § Page speed). */
export function loader({ request }: LoaderFunctionArgs): null {
  if (useSession.getState().cardno) {
    void queryClient.prefetchQuery(projectListQuery(listQueryOf(new URL(request.url).searchParams)));
  }
  return null;
}

/** 我的项目: the customer's projects with their state, quote count and what can be done next. */
export default function ProjectsPage() {
  const [params, setParams] = useSearchParams();
  const query = listQueryOf(params);
  const { page } = query;
  const status = query.status ?? ALL;
  const { data, isFetching } = useQuery(projectListQuery(query));
  const [cancelling, setCancelling] = useState<CustomerProjectSummary | null>(null);
  const navigate = useNavigate();
  const compact = useCompact();
  const items = data?.listItem ?? [];

  function update(next: Record<string, number | null>) {
    const p = new URLSearchParams(params);
    for (const [k, v] of Object.entries(next)) {
      if (v === null) p.delete(k);
      else p.set(k, String(v));
    }
    setParams(p);
  }

  const columns: ColumnsType<CustomerProjectSummary> = [
    {
      title: '项目',
      key: 'title',
      render: (_, p) => (
        <div className="zl-cust-cell-title">
          <Link to={`/customer/project?id=${p.id}`} onClick={(e) => e.stopPropagation()}>
            {p.title}
          </Link>
          <span className="zl-cust-muted zl-mono">{p.orders}</span>
        </div>
      ),
    },
    { title: '类别', dataIndex: 'groupname', width: 96 },
    {
      title: '状态',
      key: 'status',
      width: 120,
      render: (_, p) => (
        <ProjectStatusTag status={p.status} statusText={p.statusText} closedBy={p.closedBy} />
      ),
    },
    {
      title: '报价',
      dataIndex: 'quoteCount',
      width: 72,
      align: 'right',
      render: (n: number) => <strong>{n}</strong>,
    },
    { title: '竞标截止', dataIndex: 'biddl', width: 150, render: deadline },
    {
      title: '展会日期',
      key: 'dates',
      width: 190,
      render: (_, p) => `${p.sdate} ~ ${p.edate}`,
    },
    { title: '操作', key: 'op', width: 200, render: (_, p) => <Actions p={p} onCancel={setCancelling} /> },
  ];

  return (
    <div className="zl-panel">
      <div className="zl-cust-head">
        <h1>我的项目</h1>
        <Link to="/customer/publish" style={{ marginLeft: 'auto' }}>
          <Button type="primary" icon={<PlusOutlined />}>
            发布项目
          </Button>
        </Link>
      </div>
      <div className="zl-cust-toolbar">
        <Segmented
          value={status}
          options={FILTERS}
          onChange={(v) => update({ status: Number(v) < S.PENDING_REVIEW ? null : Number(v), page: null })}
        />
        <span className="zl-cust-muted">{data ? `共 ${data.total} 个项目` : ''}</span>
      </div>
      {compact ? (
        <List
          loading={isFetching && !data}
          dataSource={items}
          locale={{ emptyText: <EmptyProjects /> }}
          pagination={
            (data?.total ?? 0) > PAGE_SIZE
              ? {
                  current: page,
                  pageSize: PAGE_SIZE,
                  total: data?.total,
                  size: 'small',
                  onChange: (p) => update({ page: p }),
                }
              : false
          }
          renderItem={(p) => (
            <List.Item className="zl-cust-card" onClick={() => void navigate(`/customer/project?id=${p.id}`)}>
              <div className="zl-cust-card-top">
                <strong>{p.title}</strong>
                <ProjectStatusTag status={p.status} statusText={p.statusText} closedBy={p.closedBy} />
              </div>
              <div className="zl-cust-muted">
                {p.orders} · {p.groupname} · 报价 {p.quoteCount}
              </div>
              <div className="zl-cust-muted">截止 {deadline(p.biddl)}</div>
              <Actions p={p} onCancel={setCancelling} />
            </List.Item>
          )}
        />
      ) : (
        <Table<CustomerProjectSummary>
          rowKey="id"
          columns={columns}
          dataSource={items}
          loading={isFetching}
          locale={{ emptyText: <EmptyProjects /> }}
          onRow={(p) => ({
            onClick: () => void navigate(`/customer/project?id=${p.id}`),
            style: { cursor: 'pointer' },
          })}
          pagination={{
            current: page,
            pageSize: PAGE_SIZE,
            total: data?.total ?? 0,
            hideOnSinglePage: true,
            showSizeChanger: false,
            onChange: (p) => update({ page: p === 1 ? null : p }),
          }}
        />
      )}
      <CancelModal project={cancelling} onClose={() => setCancelling(null)} />
    </div>
  );
}

function EmptyProjects() {
  return (
    <Empty description="还没有项目">
      <Link to="/customer/publish">
        <Button type="primary">发布第一个项目</Button>
      </Link>
    </Empty>
  );
}
