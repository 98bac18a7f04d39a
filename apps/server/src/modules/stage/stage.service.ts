import {
  CONTRACT_CHECK,
  PAY_PLAN_DEFAULT,
  type PayPlanResult,
  type PayStage,
  PROJECT_STATUS,
  type StageKind,
  shanghaiToday,
  showEndOf,
  splitPlan,
  stageDueAt,
  stageKindLabels,
} from '@zl/shared';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { stageIn, stageRelease } from '../ledger/movements.ts';
import { insertEvent } from '../outbox/outbox.repo.ts';
import type { ProjectRow } from '../project/project-transition.ts';
import { lockProject } from '../project/project-transition.ts';
import * as repo from './stage.repo.ts';

export type { ProjectStageRow } from './stage.repo.ts';

/** What releasing money needs to know (config.marketplace). */
export interface ReleaseRules {
  /** the platform's commission, basis points */
  commissionBp: number;
  /** days a retention is held after the show's last day */
  retentionDays: number;
}

const DAY_MS = 86_400_000;

/** floor(amount × bp / 10000): the platform's commission on released escrow. */
export function commissionOf(amountFen: number, bp: number): number {
  return Math.floor((amountFen * bp) / 10_000);
}

/**
 * At the award, in its transaction: the plan applied to the winning total. Stages whose share
 * rounds to 0 分 are left out (their remainder is on the last stage, so the sum holds). The
 * project's `contract_amount` and the seed's `prepay` (the first stage's amount, 0 when the plan
 * asks none) are set with them.
 */
export async function createStages(
  tx: Tx,
  project: Pick<ProjectRow, 'id' | 'payPlan' | 'sdate' | 'edate'>,
  contractAmount: number,
  now = new Date(),
): Promise<repo.ProjectStageRow[]> {
  const planned = splitPlan(contractAmount, project.payPlan ?? PAY_PLAN_DEFAULT).filter((s) => s.amount > 0);
  const rows = await repo.insertStages(
    tx,
    planned.map((s, i) => ({
      projectId: project.id,
      seq: i + 1,
      kind: s.kind,
      percent: s.percent,
      amount: s.amount,
      dueAt: stageDueAt(s.kind, project, now),
    })),
  );
  const prepay = rows.find((s) => s.kind === 'prepay')?.amount ?? 0;
  await repo.setContract(tx, project.id, { contractAmount, prepay });
  return rows;
}

/**
 * A project's stages. An awarded live project without any (awarded before stages existed and
 * inserted since, as the migration's rule says: docs/staged-escrow.md "Projects awarded before
 * stages") gets them here: its prepayment as stage 1, the rest of the winning total as a final
 * stage. The caller holds the project's row lock.
 */
export async function stagesOf(tx: Tx, project: ProjectRow): Promise<repo.ProjectStageRow[]> {
  const rows = await repo.listStages(tx, project.id);
  // a contract amount means the stages were made (at the award or by the migration), even none
  if (rows.length > 0 || project.winnerQuoteId === null || project.contractAmount !== null) return rows;
  if (project.status < PROJECT_STATUS.AWARDED || project.status > PROJECT_STATUS.ACCEPTING) return rows;
  const total = (await repo.findWinningTotal(tx, project.id)) ?? 0;
  const contractAmount = Math.max(total, project.prepay);
  const made: repo.NewStage[] = [];
  if (project.prepay > 0)
    made.push({
      projectId: project.id,
      seq: 1,
      kind: 'prepay',
      amount: project.prepay,
      dueAt: project.buildStart,
      status: project.ispaid ? 'paid' : 'due',
      paidAt: project.ispaid ? new Date() : null,
    });
  if (contractAmount - project.prepay > 0)
    made.push({
      projectId: project.id,
      seq: made.length + 1,
      kind: 'final',
      amount: contractAmount - project.prepay,
      dueAt: showEndOf(project.edate),
    });
  await repo.setContract(tx, project.id, { contractAmount, prepay: project.prepay });
  return repo.insertStages(tx, made);
}

/** Whether a paid stage may go to the winner now (docs/staged-escrow.md "Releasing"). */
function releasable(kind: StageKind, p: ProjectRow, rules: ReleaseRules, now: Date): boolean {
  const accepted = p.status === PROJECT_STATUS.DONE;
  switch (kind) {
    case 'prepay':
    case 'progress':
      return accepted || (p.buildinConfirmedAt !== null && p.status !== PROJECT_STATUS.CLOSED);
    case 'final':
    case 'change':
      return accepted;
    case 'retention':
      return accepted && now.getTime() >= showEndOf(p.edate).getTime() + rules.retentionDays * DAY_MS;
  }
}

export interface Released {
  released: number;
  commission: number;
}

/**
 * Releases every paid stage whose event has happened, in the caller's transaction (the event's
 * own: the build-in confirmation, the acceptance, a stage paid after its event, the retention
 * job). Each stage once: paid → released is a conditional UPDATE and the movement's key is the
 * stage's. Nothing moves while a complaint is open.
 */
export async function releaseDue(
  tx: Tx,
  projectId: number,
  rules: ReleaseRules,
  now = new Date(),
): Promise<Released> {
  const project = await lockProject(tx, projectId);
  if (!project || project.complaintOpen) return { released: 0, commission: 0 };
  return releaseDueOf(tx, project, await stagesOf(tx, project), rules, now);
}

/**
 * `releaseDue` for a project the caller locked and whose stages it read in this transaction
 * (the settlement has both already: no statement is spent reading them again).
 */
export async function releaseDueOf(
  tx: Tx,
  project: ProjectRow,
  stages: readonly repo.ProjectStageRow[],
  rules: ReleaseRules,
  now = new Date(),
): Promise<Released> {
  const out: Released = { released: 0, commission: 0 };
  if (project.complaintOpen) return out;
  const due = stages.filter((s) => s.status === 'paid' && releasable(s.kind, project, rules, now));
  if (due.length === 0) return out;
  const winnerId = await repo.findWinnerId(tx, project.id);
  if (winnerId === undefined) return out;
  for (const s of due) {
    const commission = commissionOf(s.amount, rules.commissionBp);
    if (!(await repo.markStageReleased(tx, s.id, commission))) continue;
    await stageRelease(tx, {
      stageId: s.id,
      projectId: project.id,
      winnerId,
      amountFen: s.amount,
      commissionFen: commission,
      orders: project.orders,
      label: stageKindLabels[s.kind],
    });
    out.released += s.amount;
    out.commission += commission;
  }
  return out;
}

/** The first stage still to pay, or undefined when all are paid. */
export function firstUnpaid(stages: readonly repo.ProjectStageRow[]): repo.ProjectStageRow | undefined {
  return stages.find((s) => s.status === 'due');
}

/** A stage after the first may be paid once the work is under way and the stages before it are paid. */
export function laterStagePayable(
  project: ProjectRow,
  stages: readonly repo.ProjectStageRow[],
  stageId: number,
) {
  const live = project.status === PROJECT_STATUS.BUILDING || project.status === PROJECT_STATUS.ACCEPTING;
  return live && project.contctck === CONTRACT_CHECK.APPROVED && firstUnpaid(stages)?.id === stageId;
}

/**
 * A paid stage after the first, in the settlement's transaction (modules/payment/payment.service.ts
 * settleOrder, which locked the project and marked the order and — when the stage still waited for
 * it — the stage paid in one statement): the money into escrow (`stage_in`), then whatever may go
 * to the winner now, from the stages it read. A stage that no longer waits for it (paid in another
 * order, its amount changed, project closed) leaves the money in the customer's cash.
 */
export async function settleStagePaid(
  tx: Tx,
  order: { outTradeNo: string; memberId: number; stageId: number; amount: number },
  project: ProjectRow,
  paid: { paidStageId: number | null; stages: readonly repo.ProjectStageRow[] },
  rules: ReleaseRules,
  now = new Date(),
): Promise<boolean> {
  const stage = paid.stages.find((s) => s.id === order.stageId);
  const settled = paid.paidStageId !== null;
  await stageIn(
    tx,
    {
      outTradeNo: order.outTradeNo,
      customerId: order.memberId,
      projectId: project.id,
      amountFen: order.amount,
      orders: project.orders,
      label: stageKindLabels[stage?.kind ?? 'change'],
    },
    settled,
  );
  if (!settled) return false;
  const stages = paid.stages.map((s) =>
    s.id === paid.paidStageId ? { ...s, status: 'paid' as const, paidAt: now } : s,
  );
  await releaseDueOf(tx, project, stages, rules, now);
  return true;
}

/**
 * Customer/confirmBuildIn (确认进场): the customer says the crew is on site; the prepayment and
 * the 进场款 held go to the winner in the same transaction. Once; building or reported only.
 */
export async function confirmBuildIn(
  db: { transaction: <T>(fn: (tx: Tx) => Promise<T>) => Promise<T> },
  customerId: number,
  projectId: number,
  rules: ReleaseRules,
): Promise<Released & { confirmedAt: string }> {
  return db.transaction(async (tx) => {
    const project = await lockProject(tx, projectId);
    if (!project || project.customerId !== customerId) throw new AppError('NOT_FOUND');
    if (project.status !== PROJECT_STATUS.BUILDING && project.status !== PROJECT_STATUS.ACCEPTING)
      throw new AppError('INVALID_STATE', {
        message: '项目开始施工后才能确认进场',
        data: { status: project.status },
      });
    if (project.buildinConfirmedAt !== null)
      throw new AppError('INVALID_STATE', { message: '已确认进场', data: { status: project.status } });
    if (project.complaintOpen) throw new AppError('ACCEPTANCE_FROZEN');
    await repo.confirmBuildIn(tx, project.id);
    const r = await releaseDue(tx, project.id, rules);
    return { ...r, confirmedAt: new Date().toISOString() };
  });
}

export interface StageRoundResult {
  confirmed: number;
  retentions: number;
  released: number;
  overdue: number;
  failed: number;
}

/**
 * Unpaid stages of live projects past their due time, marked overdue once (a conditional UPDATE:
 * two schedulers mark each stage once) with a `stage.overdue` event each in the same transaction;
 * the tips and the SMS follow from the outbox (stage-notices.ts).
 */
export async function markOverdueStages(
  db: { transaction: <T>(fn: (tx: Tx) => Promise<T>) => Promise<T> },
  now = new Date(),
): Promise<number> {
  let total = 0;
  for (;;) {
    const n = await db.transaction(async (tx) => {
      const marked = await repo.markOverdue(tx, now, 100);
      for (const m of marked)
        await insertEvent(tx, {
          type: 'stage.overdue',
          aggregateType: 'project',
          aggregateId: m.projectId,
          payload: { stageId: m.stageId, projectId: m.projectId, kind: m.kind, amount: Number(m.amount) },
        });
      return marked.length;
    });
    total += n;
    if (n < 100) return total;
  }
}

/**
 * The stage job's round (jobs/scheduler.ts `stage-releases`): a build-in nobody confirmed one day
 * after it started is confirmed by the system; a retention whose hold ended is released. One
 * transaction per project, `FOR UPDATE SKIP LOCKED`, so two schedulers never take the same one,
 * and the stage's conditional UPDATE keeps each release single even if they did.
 */
export async function stageRound(
  db: { transaction: <T>(fn: (tx: Tx) => Promise<T>) => Promise<T> },
  rules: ReleaseRules,
  opts: { now?: Date; onError?: (projectId: number, err: unknown) => void } = {},
): Promise<StageRoundResult> {
  const now = opts.now ?? new Date();
  const result: StageRoundResult = { confirmed: 0, retentions: 0, released: 0, overdue: 0, failed: 0 };
  // build-in started (sdate − 2 days) more than a day ago: sdate ≤ today + 1
  const sdateBefore = shanghaiToday(now.getTime() + DAY_MS);
  // retention hold over: showEnd(edate) + days ≤ now ⇔ edate ≤ today − days − 1
  const edateBefore = shanghaiToday(now.getTime() - (rules.retentionDays + 1) * DAY_MS);
  const rounds: Array<{
    pick: (tx: Tx, failed: number[]) => Promise<{ id: number } | undefined>;
    act: (tx: Tx, id: number) => Promise<Released>;
    count: 'confirmed' | 'retentions';
  }> = [
    {
      pick: (tx, failed) => repo.lockNextUnconfirmedBuildIn(tx, sdateBefore, failed),
      act: async (tx, id) => {
        await repo.confirmBuildIn(tx, id);
        return releaseDue(tx, id, rules, now);
      },
      count: 'confirmed',
    },
    {
      pick: (tx, failed) => repo.lockNextRetentionDue(tx, edateBefore, failed),
      act: (tx, id) => releaseDue(tx, id, rules, now),
      count: 'retentions',
    },
  ];
  for (const round of rounds) {
    const failed: number[] = [];
    for (;;) {
      let picked: number | undefined;
      try {
        const r = await db.transaction(async (tx) => {
          const due = await round.pick(tx, failed);
          if (!due) return null;
          picked = due.id;
          return round.act(tx, due.id);
        });
        if (!r) break;
        result[round.count]++;
        result.released += r.released;
        // a retention that could not be released (the rule moved) would be picked again: stop
        if (round.count === 'retentions' && r.released === 0) failed.push(picked!);
      } catch (err) {
        if (picked === undefined) throw err;
        failed.push(picked);
        result.failed++;
        opts.onError?.(picked, err);
      }
    }
  }
  result.overdue = await markOverdueStages(db, now);
  return result;
}

const RELEASE_RULES: Record<StageKind, string> = {
  prepay: '确认进场后结算给供应商',
  progress: '确认进场后结算给供应商',
  final: '验收通过后结算给供应商',
  retention: '撤展后质保期满、无投诉时结算给供应商',
  change: '验收通过后结算给供应商',
};

/** The stages as the parties see them. */
export function stageViews(
  project: ProjectRow,
  stages: readonly repo.ProjectStageRow[],
  now = new Date(),
): PayStage[] {
  const next = firstUnpaid(stages);
  // a stage a 减项 took all of is no longer part of the plan (docs/change-orders.md)
  return stages
    .filter((s) => s.amount > 0)
    .map((s) => {
      const payable =
        s.status === 'due' &&
        next?.id === s.id &&
        (s.kind === 'prepay'
          ? project.status === PROJECT_STATUS.SIGNING && project.contctck === CONTRACT_CHECK.APPROVED
          : laterStagePayable(project, stages, s.id));
      return {
        id: s.id,
        kind: s.kind,
        percent: s.percent,
        amount: s.amount,
        due: s.dueAt.toISOString(),
        status: s.status,
        overdue:
          s.status === 'due' && s.dueAt.getTime() <= now.getTime() && project.status < PROJECT_STATUS.DONE,
        payable,
        paidAt: s.paidAt?.toISOString() ?? null,
        releasedAt: s.releasedAt?.toISOString() ?? null,
        releaseRule: RELEASE_RULES[s.kind],
      };
    });
}

/** What is held, released, due and overdue, from the stages. */
export function escrowOf(views: readonly PayStage[]): PayPlanResult['escrow'] {
  const sum = (f: (s: PayStage) => boolean) => views.filter(f).reduce((t, s) => t + s.amount, 0);
  return {
    held: sum((s) => s.status === 'paid'),
    released: sum((s) => s.status === 'released'),
    due: sum((s) => s.status === 'due'),
    overdue: sum((s) => s.overdue),
  };
}

/**
 * Projectcenter/payPlan: to the project's customer and its winner only (anyone else NOT_FOUND).
 * Before the award the plan alone (no stages yet).
 */
export async function payPlan(
  db: { transaction: <T>(fn: (tx: Tx) => Promise<T>) => Promise<T> } & DbOrTx,
  memberId: number,
  projectId: number,
): Promise<PayPlanResult> {
  // a read: no row lock unless the stages must be made first (an awarded row from before them)
  const project = await repo.findProject(db, projectId);
  if (!project) throw new AppError('NOT_FOUND');
  const winnerId = project.winnerQuoteId === null ? undefined : await repo.findWinnerId(db, project.id);
  const party =
    project.customerId === memberId || (winnerId === memberId && project.status >= PROJECT_STATUS.AWARDED);
  if (!party) throw new AppError('NOT_FOUND');
  const made = project.contractAmount !== null || project.winnerQuoteId === null;
  if (made) return viewOf(project, await repo.listStages(db, project.id));
  return db.transaction(async (tx) => planView(tx, (await lockProject(tx, projectId))!));
}

/** The payPlan answer for a project locked by the caller (members and operators alike). */
export async function planView(tx: Tx, project: ProjectRow): Promise<PayPlanResult> {
  const stages = await stagesOf(tx, project);
  const fresh = stages.length > 0 ? ((await lockProject(tx, project.id)) ?? project) : project;
  return viewOf(fresh, stages);
}

function viewOf(project: ProjectRow, stages: readonly repo.ProjectStageRow[]): PayPlanResult {
  const views = stageViews(project, stages);
  return {
    contractAmount:
      stages.length > 0 ? (project.contractAmount ?? views.reduce((t, s) => t + s.amount, 0)) : null,
    plan: project.payPlan ?? PAY_PLAN_DEFAULT,
    stages: views,
    escrow: escrowOf(views),
    buildInConfirmed: project.buildinConfirmedAt !== null,
    buildInStart: project.buildStart.toISOString(),
    complaintOpen: project.complaintOpen,
  };
}
