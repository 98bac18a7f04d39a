import type { NoticeKind, ProjectEvent } from '@zl/shared';
import { formatFen } from '@zl/shared';
import type { Tx } from '../../db/client.ts';
import { queueNotices } from '../notice/notice-queue.ts';
import { notifyLive } from '../outbox/live-channel.repo.ts';
import type { Outbox, OutboxEvent } from '../outbox/outbox.ts';
import type { ProjectEventNotice } from '../project/project-transition.ts';
import { onProjectEvent } from '../project/project-transition.ts';
import * as repo from './tip.repo.ts';
import {
  type ComplaintPayload,
  complaintTips,
  type EvaluationPayload,
  evaluationTips,
} from './tip-delivery.ts';
import { asNotice, clip, customerLink, type Draft, str, supplierLink } from './tip-drafts.ts';

/**
 * Events → tips (docs/messages.md § Events). Registered on the outbox as `tips`: it runs after the
 * change committed, at least once per event; the tips are written through the delivery's own
 * transaction with `on conflict (member_id, event_id) do nothing`, so a redelivery writes nothing
 * twice and a failure here never fails the call that caused the event (it is retried instead).
 */
export const TIP_HANDLER = 'tips';
export const TIP_LEDGER_HANDLER = 'tips.ledger';
export const TIP_MEMBER_HANDLER = 'tips.member';
export const TIP_EVALUATION_HANDLER = 'tips.evaluation';
export const TIP_COMPLAINT_HANDLER = 'tips.complaint';

/** The project transitions whose tips also go out of the site, as which kind (docs/notices.md). */
const PROJECT_NOTICES: Partial<Record<ProjectEvent, NoticeKind>> = {
  award: 'award',
  uploadContract: 'contract',
  reviewContract: 'contract',
  prepayPaid: 'payment',
  reworkReport: 'rework',
  accept: 'release',
  closeByComplaint: 'complaint',
};

/** The tips one project transition sends, marked as notices where they must not be missed. */
export async function projectTips(tx: Tx, n: Omit<ProjectEventNotice, 'eventId'>): Promise<Draft[]> {
  const drafts = await projectTipDrafts(tx, n);
  const kind = PROJECT_NOTICES[n.type.slice('project.'.length) as ProjectEvent];
  return kind ? asNotice(drafts, kind, n.projectId) : drafts;
}

/** The tips one project transition sends. Reads who the parties are from the database. */
async function projectTipDrafts(tx: Tx, n: Omit<ProjectEventNotice, 'eventId'>): Promise<Draft[]> {
  const p = await repo.projectParties(tx, n.projectId);
  if (!p) return [];
  const name = `「${clip(p.title, 60)}」`;
  const toCustomer = (type: Draft['type'], title: string, content: string): Draft => ({
    memberId: p.customerId,
    type,
    title: clip(title, 100),
    content: clip(content, 500),
    link: customerLink(n.projectId),
  });
  const toSupplier = (memberId: number, type: Draft['type'], title: string, content: string): Draft => ({
    memberId,
    type,
    title: clip(title, 100),
    content: clip(content, 500),
    link: supplierLink(n.projectId),
  });
  const toWinner = (type: Draft['type'], title: string, content: string): Draft[] =>
    p.winnerId == null ? [] : [toSupplier(p.winnerId, type, title, content)];
  const d = n.detail ?? {};
  const reason = str(d.reason);
  const event = n.type.slice('project.'.length) as ProjectEvent;
  switch (event) {
    case 'approve':
      return [toCustomer('review', '您的项目已通过审核', `项目${name}已通过平台审核，开始接受供应商报价。`)];
    case 'reject':
      return [
        toCustomer(
          'review',
          '您的项目未通过审核',
          `项目${name}未通过平台审核${reason ? `：${reason}` : ''}。修改后可重新提交。`,
        ),
      ];
    case 'cancel':
      return (await repo.bidderIds(tx, n.projectId)).map((id) =>
        toSupplier(
          id,
          'project',
          `项目已取消：${clip(p.title, 60)}`,
          `参展商取消了项目${name}，报价所用金币已退还。`,
        ),
      );
    case 'expire': {
      const bidders = await repo.bidderIds(tx, n.projectId);
      return [
        toCustomer('project', '项目已截止', `项目${name}竞标截止时未选定中标供应商，项目已关闭。`),
        ...bidders.map((id) =>
          toSupplier(
            id,
            'project',
            `项目已截止：${clip(p.title, 60)}`,
            `项目${name}竞标截止时未选标，报价所用金币已退还。`,
          ),
        ),
      ];
    }
    case 'award': {
      const losers = await repo.bidderIds(tx, n.projectId, p.winnerId);
      return [
        ...toWinner(
          'project',
          `恭喜中标：${clip(p.title, 60)}`,
          `您在项目${name}的报价已被选中，请尽快上传合同。`,
        ),
        ...losers.map((id) =>
          toSupplier(
            id,
            'project',
            `未中标：${clip(p.title, 60)}`,
            `项目${name}已选定其他供应商，感谢您的报价。`,
          ),
        ),
      ];
    }
    case 'uploadContract':
      return [toCustomer('project', '供应商已上传合同', `项目${name}的合同已上传，请审核。`)];
    case 'reviewContract':
      return d.approve === true
        ? toWinner('project', '合同已通过审核', `参展商已确认项目${name}的合同。`)
        : toWinner(
            'project',
            '合同被退回',
            `参展商退回了项目${name}的合同${reason ? `：${reason}` : ''}，请修改后重新上传。`,
          );
    case 'startBuilding':
      return toWinner('project', '项目进入施工阶段', `项目${name}已开始施工，完工后请上传完工报告。`);
    case 'prepayPaid':
      return [
        toCustomer(
          'finance',
          '预付款支付成功',
          `项目${name}的预付款${typeof d.amount === 'number' ? ` ${formatFen(d.amount)} ` : ''}已托管到平台，项目进入施工阶段。`,
        ),
        ...toWinner('project', '项目进入施工阶段', `项目${name}的预付款已托管，请开始施工。`),
      ];
    case 'uploadReport':
      return [toCustomer('project', '供应商已提交完工报告', `项目${name}的完工报告已提交，请验收。`)];
    case 'reworkReport':
      return toWinner('project', '参展商要求整改', `参展商对项目${name}的完工报告提出了整改意见，请查看。`);
    case 'accept':
      return [
        ...(n.actor.type === 'customer'
          ? []
          : [
              toCustomer(
                'project',
                '项目已验收',
                n.actor.type === 'system'
                  ? `项目${name}验收期满，已自动验收。`
                  : `项目${name}已由平台确认验收。`,
              ),
            ]),
        ...toWinner('project', '项目已验收', `项目${name}已验收通过，款项将结算到您的账户余额。`),
      ];
    case 'closeByComplaint': {
      const content = `平台处理投诉后关闭了项目${name}。`;
      return [
        toCustomer('project', '项目因投诉关闭', content),
        ...toWinner('project', '项目因投诉关闭', content),
      ];
    }
    default:
      // edit, resubmit: the customer's own steps tell nobody
      return [];
  }
}

export interface LedgerPayload {
  type: string;
  memo?: string;
  refType?: string;
  refId?: string;
  members?: Array<{ memberId: number; kind: string; currency: string; amount: number }>;
}

/** The supplier's withdrawal records (个人中心's 提现记录, with each rejection's reason). */
const WITHDRAW_RECORDS_LINK = '/personCenter/defaultPage#withdrawals';

/** The ledger movements whose tips also go out of the site, as which kind (docs/notices.md). */
const LEDGER_NOTICES: Record<string, NoticeKind> = {
  escrow_release: 'release',
  escrow_refund: 'payment',
  change_refund: 'payment',
  withdraw_payout: 'withdraw',
  withdraw_reject: 'withdraw',
};

/** The tips one announced ledger movement sends, marked as notices where they must not be missed. */
export async function ledgerTips(tx: Tx, p: LedgerPayload): Promise<Draft[]> {
  const drafts = await ledgerTipDrafts(tx, p);
  const kind = LEDGER_NOTICES[p.type];
  if (!kind) return drafts;
  const projectId = p.refType === 'project' && /^\d{1,15}$/.test(p.refId ?? '') ? Number(p.refId) : null;
  return asNotice(drafts, kind, projectId);
}

/** The tips one announced ledger movement sends (the movements a member did not do themself). */
async function ledgerTipDrafts(tx: Tx, p: LedgerPayload): Promise<Draft[]> {
  const byMember = new Map<number, { coins: number; fen: number }>();
  for (const m of p.members ?? []) {
    const cur = byMember.get(m.memberId) ?? { coins: 0, fen: 0 };
    if (m.currency === 'COIN') cur.coins = Math.max(cur.coins, Math.abs(m.amount));
    else cur.fen = Math.max(cur.fen, Math.abs(m.amount));
    byMember.set(m.memberId, cur);
  }
  const ids = [...byMember.keys()];
  const kinds = await repo.cardtypesOf(tx, ids);
  const bills = (id: number) =>
    kinds.get(id) === 'customer' ? '/customer/bills' : '/personCenter/businessList';
  const each = (type: Draft['type'], title: string, content: (a: { coins: number; fen: number }) => string) =>
    ids.map((id) => ({ memberId: id, type, title, content: content(byMember.get(id)!), link: bills(id) }));
  switch (p.type) {
    case 'quote_fee': {
      // a supplier paid to quote: the project's customer has a new quote to compare
      const quoteId = p.refType === 'quote' ? Number(p.refId) : Number.NaN;
      if (!Number.isSafeInteger(quoteId) || quoteId < 1) return [];
      const q = await repo.quoteProject(tx, quoteId);
      if (!q) return [];
      return [
        {
          memberId: q.customerId,
          type: 'project',
          title: clip(`收到新报价：${q.title}`, 100),
          content: `项目「${clip(q.title, 60)}」收到一份新报价，可在项目详情中比较各家报价。`,
          link: customerLink(q.projectId),
        },
      ];
    }
    case 'starter_coins':
      return each('system', '注册赠送金币已到账', (a) => `${a.coins} 金币已存入您的账户，可用于项目报价。`);
    case 'invite_coins':
      return each(
        'system',
        '邀请奖励已到账',
        (a) => `您邀请的好友完成了认证，${a.coins} 金币已存入您的账户。`,
      );
    case 'coin_recharge':
      return each('finance', '金币充值成功', (a) => `${a.coins} 金币已存入您的账户。`);
    case 'escrow_release':
      return each(
        'finance',
        '项目款已到账',
        (a) => `${formatFen(a.fen)} 已存入您的账户余额。${clip(p.memo ?? '', 100)}`,
      );
    case 'escrow_refund':
      return each(
        'finance',
        '预付款已退回',
        (a) => `${formatFen(a.fen)} 已原路退回您的付款账户。${clip(p.memo ?? '', 100)}`,
      );
    case 'change_refund':
      return each(
        'finance',
        '减项款已退回',
        (a) => `${formatFen(a.fen)} 已原路退回您的付款账户。${clip(p.memo ?? '', 100)}`,
      );
    case 'withdraw_payout':
      return each('finance', '提现已到账', (a) => `您申请提现的 ${formatFen(a.fen)} 已打款，请注意查收。`);
    case 'withdraw_reject': {
      // the reason travels with the tip, and the link opens the withdrawal records, which show it
      // too (docs/messages.md "Withdrawals")
      const id = p.refType === 'withdrawal' ? Number(p.refId) : Number.NaN;
      const reason = Number.isSafeInteger(id) && id > 0 ? await repo.withdrawalReason(tx, id) : '';
      return each('finance', '提现申请未通过', (a) => {
        const why = reason ? `原因：${clip(reason, 120)}。` : '';
        return `您申请提现的 ${formatFen(a.fen)} 未通过审核，金额已退回余额。${why}`;
      }).map((d) => ({ ...d, link: WITHDRAW_RECORDS_LINK }));
    }
    default:
      // quote_refund, prepay_in, stage_in, withdraw_freeze: the member's own step, or told by the project's tip
      return [];
  }
}

// ---------- verification, evaluations, complaints (docs/messages.md § Events) ----------

/** `member.authReviewed`: an operator decided a personal (`person`) or business verification. */
export interface AuthReviewedPayload {
  memberId: number;
  kind: 'person' | 'business';
  approve: boolean;
  reason?: string;
}

/** The tip a verification decision sends to the member who applied. */
export async function authReviewTips(tx: Tx, p: AuthReviewedPayload): Promise<Draft[]> {
  const kinds = await repo.cardtypesOf(tx, [p.memberId]);
  const cardtype = kinds.get(p.memberId);
  if (!cardtype) return [];
  const what = p.kind === 'person' ? '实名认证' : '企业认证';
  const reason = str(p.reason).trim();
  // a customer has no verification page of its own: its account pages are in the portal
  const link =
    cardtype === 'customer'
      ? '/customer/securitySetting'
      : `/personCenter/security_person${p.kind === 'business' ? '?tab=business' : ''}`;
  return [
    p.approve
      ? {
          memberId: p.memberId,
          type: 'review',
          title: `${what}已通过`,
          content: `您提交的${what}资料已通过平台审核。`,
          link,
        }
      : {
          memberId: p.memberId,
          type: 'review',
          title: clip(`${what}未通过${reason ? `：${reason}` : ''}`, 100),
          content: clip(
            `您提交的${what}资料未通过平台审核${reason ? `：${reason}` : ''}。请修改后重新提交。`,
            500,
          ),
          link,
        },
  ];
}

/**
 * Writes one event's tips and tells the members' open pages (a `tip` live update, heard once the
 * delivery commits: docs/adr/0007-live-events.md). A redelivery writes and tells nothing twice.
 */
export async function writeTips(tx: Tx, drafts: Draft[], eventId: number): Promise<void> {
  const written = await repo.insertTips(
    tx,
    drafts.map(({ notice: _n, projectId: _p, ...d }) => ({ ...d, eventId })),
  );
  // what must not be missed also goes out of the site (docs/notices.md), queued in this transaction
  await queueNotices(
    tx,
    drafts.flatMap((d) =>
      d.notice ? [{ memberId: d.memberId, kind: d.notice, projectId: d.projectId ?? null }] : [],
    ),
    eventId,
  );
  const byMember = new Map<number, number[]>();
  for (const t of written) byMember.set(t.memberId, [...(byMember.get(t.memberId) ?? []), t.id]);
  for (const [m, ids] of byMember) await notifyLive(tx, { k: 'tip', m, ids });
}

/** Registers the handlers that turn outbox events into tips. Answers a function that removes them. */
export function registerTipHandlers(outbox: Outbox): () => void {
  const offProject = onProjectEvent(outbox, TIP_HANDLER, async (notice, ctx) => {
    const drafts = await projectTips(ctx.tx, notice);
    await writeTips(ctx.tx, drafts, notice.eventId);
  });
  const offLedger = outbox.on<LedgerPayload>(
    TIP_LEDGER_HANDLER,
    'ledger.*',
    async (event: OutboxEvent<LedgerPayload>, ctx) => {
      const drafts = await ledgerTips(ctx.tx, event.payload);
      await writeTips(ctx.tx, drafts, event.id);
    },
  );
  const offMember = outbox.on<AuthReviewedPayload>(
    TIP_MEMBER_HANDLER,
    'member.authReviewed',
    async (event, ctx) => {
      const drafts = await authReviewTips(ctx.tx, event.payload);
      await writeTips(ctx.tx, drafts, event.id);
    },
  );
  const offEvaluation = outbox.on<EvaluationPayload>(
    TIP_EVALUATION_HANDLER,
    'evaluation.*',
    async (event, ctx) => {
      const drafts = await evaluationTips(ctx.tx, event.type, event.payload);
      await writeTips(ctx.tx, drafts, event.id);
    },
  );
  const offComplaint = outbox.on<ComplaintPayload>(
    TIP_COMPLAINT_HANDLER,
    'complaint.*',
    async (event, ctx) => {
      const drafts = await complaintTips(ctx.tx, event.type, event.payload);
      // a complaint filed against a member, and the ruling, go out of the site too (docs/notices.md)
      const notice = event.type === 'complaint.filed' || event.type === 'complaint.ruled';
      const projectId = (await repo.complaintParties(ctx.tx, event.payload.complaintId))?.projectId ?? null;
      await writeTips(ctx.tx, notice ? asNotice(drafts, 'complaint', projectId) : drafts, event.id);
    },
  );
  return () => {
    offProject();
    offLedger();
    offMember();
    offEvaluation();
    offComplaint();
  };
}
