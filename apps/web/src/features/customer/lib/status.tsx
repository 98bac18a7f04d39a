import { PROJECT_CHECKED, PROJECT_STATUS, type ProjectStatus, projectStatusLabels } from '@zl/shared';
import { LiteTag, type TagColor } from '../../../components/lite/lite-ui.tsx';

const S = PROJECT_STATUS;
const COLORS: Record<number, TagColor> = {
  [S.PENDING_REVIEW]: 'orange',
  [S.BIDDING]: 'blue',
  [S.AWARDED]: 'purple',
  [S.SIGNING]: 'cyan',
  [S.BUILDING]: 'geekblue',
  [S.ACCEPTING]: 'gold',
  [S.DONE]: 'green',
  [S.CLOSED]: 'default',
};

const CLOSED_BY: Record<string, string> = {
  rejected: '已驳回',
  cancelled: '已取消',
  expired: '已过期',
  complaint: '投诉裁决',
};

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
  const why = status === S.CLOSED && closedBy ? CLOSED_BY[closedBy] : undefined;
  return (
    <LiteTag color={why === '已驳回' ? 'red' : (COLORS[status] ?? 'default')}>
      {why && !base.includes(why) ? `${base}·${why}` : base}
    </LiteTag>
  );
}

/** What the customer may do with a project in this state (docs/marketplace.md). */
export function projectActions(p: { status: number; closedBy?: string; checked?: number }) {
  const rejected =
    p.status === S.CLOSED && (p.closedBy === 'rejected' || p.checked === PROJECT_CHECKED.REJECTED);
  return {
    edit: p.status === S.PENDING_REVIEW || rejected,
    rejected,
    cancel: p.status === S.PENDING_REVIEW || p.status === S.BIDDING,
    /** quotes to compare: bidding up to done; a closed project has none to weigh */
    compare: p.status >= S.BIDDING && p.status <= S.DONE,
    closed: p.status === S.CLOSED,
  };
}

/** Why a closed project takes no more quotes, in the customer's words; '' when not closed. */
export function closedNotice(p: { status: number; closedBy?: string; checked?: number }): string {
  if (p.status !== S.CLOSED) return '';
  if (p.closedBy === 'rejected' || p.checked === PROJECT_CHECKED.REJECTED) return '';
  if (p.closedBy === 'cancelled') return '项目已取消，不再接收报价；已报价供应商支付的金币已全部退还。';
  if (p.closedBy === 'expired')
    return '竞标已截止且未选择中标方，项目已关闭；已报价供应商支付的金币已全部退还。';
  if (p.closedBy === 'complaint') return '项目已按平台投诉裁决关闭，托管的预付款已按裁决退还或结算。';
  return '项目已关闭，不再接收报价。';
}
