import { useQuery } from '@tanstack/react-query';
import type { AdminProjectItem } from '@zl/shared';
import type { ColumnsType } from 'antd/es/table';
import {
  QUEUE_CHECKED,
  QUEUE_PAGE_SIZE,
  ReviewQueue,
  useQueueParams,
} from '../../components/review-queue.tsx';
import { fmtTime, StatusTag } from '../../labels.tsx';
import { projectQueueQuery } from '../api/project-queue.ts';
import { ProjectReviewDrawer } from '../components/project-review-drawer.tsx';
import '../projects.css';

/** 项目审核: the oldest pending posting first; a row opens the review drawer. */
export default function ProjectQueuePage() {
  const queue = useQueueParams();
  const { checked, page, keyword } = queue;
  const query = { checked, page, pageSize: QUEUE_PAGE_SIZE, ...(keyword ? { keyword } : {}) };
  const list = useQuery(projectQueueQuery(query));

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
      title: '参展商',
      key: 'mobile',
      render: (_, r) => (
        <div className="zl-prj-title">
          <span>{r.customer.name || '—'}</span>
          <span className="zl-admin-mono zl-admin-muted">{r.customer.mobile}</span>
        </div>
      ),
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
    ...(checked === QUEUE_CHECKED.APPROVED
      ? ([
          { title: '报价金币', dataIndex: 'coins', width: 90, align: 'right' },
        ] as ColumnsType<AdminProjectItem>)
      : []),
  ];

  return (
    <div className="zl-admin-panel">
      <ReviewQueue<AdminProjectItem>
        queue={queue}
        list={list}
        columns={columns}
        searchKey={keyword}
        placeholder="项目编号 / 标题 / 手机号"
        emptyPending="暂无待审核的项目"
        drawer={(p) => <ProjectReviewDrawer {...p} />}
      />
    </div>
  );
}
