import type { ProjectDetail } from '../../order-center/api/types.ts';

export type QuoteAction =
  | { kind: 'quote'; label: string; to: string }
  | { kind: 'blocked'; label: string; reason: string; link?: { to: string; text: string } };

const KNOWN: Record<string, { reason: string; link?: { to: string; text: string } }> = {
  NOT_VERIFIED: {
    reason: '完成实名认证或企业认证后才能报价',
    link: { to: '/personCenter/security_person', text: '去认证' },
  },
  INSUFFICIENT_COINS: {
    reason: '金币不足，充值后即可报价',
    link: { to: '/personCenter/charging', text: '去充值' },
  },
  BIDDING_CLOSED: { reason: '该项目已截止报价' },
  INVALID_STATE: { reason: '项目当前不在竞标中' },
};

/**
 * What the big button on the detail does: 立即报价, 修改报价 (own pending quote while bidding is
 * open), or disabled with the reason and where to fix it. `whyNot` may be a code or a sentence.
 */
export function quoteAction(
  p: Pick<ProjectDetail, 'id' | 'canQuote' | 'whyNot' | 'myQuote' | 'status' | 'biddl'>,
  now = Date.now(),
): QuoteAction {
  const open = p.status === 1 && Date.parse(p.biddl) > now;
  if (p.myQuote) {
    if (open && p.myQuote.status === 0)
      return { kind: 'quote', label: '修改报价', to: `/orderPrice?id=${p.id}` };
    return { kind: 'blocked', label: '已报价', reason: open ? '报价已锁定' : '报价已截止，等待结果' };
  }
  if (p.canQuote) return { kind: 'quote', label: '立即报价', to: `/orderPrice?id=${p.id}` };
  const why = p.whyNot ?? '';
  if (!open && why !== 'NOT_VERIFIED')
    return { kind: 'blocked', label: '已截止', reason: KNOWN.BIDDING_CLOSED?.reason ?? '' };
  const known = KNOWN[why];
  if (known)
    return {
      kind: 'blocked',
      label: why === 'NOT_VERIFIED' ? '认证后报价' : why === 'INSUFFICIENT_COINS' ? '金币不足' : '暂不可报价',
      ...known,
    };
  if (why === 'ALREADY_QUOTED') return { kind: 'quote', label: '修改报价', to: `/orderPrice?id=${p.id}` };
  return { kind: 'blocked', label: '暂不可报价', reason: why || '当前不能报价' };
}
