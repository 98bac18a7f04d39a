import { useQuery } from '@tanstack/react-query';
import { type AuthKind, type AuthQueueItem, authKindLabels } from '@zl/shared';
import type { ColumnsType } from 'antd/es/table';
import Tabs from 'antd/es/tabs';
import { authQueueQuery } from '../api/auth-queue.ts';
import { ReviewDrawer } from '../components/review-drawer.tsx';
import { QUEUE_CHECKED, QUEUE_PAGE_SIZE, ReviewQueue, useQueueParams } from '../components/review-queue.tsx';
import { fmtTime, StatusTag } from '../labels.tsx';

/** 认证审核: pending first (oldest first), then decided ones; a row opens the review drawer. */
export default function AuthQueuePage() {
  const queue = useQueueParams();
  const { params, checked, page, keyword, update } = queue;
  const kind: AuthKind = params.get('kind') === 'business' ? 'business' : 'person';
  const query = { kind, checked, page, pageSize: QUEUE_PAGE_SIZE, ...(keyword ? { keyword } : {}) };
  const list = useQuery(authQueueQuery(query));

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
    ...(checked === QUEUE_CHECKED.PENDING
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
        ] as ColumnsType<AuthQueueItem>)),
  ];

  return (
    <div className="zl-admin-panel">
      <Tabs
        activeKey={kind}
        onChange={(k) => update({ kind: k, page: null, review: null })}
        items={(['person', 'business'] as const).map((k) => ({ key: k, label: authKindLabels[k] }))}
        style={{ marginTop: -8 }}
      />
      <ReviewQueue<AuthQueueItem>
        queue={queue}
        list={list}
        columns={columns}
        searchKey={`${kind}-${keyword}`}
        placeholder={kind === 'person' ? '手机号 / 会员号 / 姓名' : '手机号 / 会员号 / 企业名称 / 联系人'}
        totalText={(total) => (total >= 10_000 ? '10000+' : total)}
        emptyPending="暂无待审核的申请"
        drawer={(p) => <ReviewDrawer kind={kind} {...p} />}
      />
    </div>
  );
}
