import {
  COMPLAINT_DECISION_TEXT,
  COMPLAINT_RULES,
  EVALUATION_RULES,
  formatFen,
  shanghaiClock,
} from '@zl/shared';
import type { Tx } from '../../db/client.ts';
import * as repo from './tip.repo.ts';
import { clip, customerLink, type Draft, supplierLink } from './tip-drafts.ts';

// The tips of evaluations and complaints (docs/messages.md); the handlers are in tip.events.ts.

/**
 * `evaluation.*` payloads. `submitted`: one side evaluated (`revealed` when it was the second, so
 * both became public); `replied`: the supplier replied to the customer's evaluation;
 * `changeRequested`: the supplier asked the customer to revise it; `revised`: the customer did.
 * Never the evaluation's text or scores: the evaluations are double-blind until revealed.
 */
export interface EvaluationPayload {
  projectId: number;
  evaluationId?: number;
  side?: 'customer' | 'supplier';
  revealed?: boolean;
}

/** The tips one evaluation event sends. Reads the parties (customer, winner) from the database. */
export async function evaluationTips(tx: Tx, type: string, e: EvaluationPayload): Promise<Draft[]> {
  const p = await repo.projectParties(tx, e.projectId);
  if (!p || p.winnerId == null) return [];
  const name = `「${clip(p.title, 60)}」`;
  const toCustomer = (title: string, content: string): Draft => ({
    memberId: p.customerId,
    type: 'project',
    title,
    content: clip(content, 500),
    link: customerLink(e.projectId),
  });
  const toSupplier = (title: string, content: string, link = supplierLink(e.projectId)): Draft => ({
    memberId: p.winnerId!,
    type: 'project',
    title,
    content: clip(content, 500),
    link,
  });
  switch (type) {
    case 'evaluation.submitted': {
      if (e.revealed) {
        const content = `项目${name}双方均已评价，评价已公开，可查看对方的评价。`;
        return [
          toCustomer('评价已公开', content),
          toSupplier('评价已公开', content, '/personCenter/evaluateList'),
        ];
      }
      const title = '对方已评价，评价后双方可见';
      const days = EVALUATION_RULES.windowDays;
      return e.side === 'supplier'
        ? [toCustomer(title, `供应商已评价项目${name}。您评价后（验收后 ${days} 天内）双方的评价同时公开。`)]
        : [toSupplier(title, `参展商已评价项目${name}。您评价后（验收后 ${days} 天内）双方的评价同时公开。`)];
    }
    case 'evaluation.windowClosed': {
      // one side evaluated and the window ended: that evaluation is public now
      const content =
        e.side === 'supplier'
          ? `项目${name}的评价期已结束，供应商对您的评价已公开。`
          : `项目${name}的评价期已结束，参展商对您的评价已公开。`;
      const own = `项目${name}的评价期已结束，您的评价已公开。`;
      return e.side === 'supplier'
        ? [toCustomer('评价已公开', content), toSupplier('评价已公开', own, '/personCenter/evaluateList')]
        : [toCustomer('评价已公开', own), toSupplier('评价已公开', content, '/personCenter/evaluateList')];
    }
    case 'evaluation.replied':
      return [toCustomer('供应商回复了您的评价', `供应商回复了您对项目${name}的评价。`)];
    case 'evaluation.changeRequested':
      return [toCustomer('供应商申请修改评价', `供应商申请您修改对项目${name}的评价，您可修改一次。`)];
    case 'evaluation.revised':
      return [
        toSupplier(
          '参展商已修改评价',
          `参展商按您的申请修改了对项目${name}的评价。`,
          '/personCenter/evaluateList',
        ),
      ];
    default:
      return [];
  }
}

/** `complaint.*` payloads: `filed`, `answered` (`first`: not a rewrite), `ruled`. */
export interface ComplaintPayload {
  complaintId: number;
  projectId?: number;
  first?: boolean;
}

/** 11月26日 20:03, China time (the platform's members are in China). */
function chinaTime(d: Date): string {
  const c = shanghaiClock(d);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${c.getUTCMonth() + 1}月${c.getUTCDate()}日 ${pad(c.getUTCHours())}:${pad(c.getUTCMinutes())}`;
}

/** The tips one complaint event sends. Reads the complaint (parties, ruling) from the database. */
export async function complaintTips(tx: Tx, type: string, e: ComplaintPayload): Promise<Draft[]> {
  const c = await repo.complaintParties(tx, e.complaintId);
  if (!c) return [];
  const name = `「${clip(c.title, 60)}」`;
  const link = (memberId: number) =>
    memberId === c.customerId
      ? `/customer/complaint?id=${e.complaintId}`
      : `/personCenter/complaint?id=${e.complaintId}`;
  const to = (memberId: number, t: Draft['type'], title: string, content: string): Draft => ({
    memberId,
    type: t,
    title: clip(title, 100),
    content: clip(content, 500),
    link: link(memberId),
  });
  switch (type) {
    case 'complaint.filed': {
      const due = chinaTime(new Date(c.createdAt.getTime() + COMPLAINT_RULES.answerDays * 86_400_000));
      const who = c.complainantId === c.customerId ? '参展商' : '供应商';
      return [
        to(
          c.respondentId,
          'project',
          `您收到一条投诉，请在 ${due} 前答复`,
          `${who}对项目${name}提交了投诉，请在 ${due} 前查看并答复；逾期平台将依现有材料裁决。`,
        ),
      ];
    }
    case 'complaint.edited':
      return [
        to(
          c.respondentId,
          'project',
          '对方修改了投诉内容',
          `对方修改了对项目${name}的投诉内容或证据，请查看后答复。`,
        ),
      ];
    case 'complaint.answered':
      return [
        to(
          c.complainantId,
          'project',
          e.first === false ? '对方更新了投诉答复' : '对方已答复您的投诉',
          `对方已就您对项目${name}的投诉作出答复，可在投诉详情中查看。`,
        ),
      ];
    case 'complaint.ruled': {
      if (!c.decision) return [];
      const reason = c.rulingText ? `裁决理由：${c.rulingText}` : '';
      const content =
        c.decision === 'split'
          ? `平台裁决关闭项目${name}并分配托管款：退还参展商 ${formatFen(c.refundFen)}，结算供应商 ${formatFen(c.releasedFen - c.commissionFen)}（已扣平台服务费 ${formatFen(c.commissionFen)}）。${reason}`
          : `平台驳回了项目${name}的投诉，项目继续进行。${reason}`;
      const title = `投诉已裁决：${COMPLAINT_DECISION_TEXT[c.decision]}`;
      return [to(c.complainantId, 'review', title, content), to(c.respondentId, 'review', title, content)];
    }
    default:
      return [];
  }
}
