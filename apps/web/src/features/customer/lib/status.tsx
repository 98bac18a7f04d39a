import { PROJECT_CHECKED, PROJECT_STATUS } from '@zl/shared';

const S = PROJECT_STATUS;

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
