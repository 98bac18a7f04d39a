import {
  CUSTOMER_VERIFY_PATH,
  type CustomerProjectItem,
  type CustomerQuote,
  computeAreas,
  type customerProjectListSchema,
  defaultShowDates,
  findTransition,
  PROJECT_CHECKED,
  PROJECT_STATUS,
  type ProjectSaveValues,
  type projectCancelSchema,
  QUOTE_STATUS,
} from '@zl/shared';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { insertAudit } from '../audit/audit.repo.ts';
import { scoresOf } from '../evaluation/evaluation.service.ts';
import { fileMimes } from '../file/file.repo.ts';
import { assertOwnFile, fileRef } from '../file/file-access.ts';
import { trackRecords } from '../member/track-record.ts';
import { insertProject, nextOrderNumber } from '../project/project.repo.ts';
import { refundBidders } from '../project/project-refund.ts';
import {
  applyTransition,
  lockProject,
  type ProjectUpdate,
  type TransitionInput,
} from '../project/project-transition.ts';
import { projectDetail, projectSummary } from '../project/project-view.ts';
import { projectOrbits } from '../projectcenter/orbits.ts';
import { projectTimeline } from '../projectcenter/projectcenter.repo.ts';
import { createStages } from '../stage/stage.service.ts';
import type { SessionContext } from '../user/session.service.ts';
import * as repo from './customer.repo.ts';

/** The publish fields as columns; areas from length × width, the attachment's name from its upload. */
async function columnsOf(tx: Tx, memberId: number, v: ProjectSaveValues) {
  for (const id of v.picture) {
    await assertOwnFile(tx, memberId, id, {
      purposes: ['project'],
      visibility: 'public',
      field: 'picture',
      label: '参考图片',
    });
  }
  const attachname = v.attach
    ? (
        await assertOwnFile(tx, memberId, v.attach, {
          purposes: ['attachment'],
          field: 'attach',
          label: '附件',
        })
      ).originalName
    : '';
  return {
    groupid: v.groupid,
    title: v.title,
    length: v.length,
    width: v.width,
    height: v.height,
    areas: computeAreas(v.length, v.width),
    opens: v.opens,
    payPlan: v.payPlan,
    // the first stage's amount: known at the award, from the plan and the winning total
    prepay: 0,
    sdate: v.sdate,
    edate: v.edate,
    // the show's hard dates: those given, or the defaults (docs/show-dates.md)
    ...showDatesOf(v),
    filingDeadline: v.filingDeadline ? new Date(v.filingDeadline) : null,
    hall: v.hall,
    booth: v.booth,
    deposit: v.deposit,
    biddl: new Date(v.biddl),
    prov: v.prov,
    city: v.city,
    strt: v.strt,
    addr: v.addr,
    picture: v.picture,
    attach: v.attach,
    attachname,
    conts: v.conts,
    dimian: v.dimian,
    beiban: v.beiban,
    mentou: v.mentou,
    zhanshi: v.zhanshi,
    jiedai: v.jiedai,
    meigong: v.meigong,
    zulin: v.zulin,
  } satisfies ProjectUpdate;
}

/** The build-in and teardown windows of a save: those given, the defaults for the rest. */
function showDatesOf(v: ProjectSaveValues) {
  const d = defaultShowDates(v.sdate, v.edate);
  return {
    buildStart: v.buildStart ? new Date(v.buildStart) : d.buildStart,
    buildEnd: v.buildEnd ? new Date(v.buildEnd) : d.buildEnd,
    teardownStart: v.teardownStart ? new Date(v.teardownStart) : d.teardownStart,
    teardownEnd: v.teardownEnd ? new Date(v.teardownEnd) : d.teardownEnd,
  };
}

/**
 * Publish (no id → status 0, pending review) or edit. Both edits go through the transition table:
 * a pending posting is edited in place (`edit`, 0 → 0), a rejected one is resubmitted for review
 * (`resubmit`, 7 → 0). Anything else is refused with a message that says what can be edited.
 */
export async function projectSave(db: Db, member: SessionContext, input: ProjectSaveValues) {
  const row = await db.transaction(async (tx) => {
    const cols = await columnsOf(tx, member.memberId, input);
    if (input.id === undefined) {
      const created = await insertProject(tx, {
        ...cols,
        orders: await nextOrderNumber(tx),
        customerId: member.memberId,
        mobile: member.mobile,
      });
      await insertAudit(tx, {
        actorType: 'member',
        actorId: member.memberId,
        action: 'project.publish',
        targetType: 'project',
        targetId: created.id,
        detail: { to: PROJECT_STATUS.PENDING_REVIEW, actorRole: 'customer' },
      });
      return created;
    }
    const current = await lockProject(tx, input.id);
    if (!current || current.customerId !== member.memberId) throw new AppError('NOT_FOUND');
    const event = current.status === PROJECT_STATUS.CLOSED ? 'resubmit' : 'edit';
    if (event === 'resubmit' && current.closedBy !== 'rejected') {
      throw new AppError('INVALID_STATE', { message: '已取消或已过期的项目不能修改，请重新发布' });
    }
    if (!findTransition(current.status, event, 'customer')) {
      throw new AppError('INVALID_STATE', { message: '只有待审核或被驳回的项目可以修改' });
    }
    const res = await applyTransition(
      tx,
      { projectId: current.id, event, actor: { type: 'customer', id: member.memberId } },
      () =>
        event === 'edit'
          ? cols
          : {
              ...cols,
              checked: PROJECT_CHECKED.PENDING,
              checkdate: null,
              closedBy: '',
              reason: '',
            },
    );
    return res.project;
  });
  return projectDetail(row, { showMobile: true });
}

export async function projectList(
  db: Db,
  member: SessionContext,
  q: z.output<typeof customerProjectListSchema>,
) {
  const { rows, total } = await repo.listOwnProjects(db, member.memberId, q);
  const listItem: CustomerProjectItem[] = rows.map((r) => ({
    ...projectSummary(r),
    quoteCount: Number(r.quoteCount),
    checked: r.checked,
    reason: r.reason,
    closedBy: r.closedBy,
  }));
  return { listItem, total, page: q.page };
}

export async function projectInfo(db: Db, member: SessionContext, id: number) {
  const row = await repo.findOwnProject(db, member.memberId, id);
  if (!row) throw new AppError('NOT_FOUND');
  return {
    ...projectDetail(row, { showMobile: true }),
    orbits: projectOrbits(row, await projectTimeline(db, row.id)),
  };
}

/** A step the project's owner takes: another customer's project answers NOT_FOUND. */
function ownerStep(
  member: SessionContext,
  projectId: number,
  event: TransitionInput['event'],
  detail: Record<string, unknown>,
): TransitionInput {
  return {
    projectId,
    customerId: member.memberId,
    event,
    actor: { type: 'customer', id: member.memberId },
    detail,
  };
}

/** 0|1 → 7 (closedBy cancelled); every bidder's coins come back in the same transaction. */
export async function projectCancel(
  db: Db,
  member: SessionContext,
  input: z.output<typeof projectCancelSchema>,
) {
  const res = await db.transaction(async (tx) => {
    const t = await applyTransition(
      tx,
      ownerStep(member, input.id, 'cancel', { reason: input.reason ?? '' }),
      () => ({ closedBy: 'cancelled', reason: input.reason ?? '' }),
    );
    const refunded = await refundBidders(tx, t.project.id);
    return { ...t, refunded };
  });
  return projectDetail(res.project, { showMobile: true });
}

async function quoteViews(db: Db, list: repo.QuoteWithSupplier[]): Promise<CustomerQuote[]> {
  const mimes = await fileMimes(
    db,
    list.flatMap((q) => q.attachments),
  );
  const ids = list.map((q) => q.supplierId);
  const records = await trackRecords(db, ids);
  // one aggregate query for every supplier of the list (docs/delivery-evaluation.md § Score)
  const scores = await scoresOf(db, ids);
  return list.map((q) => ({
    quoteId: q.id,
    supplier: {
      ...q.supplier,
      score: scores.get(q.supplierId) ?? null,
      trackRecord: records.get(q.supplierId)!,
    },
    subtotals: q.subtotals as Record<string, number>,
    total: q.total,
    days: q.days,
    remark: q.remark,
    attachments: q.attachments.map((id) => fileRef(id, (mimes.get(id) ?? '').startsWith('image/'))),
    status: q.status,
    created: q.createdAt.toISOString(),
    updated: q.updatedAt.toISOString(),
    lines: q.lines as CustomerQuote['lines'],
  }));
}

/** The side-by-side comparison, for the project's owner only. */
export async function quoteList(db: Db, member: SessionContext, id: number) {
  const project = await repo.findOwnProject(db, member.memberId, id);
  if (!project) throw new AppError('NOT_FOUND');
  return { listItem: await quoteViews(db, await repo.quotesOfProject(db, id)) };
}

/**
 * 1 → 2. The transition locks the project row first, so of two awards at once the second finds
 * status 2 and is refused; the quote is checked under that lock (it must be this project's and
 * still pending).
 */
export async function award(db: Db, member: SessionContext, input: { id: number; quoteId: number }) {
  const res = await db.transaction(async (tx) => {
    const t = await applyTransition(
      tx,
      ownerStep(member, input.id, 'award', { quoteId: input.quoteId }),
      async () => {
        // The contract drafted from the award names 甲方 by its verified identity
        // (docs/delivery-contract.md "Award"): no contract with an unverified customer.
        if (!(await repo.customerVerified(tx, member.memberId)))
          throw new AppError('NOT_VERIFIED', {
            message: '选标前请先完成实名认证或企业认证：合同将以您认证的姓名或企业名称作为甲方',
            data: { href: CUSTOMER_VERIFY_PATH },
          });
        const quote = await repo.quoteOfProject(tx, input.id, input.quoteId);
        if (!quote) throw new AppError('NOT_FOUND', { message: '报价不存在' });
        if (quote.status !== QUOTE_STATUS.PENDING)
          throw new AppError('INVALID_STATE', { message: '该报价已失效，不能选为中标' });
        return { winnerQuoteId: quote.id, awardedAt: new Date() };
      },
    );
    await repo.settleQuotes(tx, input.id, input.quoteId);
    const winner = await repo.quoteOfProject(tx, input.id, input.quoteId);
    // the contract amount is the winning total, fixed now, and the plan becomes stages (docs/staged-escrow.md)
    await createStages(tx, t.project, winner!.total);
    const project = await lockProject(tx, input.id);
    return { ...t, project: project!, winner: winner! };
  });
  const [winner] = await quoteViews(db, [res.winner]);
  return { project: projectDetail(res.project, { showMobile: true }), winner: winner! };
}
