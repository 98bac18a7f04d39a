import type { ProjectInfo as ProjectDetail } from '@zl/shared';
import { PROJECT_STATUS, QUOTE_STATUS } from '@zl/shared';

export type QuoteAction =
  | { kind: 'quote'; label: string; to: string }
  | { kind: 'blocked'; label: string; reason: string; link?: { to: string; text: string } };

type Blocker = { label: string; reason: string; link?: { to: string; text: string } };

/** getInfo.whyNot codes (QUOTE_BLOCKERS) → the button's label, the reason and where to fix it. */
const BLOCKERS: Record<string, Blocker> = {
  NOT_VERIFIED: {
    label: '认证后报价',
    reason: '完成实名认证或企业认证后才能报价',
    link: { to: '/personCenter/security_person', text: '去认证' },
  },
  INSUFFICIENT_COINS: {
    label: '金币不足',
    reason: '金币不足，充值后即可报价',
    link: { to: '/personCenter/charging', text: '去充值' },
  },
  BIDDING_CLOSED: { label: '已截止', reason: '该项目已截止报价' },
  NOT_WORKSHOP: { label: '仅供应商可报价', reason: '客户账号不能参与报价' },
};

type Input = Pick<
  ProjectDetail,
  'id' | 'canQuote' | 'whyNot' | 'whyNotText' | 'myQuote' | 'status' | 'biddl'
>;

/**
 * What the big button on the detail does: 立即报价, 修改报价 (own pending quote while bidding is
 * open), or disabled with the reason and where to fix it.
 */
export function quoteAction(p: Input, now = Date.now()): QuoteAction {
  const open = p.status === PROJECT_STATUS.BIDDING && Date.parse(p.biddl) > now;
  const to = `/orderPrice?id=${p.id}`;
  if (p.myQuote || p.whyNot === 'ALREADY_QUOTED') {
    if (open && (p.myQuote?.status ?? QUOTE_STATUS.PENDING) === QUOTE_STATUS.PENDING)
      return { kind: 'quote', label: '修改报价', to };
    return { kind: 'blocked', label: '已报价', reason: open ? '报价已锁定' : '报价已截止，请等待客户选标' };
  }
  if (p.canQuote && open) return { kind: 'quote', label: '立即报价', to };
  if (!open && p.whyNot !== 'NOT_WORKSHOP') {
    return p.status === PROJECT_STATUS.BIDDING || p.whyNot === 'BIDDING_CLOSED'
      ? { kind: 'blocked', ...(BLOCKERS.BIDDING_CLOSED as Blocker) }
      : { kind: 'blocked', label: '不可报价', reason: '项目已不在竞标中' };
  }
  const known = p.whyNot ? BLOCKERS[p.whyNot] : undefined;
  if (known) return { kind: 'blocked', ...known, reason: p.whyNotText || known.reason };
  return { kind: 'blocked', label: '暂不可报价', reason: p.whyNotText || '当前不能报价' };
}
