import {
  type customerEvaluateSchema,
  EVALUATION_RULES,
  type EvaluationView,
  type factoryCmtSchema,
  PROJECT_STATUS,
  type ProjectEvaluations,
} from '@zl/shared';
import type { z } from 'zod';
import type { Db, DbOrTx, Tx } from '../../db/client.ts';
import { AppError, pgErrorCode } from '../../lib/errors.ts';
import type { Deps } from '../../lib/types.ts';
import { assertOwnFile, fileRef } from '../file/file-access.ts';
import { insertEvent } from '../outbox/outbox.repo.ts';
import { findProject, findWinner, lockProject } from '../project/project.repo.ts';
import type { ProjectRow } from '../project/project-view.ts';
import type { EvaluationListRow, EvaluationRow, EvaluationSide } from './evaluation.repo.ts';
import * as repo from './evaluation.repo.ts';

/** Two-sided, double-blind evaluations of a completed project: docs/delivery-evaluation.md. */

const DAY_MS = 86_400_000;
const other = (side: EvaluationSide): EvaluationSide => (side === 'supplier' ? 'customer' : 'supplier');
const state = (message: string) => new AppError('INVALID_STATE', { message });

type FactoryCmtValues = z.output<typeof factoryCmtSchema>;
type CustomerEvaluateValues = z.output<typeof customerEvaluateSchema>;
type Values = FactoryCmtValues | CustomerEvaluateValues;

interface Party {
  project: ProjectRow;
  customerId: number;
  supplierId: number;
}

/**
 * The project as one side sees it: the caller must be its customer (`customer`) or its winner
 * (`supplier`); anyone else, or an unknown id, is NOT_FOUND. Evaluations need status 6.
 */
async function partyOf(
  db: DbOrTx,
  memberId: number,
  projectId: number,
  side: EvaluationSide,
  lock: boolean,
): Promise<Party> {
  const project = lock ? await lockProject(db, projectId) : await findProject(db, projectId);
  if (!project) throw new AppError('NOT_FOUND');
  const winner = await findWinner(db, project.winnerQuoteId);
  const mine = side === 'customer' ? project.customerId === memberId : winner?.supplierId === memberId;
  if (!mine || !winner) throw new AppError('NOT_FOUND');
  if (project.status !== PROJECT_STATUS.DONE) throw state('项目验收完成后才能评价');
  return { project, customerId: project.customerId, supplierId: winner.supplierId };
}

async function deadlineOf(db: DbOrTx, projectId: number): Promise<Date> {
  const at = (await repo.acceptedAt(db, projectId)) ?? new Date();
  return new Date(at.getTime() + EVALUATION_RULES.windowDays * DAY_MS);
}

/**
 * The event the other side's tip is made from (docs/messages.md): ids and the step only, never the
 * evaluation's text or scores (double-blind until revealed).
 */
function evaluationEvent(
  tx: Tx,
  what: 'submitted' | 'replied' | 'changeRequested' | 'revised' | 'windowClosed',
  payload: { projectId: number; evaluationId: number; side?: EvaluationSide; revealed?: boolean },
) {
  return insertEvent(tx, {
    type: `evaluation.${what}`,
    aggregateType: 'evaluation',
    aggregateId: payload.evaluationId,
    payload,
  });
}

const isPublic = (e: EvaluationRow, now: Date) => e.revealedAt !== null || e.windowEndsAt <= now;

/**
 * The `reveal-evaluations` job (docs/delivery-evaluation.md): evaluations whose 14-day window ended
 * without the other side's become revealed as of the window's end, and both parties are told
 * (`evaluation.windowClosed`), in one transaction per round of at most `limit`.
 */
export async function revealEndedWindows(db: Db, now = new Date(), limit = 500): Promise<number> {
  return db.transaction(async (tx) => {
    const revealed = await repo.revealEnded(tx, now, limit);
    for (const r of revealed) {
      await evaluationEvent(tx, 'windowClosed', {
        projectId: r.projectId,
        evaluationId: r.id,
        side: r.side as EvaluationSide,
      });
    }
    return revealed.length;
  });
}

async function checkPictures(tx: Tx, memberId: number, ids: string[]) {
  for (const id of ids) {
    await assertOwnFile(tx, memberId, id, {
      purposes: ['project'],
      visibility: 'public',
      field: 'pictures',
      label: '评价图片',
    });
  }
}

function marksOf(side: EvaluationSide, v: Values) {
  return side === 'supplier'
    ? { score: (v as FactoryCmtValues).score }
    : {
        quality: (v as CustomerEvaluateValues).quality,
        service: (v as CustomerEvaluateValues).service,
        punctuality: (v as CustomerEvaluateValues).punctuality,
      };
}

/** One evaluation as `callerId` may see it: the other side's content stays hidden until public. */
export function toView(r: EvaluationListRow, callerId: number, now: Date): EvaluationView {
  const e = r.row;
  const mine = e.authorId === callerId;
  const revealed = isPublic(e, now);
  const hidden = !mine && !revealed;
  return {
    id: e.id,
    projectId: e.projectId,
    projectTitle: r.projectTitle,
    side: e.side,
    mine,
    revealed,
    hidden,
    score: hidden ? null : e.score,
    quality: hidden ? null : e.quality,
    service: hidden ? null : e.service,
    punctuality: hidden ? null : e.punctuality,
    content: hidden ? '' : e.content,
    pictures: hidden ? [] : e.pictures.map((id) => fileRef(id)),
    authorName: r.authorCompany || r.authorNickname,
    reply: hidden ? '' : e.reply,
    repliedAt: hidden || !e.repliedAt ? null : e.repliedAt.toISOString(),
    changeRequested: e.changeRequestedAt !== null,
    changeReason: mine || !hidden ? e.changeReason : '',
    changeUsed: e.changeUsed,
    created: e.createdAt.toISOString(),
    updated: e.updatedAt.toISOString(),
  };
}

async function submit(deps: Deps, memberId: number, side: EvaluationSide, v: Values) {
  try {
    return await deps.db.transaction(async (tx) => {
      // The project row lock orders concurrent submits of both sides: the second sees the first.
      const { project, customerId, supplierId } = await partyOf(tx, memberId, v.id, side, true);
      const now = new Date();
      const deadline = await deadlineOf(tx, project.id);
      if (deadline <= now) throw state('评价期已结束（验收后 14 天内可评价）');
      const existing = await repo.projectEvaluations(tx, project.id);
      if (existing.some((e) => e.row.side === side)) throw state('您已评价过该项目，不能重复评价');
      await checkPictures(tx, memberId, v.pictures);
      const row = await repo.insertEvaluation(tx, {
        projectId: project.id,
        side,
        authorId: memberId,
        targetId: side === 'supplier' ? customerId : supplierId,
        ...marksOf(side, v),
        content: v.content,
        pictures: v.pictures,
        windowEndsAt: deadline,
      });
      const revealed = existing.some((e) => e.row.side === other(side));
      if (revealed) await repo.revealProject(tx, project.id, now);
      await evaluationEvent(tx, 'submitted', { projectId: project.id, evaluationId: row.id, side, revealed });
      return itemIn(tx, memberId, project.id, side);
    });
  } catch (err) {
    // the unique (project, side) index is the last word when two submits pass the check together
    if (pgErrorCode(err) === '23505') throw state('您已评价过该项目，不能重复评价');
    throw err;
  }
}

async function edit(deps: Deps, memberId: number, side: EvaluationSide, v: Values) {
  return deps.db.transaction(async (tx) => {
    const { project } = await partyOf(tx, memberId, v.id, side, true);
    const mine = (await repo.projectEvaluations(tx, project.id)).find((e) => e.row.side === side)?.row;
    if (!mine) throw state('您还没有评价该项目');
    const now = new Date();
    let changeUsed = mine.changeUsed;
    if (isPublic(mine, now)) {
      // after the reveal only a customer evaluation the supplier asked to revise, once
      if (side !== 'customer' || !mine.changeRequestedAt || mine.changeUsed)
        throw state('评价已公开，不能修改');
      changeUsed = true;
    }
    await checkPictures(tx, memberId, v.pictures);
    await repo.updateEvaluation(tx, mine.id, {
      ...marksOf(side, v),
      content: v.content,
      pictures: v.pictures,
      changeUsed,
    });
    // the revision the supplier asked for: tell the supplier (an edit before the reveal tells nobody)
    if (changeUsed && !mine.changeUsed)
      await evaluationEvent(tx, 'revised', { projectId: project.id, evaluationId: mine.id });
    return itemIn(tx, memberId, project.id, side);
  });
}

async function itemIn(
  db: DbOrTx,
  memberId: number,
  projectId: number,
  side: EvaluationSide,
): Promise<ProjectEvaluations> {
  const now = new Date();
  const rows = await repo.projectEvaluations(db, projectId);
  const mineRow = rows.find((e) => e.row.side === side);
  const theirsRow = rows.find((e) => e.row.side === other(side));
  const deadline = await deadlineOf(db, projectId);
  const open = deadline > now;
  const minePublic = mineRow ? isPublic(mineRow.row, now) : false;
  return {
    projectId,
    side,
    deadline: deadline.toISOString(),
    open,
    mine: mineRow ? toView(mineRow, memberId, now) : null,
    theirs: theirsRow ? toView(theirsRow, memberId, now) : null,
    theirsSubmitted: Boolean(theirsRow),
    canSubmit: open && !mineRow,
    canEdit: Boolean(
      mineRow &&
        (!minePublic ||
          (side === 'customer' && mineRow.row.changeRequestedAt !== null && !mineRow.row.changeUsed)),
    ),
  };
}

async function item(deps: Deps, memberId: number, projectId: number, side: EvaluationSide) {
  await partyOf(deps.db, memberId, projectId, side, false);
  return itemIn(deps.db, memberId, projectId, side);
}

// ---------- the supplier (winner) ----------

export const factoryCmt = (deps: Deps, memberId: number, v: FactoryCmtValues) =>
  submit(deps, memberId, 'supplier', v);
export const factoryCmtEdit = (deps: Deps, memberId: number, v: FactoryCmtValues) =>
  edit(deps, memberId, 'supplier', v);
export const factoryCmtItem = (deps: Deps, memberId: number, id: number) =>
  item(deps, memberId, id, 'supplier');

/** The supplier's given (`kind: given`) or received evaluations, each as the supplier may see it. */
export async function list(
  deps: Deps,
  memberId: number,
  input: { page: number; pageSize: number; kind: 'given' | 'received' },
) {
  const now = new Date();
  const { list: rows, total } = await repo.listEvaluations(deps.db, memberId, {
    kind: input.kind,
    side: input.kind === 'given' ? 'supplier' : 'customer',
    limit: input.pageSize,
    offset: (input.page - 1) * input.pageSize,
  });
  return { listItem: rows.map((r) => toView(r, memberId, now)), total, page: input.page };
}

/** evaluateItem: one evaluation the supplier received (the reply and revision pages). */
export async function receivedOne(deps: Deps, memberId: number, id: number) {
  const r = await repo.evaluationView(deps.db, id);
  if (r?.row.side !== 'customer' || r.row.targetId !== memberId) throw new AppError('NOT_FOUND');
  return toView(r, memberId, new Date());
}

/** A customer evaluation of this supplier, locked, public (the supplier can read it) — else an error. */
async function receivedPublic(tx: Tx, memberId: number, id: number): Promise<EvaluationRow> {
  const e = await repo.lockEvaluation(tx, id);
  if (e?.side !== 'customer' || e.targetId !== memberId) throw new AppError('NOT_FOUND');
  if (!isPublic(e, new Date())) throw state('评价公开后才能操作');
  return e;
}

/** evaluateReply: the supplier's one public reply to a customer evaluation it received. */
export async function reply(deps: Deps, memberId: number, input: { id: number; content: string }) {
  return deps.db.transaction(async (tx) => {
    const e = await receivedPublic(tx, memberId, input.id);
    if (e.repliedAt) throw state('每条评价只能回复一次');
    await repo.updateEvaluation(tx, e.id, { reply: input.content, repliedAt: new Date() });
    await evaluationEvent(tx, 'replied', { projectId: e.projectId, evaluationId: e.id });
    return toView((await repo.evaluationView(tx, e.id))!, memberId, new Date());
  });
}

/** evaluateChange: asks the customer to revise the evaluation, once; the customer may then edit once. */
export async function requestChange(deps: Deps, memberId: number, input: { id: number; reason: string }) {
  return deps.db.transaction(async (tx) => {
    const e = await receivedPublic(tx, memberId, input.id);
    if (e.changeRequestedAt) throw state('每条评价只能申请修改一次');
    await repo.updateEvaluation(tx, e.id, { changeRequestedAt: new Date(), changeReason: input.reason });
    await evaluationEvent(tx, 'changeRequested', { projectId: e.projectId, evaluationId: e.id });
    return toView((await repo.evaluationView(tx, e.id))!, memberId, new Date());
  });
}

// ---------- the customer ----------

export const evaluate = (deps: Deps, memberId: number, v: CustomerEvaluateValues) =>
  submit(deps, memberId, 'customer', v);
export const evaluateEdit = (deps: Deps, memberId: number, v: CustomerEvaluateValues) =>
  edit(deps, memberId, 'customer', v);
export const evaluateInfo = (deps: Deps, memberId: number, id: number) =>
  item(deps, memberId, id, 'customer');

// ---------- score ----------

/** Scores of many suppliers in one query; suppliers without public evaluations are absent (暂无评分). */
export function scoresOf(db: DbOrTx, supplierIds: number[]): Promise<Map<number, number>> {
  return repo.supplierScores(db, [...new Set(supplierIds)], new Date());
}
