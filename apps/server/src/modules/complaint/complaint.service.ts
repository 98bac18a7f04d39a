import {
  type AdminComplaintDetail,
  COMPLAINT_DECISION_TEXT,
  COMPLAINT_RULES,
  COMPLAINT_SIDE_TEXT,
  COMPLAINT_STATE_TEXT,
  type ComplaintDetail,
  type ComplaintItem,
  type ComplaintPage,
  type ComplaintSide,
  type complainAddSchema,
  type complainEditSchema,
  type complaintRuleSchema,
  formatFen,
  PROJECT_STATUS,
} from '@zl/shared';
import type { z } from 'zod';
import type { Db, DbOrTx, Tx } from '../../db/client.ts';
import { AppError, fieldError, pgErrorCode } from '../../lib/errors.ts';
import type { Deps } from '../../lib/types.ts';
import type { AdminContext } from '../../plugins/admin-session.ts';
import { insertAudit } from '../audit/audit.repo.ts';
import { projectConversation } from '../conversation/conversation.service.ts';
import { imageIdsAmong } from '../file/file.repo.ts';
import { assertOwnFile, fileRef } from '../file/file-access.ts';
import { balanceOf } from '../ledger/ledger.service.ts';
import { insertEvent } from '../outbox/outbox.repo.ts';
import {
  type BookedSplit,
  bookEscrowSplit,
  releaseRules,
  sendSplitRefund,
} from '../payment/payment.service.ts';
import { applyTransition, lockProject } from '../project/project-transition.ts';
import { findWinnerId } from '../stage/stage.repo.ts';
import { releaseDue } from '../stage/stage.service.ts';
import * as repo from './complaint.repo.ts';

/** Who may file: the project's customer or its winner, from 已中标 (2) to 待验收 (5). */
const COMPLAINABLE = new Set<number>([
  PROJECT_STATUS.AWARDED,
  PROJECT_STATUS.SIGNING,
  PROJECT_STATUS.BUILDING,
  PROJECT_STATUS.ACCEPTING,
]);
const EVIDENCE_PURPOSES = ['attachment', 'report', 'contract'] as const;
const DAY_MS = 86_400_000;

const alreadyOpen = () =>
  new AppError('INVALID_STATE', { message: '该项目已有处理中的投诉，请等待平台裁决' });
const alreadyRuled = () => new AppError('INVALID_STATE', { message: '该投诉已裁决，不能再修改' });

/** The event the parties' tips are made from (docs/messages.md), in the change's transaction. */
function complaintEvent(
  tx: Tx,
  what: 'filed' | 'edited' | 'answered' | 'ruled',
  payload: { complaintId: number; projectId: number; first?: boolean; decision?: string },
) {
  return insertEvent(tx, {
    type: `complaint.${what}`,
    aggregateType: 'complaint',
    aggregateId: payload.complaintId,
    payload,
  });
}

async function ownEvidence(db: DbOrTx, memberId: number, files: string[]): Promise<string[]> {
  const unique = [...new Set(files)];
  for (const [i, id] of unique.entries()) {
    await assertOwnFile(db, memberId, id, {
      purposes: EVIDENCE_PURPOSES,
      field: `files.${i}`,
      label: '证据文件',
    });
  }
  return unique;
}

/** Complain/complainAdd (docs/delivery-complaint.md): one complaint open per project at a time. */
export async function add(
  deps: Deps,
  memberId: number,
  input: z.output<typeof complainAddSchema>,
): Promise<ComplaintDetail> {
  const evidence = await ownEvidence(deps.db, memberId, input.files);
  let id: number;
  try {
    id = await deps.db.transaction(async (tx) => {
      const project = await lockProject(tx, input.id);
      if (!project) throw new AppError('NOT_FOUND');
      const winnerId = await findWinnerId(tx, project.id);
      const side: ComplaintSide | null =
        project.customerId === memberId
          ? 'customer'
          : winnerId !== undefined && winnerId === memberId
            ? 'supplier'
            : null;
      if (side === null) throw new AppError('NOT_FOUND');
      if (!COMPLAINABLE.has(project.status) || winnerId === undefined)
        throw new AppError('INVALID_STATE', { message: '项目中标后、验收完成前才能投诉' });
      if (project.complaintOpen) throw alreadyOpen();
      const c = await repo.insertComplaint(tx, {
        projectId: project.id,
        complainantId: memberId,
        complainantSide: side,
        respondentId: side === 'customer' ? winnerId : project.customerId,
        type: input.type,
        content: input.content,
        evidence,
      });
      await repo.setComplaintOpen(tx, project.id, true);
      await insertAudit(tx, {
        actorType: 'member',
        actorId: memberId,
        action: 'complaint.add',
        targetType: 'complaint',
        targetId: c.id,
        detail: { projectId: project.id, type: input.type, side },
      });
      await complaintEvent(tx, 'filed', { complaintId: c.id, projectId: project.id });
      return c.id;
    });
  } catch (err) {
    // the partial unique index: another complaint was filed at the same moment
    if (pgErrorCode(err) === '23505') throw alreadyOpen();
    throw err;
  }
  return info(deps.db, memberId, id);
}

/**
 * Complain/complainEdit: the complainant rewrites its text and evidence while the complaint is open
 * and unanswered; the respondent writes (or rewrites) its statement until the ruling.
 */
export async function edit(
  deps: Deps,
  memberId: number,
  input: z.output<typeof complainEditSchema>,
): Promise<ComplaintDetail> {
  const found = await repo.findComplaint(deps.db, input.id);
  if (!found || (found.complainantId !== memberId && found.respondentId !== memberId))
    throw new AppError('NOT_FOUND');
  if (found.state === 'ruled') throw alreadyRuled();
  const evidence = await ownEvidence(deps.db, memberId, input.files);
  await deps.db.transaction(async (tx) => {
    if (found.complainantId === memberId) {
      const row = await repo.editOwn(tx, found.id, memberId, { content: input.content, evidence });
      if (!row) {
        const now = await repo.findComplaint(tx, found.id);
        if (now?.state === 'ruled') throw alreadyRuled();
        throw new AppError('INVALID_STATE', { message: '对方已答复，投诉内容不能再修改' });
      }
      await insertAudit(tx, {
        actorType: 'member',
        actorId: memberId,
        action: 'complaint.edit',
        targetType: 'complaint',
        targetId: found.id,
        detail: { projectId: found.projectId },
      });
      await complaintEvent(tx, 'edited', { complaintId: found.id, projectId: found.projectId });
    } else {
      const row = await repo.answer(tx, found.id, memberId, {
        answer: input.content,
        answerEvidence: evidence,
      });
      if (!row) throw alreadyRuled();
      await insertAudit(tx, {
        actorType: 'member',
        actorId: memberId,
        action: 'complaint.answer',
        targetType: 'complaint',
        targetId: found.id,
        detail: { projectId: found.projectId },
      });
      await complaintEvent(tx, 'answered', {
        complaintId: found.id,
        projectId: found.projectId,
        first: found.answeredAt === null,
      });
    }
  });
  return info(deps.db, memberId, found.id);
}

function answerDue(created: Date): string {
  return new Date(created.getTime() + COMPLAINT_RULES.answerDays * DAY_MS).toISOString();
}

function itemOf(r: repo.ComplaintListRow, viewer: number | null): ComplaintItem {
  const c = r.c;
  const respondentSide: ComplaintSide = c.complainantSide === 'customer' ? 'supplier' : 'customer';
  return {
    id: c.id,
    projectId: c.projectId,
    projectTitle: r.projectTitle,
    orders: r.orders,
    projectStatus: r.projectStatus,
    type: c.type,
    state: c.state,
    stateText: COMPLAINT_STATE_TEXT[c.state],
    mine: viewer !== null && c.complainantId === viewer,
    complainant: {
      id: c.complainantId,
      side: c.complainantSide,
      sideText: COMPLAINT_SIDE_TEXT[c.complainantSide],
      name: r.complainantName,
    },
    respondent: {
      id: c.respondentId,
      side: respondentSide,
      sideText: COMPLAINT_SIDE_TEXT[respondentSide],
      name: r.respondentName,
    },
    created: c.createdAt.toISOString(),
    answerDue: answerDue(c.createdAt),
  };
}

async function detailOf(
  db: DbOrTx,
  r: repo.ComplaintListRow,
  viewer: number | null,
): Promise<ComplaintDetail> {
  const c = r.c;
  const images = new Set(await imageIdsAmong(db, [...c.evidence, ...c.answerEvidence]));
  const refs = (ids: string[]) => ids.map((id) => fileRef(id, images.has(id)));
  const open = c.state !== 'ruled';
  return {
    ...itemOf(r, viewer),
    content: c.content,
    files: refs(c.evidence),
    answer: c.answer,
    answerFiles: refs(c.answerEvidence),
    answeredAt: c.answeredAt?.toISOString() ?? null,
    ruling:
      c.decision && c.ruledAt
        ? {
            decision: c.decision,
            decisionText: COMPLAINT_DECISION_TEXT[c.decision],
            refundFen: c.refundFen,
            releasedFen: c.releasedFen,
            commissionFen: c.commissionFen,
            reason: c.rulingText,
            ruledAt: c.ruledAt.toISOString(),
          }
        : null,
    canEdit: viewer !== null && c.complainantId === viewer && c.state === 'open',
    canAnswer: viewer !== null && c.respondentId === viewer && open,
  };
}

/** Complain/complainInfo: to the two parties only (anyone else NOT_FOUND). */
export async function info(db: DbOrTx, memberId: number, id: number): Promise<ComplaintDetail> {
  const r = await repo.findListRow(db, id);
  if (!r || (r.c.complainantId !== memberId && r.c.respondentId !== memberId))
    throw new AppError('NOT_FOUND');
  return detailOf(db, r, memberId);
}

/** Complain/complainList: the member's complaints, filed or received. */
export async function list(
  db: DbOrTx,
  memberId: number,
  input: { page: number; pageSize: number; projectId?: number | undefined },
): Promise<ComplaintPage> {
  const { rows, total } = await repo.memberPage(
    db,
    memberId,
    input.projectId,
    input.pageSize,
    (input.page - 1) * input.pageSize,
  );
  return { listItem: rows.map((r) => itemOf(r, memberId)), total, page: input.page };
}

/** Admin/complaintList: the console queue. */
export async function adminList(
  db: DbOrTx,
  input: { state?: 'open' | 'answered' | 'ruled' | undefined; page: number; pageSize: number },
): Promise<ComplaintPage> {
  const { rows, total } = await repo.adminPage(
    db,
    input.state,
    input.pageSize,
    (input.page - 1) * input.pageSize,
  );
  return { listItem: rows.map((r) => itemOf(r, null)), total, page: input.page };
}

/** Admin/complaintInfo: both statements, the evidence, the project and the escrow held now. */
export async function adminInfo(deps: Deps, id: number): Promise<AdminComplaintDetail> {
  const r = await repo.findListRow(deps.db, id);
  if (!r) throw new AppError('NOT_FOUND');
  const held = await balanceOf(deps.db, { kind: 'escrow', projectId: r.c.projectId }, 'CNY');
  return {
    ...(await detailOf(deps.db, r, null)),
    escrowHeld: held,
    commissionBp: deps.config.marketplace.platformCommissionBp,
    prepay: r.prepay,
    sdate: r.sdate,
    edate: r.edate,
  };
}

/**
 * Admin/complaintRule (docs/delivery-complaint.md "Ruling"): once per complaint. Dismiss: the
 * complaint is ruled and the project goes on. Split: in ONE transaction the project closes (→ 7,
 * closedBy 'complaint'), `refundFen` of the escrow goes back to the customer and the rest to the
 * supplier less the commission; the Alipay refund is sent after the commit. Lock order: project
 * row, then complaint row (as complainAdd).
 */
export async function ruleComplaint(
  deps: Deps,
  actor: AdminContext,
  input: z.output<typeof complaintRuleSchema>,
) {
  const found = await repo.findComplaint(deps.db, input.id);
  if (!found) throw new AppError('NOT_FOUND');
  if (found.state === 'ruled') throw new AppError('INVALID_STATE', { message: '该投诉已裁决' });
  const refundFen = input.decision === 'split' ? (input.refundFen ?? 0) : 0;
  const result = await deps.db.transaction(async (tx) => {
    const project = await lockProject(tx, found.projectId);
    if (!project) throw new AppError('NOT_FOUND');
    const c = await repo.lockComplaint(tx, found.id);
    if (!c || c.state === 'ruled') throw new AppError('INVALID_STATE', { message: '该投诉已裁决' });
    let booked: BookedSplit = { refunded: 0, released: 0, commission: 0, refunds: [] };
    if (input.decision === 'split') {
      const held = await balanceOf(tx, { kind: 'escrow', projectId: project.id }, 'CNY');
      if (refundFen > held)
        throw fieldError('VALIDATION_FAILED', 'refundFen', `退款金额不能超过托管中的 ${formatFen(held)}`);
      await applyTransition(
        tx,
        {
          projectId: project.id,
          event: 'closeByComplaint',
          actor: { type: 'admin', id: actor.adminId },
          detail: { complaintId: c.id, refundFen },
        },
        () => ({ closedBy: 'complaint', reason: input.reason.slice(0, 200), complaintOpen: false }),
      );
      if (held > 0)
        booked = await bookEscrowSplit(
          tx,
          project.id,
          refundFen,
          deps.config.marketplace.platformCommissionBp,
        );
    } else {
      await repo.setComplaintOpen(tx, project.id, false);
      // the escrow thaws: whatever became due while it was frozen goes to the winner now
      await releaseDue(tx, project.id, releaseRules(deps.config));
    }
    const ruled = await repo.rule(tx, c.id, {
      decision: input.decision,
      refundFen: booked.refunded,
      releasedFen: booked.released,
      commissionFen: booked.commission,
      ruledBy: actor.adminId,
      rulingText: input.reason,
    });
    if (!ruled) throw new AppError('INVALID_STATE', { message: '该投诉已裁决' });
    await insertAudit(tx, {
      actorType: 'admin',
      actorId: actor.adminId,
      action: 'complaint.rule',
      targetType: 'complaint',
      targetId: c.id,
      detail: {
        projectId: project.id,
        decision: input.decision,
        refundFen: booked.refunded,
        releasedFen: booked.released,
        commissionFen: booked.commission,
      },
    });
    await complaintEvent(tx, 'ruled', { complaintId: c.id, projectId: project.id, decision: input.decision });
    const after = await repo.findListRow(tx, c.id);
    return { booked, status: after!.projectStatus, ruled };
  });
  const refunds = result.booked.refunds;
  const refundSent = refunds.length > 0 && (await sendSplitRefund(deps, refunds)) === refunds.length;
  return {
    id: found.id,
    ruling: {
      decision: input.decision,
      decisionText: COMPLAINT_DECISION_TEXT[input.decision],
      refundFen: result.booked.refunded,
      releasedFen: result.booked.released,
      commissionFen: result.booked.commission,
      reason: input.reason,
      ruledAt: result.ruled.ruledAt!.toISOString(),
    },
    projectStatus: result.status,
    refundSent,
  };
}

/**
 * Admin/complaintMessages: the complaint's project's conversation, read-only (docs/conversation.md
 * "Complaints"); each read is written to the audit log in the transaction of the read.
 */
export async function complaintMessages(db: Db, adminId: number, complaintId: number) {
  return db.transaction(async (tx) => {
    const c = await repo.findComplaint(tx, complaintId);
    if (!c) throw new AppError('NOT_FOUND', { message: '投诉不存在' });
    const listItem = await projectConversation(tx, c.projectId);
    await insertAudit(tx, {
      actorType: 'admin',
      actorId: adminId,
      action: 'complaint.read_messages',
      targetType: 'complaint',
      targetId: complaintId,
      detail: { projectId: c.projectId, threads: listItem.length },
    });
    return { listItem };
  });
}
