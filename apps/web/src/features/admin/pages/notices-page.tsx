import { useQuery } from '@tanstack/react-query';
import { NOTICE_STATUSES, noticeKindLabels, noticeStatusLabels } from '@zl/shared';
import Button from 'antd/es/button';
import Popconfirm from 'antd/es/popconfirm';
import Segmented from 'antd/es/segmented';
import type { ColumnsType } from 'antd/es/table';
import Tag from 'antd/es/tag';
import { withFeedback } from '../../../lib/feedback.ts';
import { type AdminNotice, type NoticeStatus, noticeListQuery, useNoticeRetry } from '../api/notices.ts';
import { AdminTable, useListFilters } from '../components/admin-table.tsx';
import { fmtTime } from '../labels.tsx';

const PAGE_SIZE = 20; // the server's page
const STATUS_COLOR: Record<NoticeStatus, string> = {
  pending: 'processing',
  sent: 'success',
  failed: 'error',
  skipped: 'default',
};
const CHANNEL_TEXT: Record<AdminNotice['channel'], string> = { sms: '短信', wechat: '微信' };

/** 计划发送/发送时间: when it went out, or when it is due; nothing for a failed or skipped one. */
function whenText(r: AdminNotice) {
  if (r.sent) return fmtTime(r.sent);
  if (r.status === 'pending') return <span className="zl-admin-muted">计划 {fmtTime(r.sendAfter)}</span>;
  return <span className="zl-admin-muted">—</span>;
}

/** 站外通知: the SMS and WeChat notices of every member, by status; a failed one is sent again (重发). */
export default function NoticesPage() {
  const { q, set, paging } = useListFilters<{ status?: NoticeStatus | undefined }>(PAGE_SIZE);
  const list = useQuery(noticeListQuery(q));
  const retry = useNoticeRetry();
  const counts = list.data?.counts ?? {};

  async function onRetry(r: AdminNotice) {
    try {
      await retry.mutateAsync(r.id);
      withFeedback((f) => f.message.success(`通知 ${r.id} 已重新排入发送`));
    } catch {
      // the shared handler has said why (e.g. it is no longer a failed notice)
    }
  }

  const columns: ColumnsType<AdminNotice> = [
    { title: '编号', dataIndex: 'id', render: (v: number) => <span className="zl-admin-mono">{v}</span> },
    {
      title: '会员编号',
      dataIndex: 'cardno',
      render: (v: string) => <span className="zl-admin-mono">{v || '—'}</span>,
    },
    { title: '类型', dataIndex: 'kind', render: (v: AdminNotice['kind']) => noticeKindLabels[v] ?? '—' },
    { title: '渠道', dataIndex: 'channel', render: (v: AdminNotice['channel']) => CHANNEL_TEXT[v] ?? '—' },
    {
      title: '状态',
      dataIndex: 'status',
      render: (v: NoticeStatus) => <Tag color={STATUS_COLOR[v]}>{noticeStatusLabels[v] ?? '—'}</Tag>,
    },
    { title: '尝试次数', dataIndex: 'attempts', align: 'right' },
    {
      title: '最后错误',
      dataIndex: 'lastError',
      render: (v: string) =>
        v ? (
          <span className="zl-notice-error" title={v}>
            {v}
          </span>
        ) : (
          <span className="zl-admin-muted">—</span>
        ),
    },
    { title: '创建时间', dataIndex: 'created', render: fmtTime },
    { title: '计划发送/发送时间', key: 'when', render: (_: unknown, r) => whenText(r) },
    {
      title: '操作',
      key: 'op',
      fixed: 'right',
      render: (_: unknown, r) =>
        r.status === 'failed' ? (
          <Popconfirm
            title={`重发通知 ${r.id}？`}
            description="将立即重新发送（22:00–08:00 顺延到 8:00）"
            okText="重发"
            cancelText="取消"
            onConfirm={() => onRetry(r)}
          >
            <Button
              size="small"
              loading={retry.isPending && retry.variables === r.id}
              disabled={retry.isPending}
            >
              重发
            </Button>
          </Popconfirm>
        ) : null,
    },
  ];

  const total = list.data?.total;
  return (
    <div className="zl-admin-panel">
      <div className="zl-notice-head">
        <h2>站外通知</h2>
        <p className="zl-admin-muted">
          短信与微信服务号通知：22:00–08:00 不发送，失败自动重试 5 次后标为发送失败
        </p>
      </div>
      <div className="zl-admin-toolbar">
        <div className="zl-notice-filter">
          <Segmented<NoticeStatus | 'all'>
            aria-label="发送状态"
            value={q.status ?? 'all'}
            onChange={(v) => set({ status: v === 'all' ? undefined : v })}
            options={[
              { value: 'all' as const, label: '全部' },
              ...NOTICE_STATUSES.map((s) => ({
                value: s,
                label: (
                  <span className={s === 'failed' && counts[s] ? 'zl-notice-failed' : undefined}>
                    {noticeStatusLabels[s]} {counts[s] ?? 0}
                  </span>
                ),
              })),
            ]}
          />
        </div>
        <span className="zl-admin-muted zl-notice-total">{total === undefined ? '' : `共 ${total} 条`}</span>
      </div>
      <AdminTable<AdminNotice>
        rowKey="id"
        columns={columns}
        list={list}
        paging={paging}
        locale={{ emptyText: '暂无通知' }}
        aria-label="站外通知"
      />
    </div>
  );
}
