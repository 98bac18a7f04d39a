import type { ProjectInfo as ProjectDetail } from '@zl/shared';
import { PROJECT_STATUS, QUOTE_STATUS } from '@zl/shared';
import { VERIFY_PAGE, type Verification } from '../../../lib/verification-state.ts';

/**
 * What this supplier can do now on one project — the ONE answer both /orderDetail (its big
 * button and the line under it) and /orderPrice (the form, or why there is none) show, so the two
 * pages never disagree (docs/marketplace.md, "What a supplier can do on a project").
 */
export type StanceKind =
  /** verified, enough coins, bidding open, no quote yet */
  | 'quote'
  /** his pending quote while bidding is open (edits cost nothing) */
  | 'edit'
  /** not verified yet (nothing submitted, or rejected) */
  | 'verify'
  /** verification submitted, waiting for the platform's review */
  | 'reviewing'
  /** not enough coins for a new quote */
  | 'recharge'
  /** quoted, the deadline passed, the customer has not chosen yet */
  | 'awaitingAward'
  | 'won'
  | 'lost'
  /** quoted, then the project was cancelled or expired: the coins came back */
  | 'withdrawn'
  /** did not quote and bidding is over */
  | 'closed'
  /** a customer account */
  | 'notSupplier';

export interface Stance {
  kind: StanceKind;
  /** the detail's main button */
  label: string;
  /** the quote form /orderPrice offers: a new quote, an edit of his own, or none */
  form: 'new' | 'edit' | null;
  /** the quote page, when a form is offered */
  to?: string;
  /** one sentence on what is going on (under the button; the quote page's heading when no form) */
  note: string;
  /** where to fix it */
  link?: { to: string; text: string };
}

export type StanceInput = Pick<ProjectDetail, 'id' | 'status' | 'biddl' | 'whyNot' | 'whyNotText'> & {
  myQuote: { status: number } | null;
  /** from Member/userInfo when known: tells a pending review from nothing submitted */
  verification?: Verification;
};

const { BIDDING, CLOSED } = PROJECT_STATUS;

/** Pure: the project's state, this supplier's quote, the deadline and his verification → a stance. */
export function supplierStance(p: StanceInput, now = Date.now()): Stance {
  const open = p.status === BIDDING && Date.parse(p.biddl) > now;
  const to = `/orderPrice?id=${p.id}`;
  if (p.whyNot === 'NOT_WORKSHOP') {
    return { kind: 'notSupplier', label: '仅供应商可报价', form: null, note: '参展商账号不能参与报价' };
  }

  const quote = p.myQuote;
  if (quote) {
    if (quote.status === QUOTE_STATUS.WON) {
      return { kind: 'won', label: '已中标', form: null, note: '您的报价已中标，报价不能再修改' };
    }
    if (
      quote.status === QUOTE_STATUS.CLOSED ||
      (quote.status === QUOTE_STATUS.PENDING && p.status === CLOSED)
    ) {
      return {
        kind: 'withdrawn',
        label: '项目已关闭',
        form: null,
        note: '项目已取消或流标，报价消耗的金币已退回',
      };
    }
    if (quote.status === QUOTE_STATUS.LOST || p.status > BIDDING) {
      return { kind: 'lost', label: '未中标', form: null, note: '客户已选择其他供应商的报价' };
    }
    if (open) {
      return { kind: 'edit', label: '修改报价', form: 'edit', to, note: '截止前可修改报价，修改不扣金币' };
    }
    return { kind: 'awaitingAward', label: '已报价', form: null, note: '报价已截止，请等待客户选标' };
  }

  if (!open) {
    if (p.status === BIDDING) {
      return { kind: 'closed', label: '已截止', form: null, note: '该项目已截止报价' };
    }
    return {
      kind: 'closed',
      label: '不可报价',
      form: null,
      note: p.status === CLOSED ? '项目已关闭，不再接受报价' : '客户已选标，项目不再接受报价',
    };
  }

  if (p.whyNot === 'NOT_VERIFIED') {
    if (p.verification === 'pending') {
      return {
        kind: 'reviewing',
        label: '认证审核中',
        form: null,
        note: '您的认证资料正在审核，通过后即可报价',
        link: { to: VERIFY_PAGE, text: '查看进度' },
      };
    }
    return {
      kind: 'verify',
      label: '认证后报价',
      form: null,
      note:
        p.verification === 'rejected'
          ? '认证未通过审核，修改资料重新提交并通过后才能报价'
          : '完成实名认证或企业认证后才能报价',
      link: { to: VERIFY_PAGE, text: p.verification === 'rejected' ? '去修改' : '去认证' },
    };
  }
  if (p.whyNot === 'INSUFFICIENT_COINS') {
    return {
      kind: 'recharge',
      label: '金币不足',
      form: null,
      note: '金币不足，充值后即可报价',
      link: { to: '/personCenter/charging', text: '去充值' },
    };
  }
  if (p.whyNot === 'ALREADY_QUOTED') {
    return { kind: 'edit', label: '修改报价', form: 'edit', to, note: '截止前可修改报价，修改不扣金币' };
  }
  if (p.whyNot === 'BIDDING_CLOSED') {
    return { kind: 'closed', label: '已截止', form: null, note: '该项目已截止报价' };
  }
  if (p.whyNot) {
    return { kind: 'closed', label: '暂不可报价', form: null, note: p.whyNotText || '当前不能报价' };
  }
  return { kind: 'quote', label: '立即报价', form: 'new', to, note: '' };
}
