import { type ProjectStatus, projectStatusLabels } from '@zl/shared';
import Tag from 'antd/es/tag';

const COLORS: Record<number, string> = {
  0: 'orange',
  1: 'blue',
  2: 'purple',
  3: 'cyan',
  4: 'geekblue',
  5: 'gold',
  6: 'green',
  7: 'default',
};

const CLOSED_BY: Record<string, string> = { rejected: '已驳回', cancelled: '已取消', expired: '已过期' };

/** 项目状态 tag: the server's statusText, else the shared label; a closed one says why. */
export function ProjectStatusTag({
  status,
  statusText,
  closedBy,
}: {
  status: number;
  statusText?: string;
  closedBy?: string;
}) {
  const base = statusText || projectStatusLabels[status as ProjectStatus] || String(status);
  const why = status === 7 && closedBy ? CLOSED_BY[closedBy] : undefined;
  return (
    <Tag color={why === '已驳回' ? 'red' : (COLORS[status] ?? 'default')} variant="outlined">
      {why && !base.includes(why) ? `${base}·${why}` : base}
    </Tag>
  );
}

/** What the customer may do with a project in this state (docs/marketplace.md). */
export function projectActions(p: { status: number; closedBy?: string; checked?: number }) {
  const rejected = p.status === 7 && (p.closedBy === 'rejected' || p.checked === 2);
  return {
    edit: p.status === 0 || rejected,
    rejected,
    cancel: p.status === 0 || p.status === 1,
    /** quotes to compare: bidding (1) up to done (6); a closed project (7) has none to weigh */
    compare: p.status >= 1 && p.status <= 6,
    closed: p.status === 7,
  };
}

/** Why a closed project (7) takes no more quotes, in the customer's words; '' when not closed. */
export function closedNotice(p: { status: number; closedBy?: string; checked?: number }): string {
  if (p.status !== 7) return '';
  if (p.closedBy === 'rejected' || p.checked === 2) return '';
  if (p.closedBy === 'cancelled') return '项目已取消，不再接收报价；已报价供应商支付的金币已全部退还。';
  if (p.closedBy === 'expired')
    return '竞标已截止且未选择中标方，项目已关闭；已报价供应商支付的金币已全部退还。';
  return '项目已关闭，不再接收报价。';
}
