import {
  changeLineKey,
  formatFen,
  PROJECT_STATUS,
  parseReportLineKey,
  REPORT_CHECK,
  REPORT_REASON_MAX,
  REPORT_REASON_MIN,
  REQUIREMENT_CATEGORIES,
  type ReportInfo,
  type ReportLineState,
  type ReportReviewInput,
  type ReportReviewResult,
  type RequirementCategory,
  reportLineKey,
  shanghaiMinute,
  stageKindLabels,
  type UpdateReportsInput,
} from '@zl/shared';
import type { Config } from '../../config/env.ts';
import type { Db, DbOrTx, Tx } from '../../db/client.ts';
import { AppError, fieldError } from '../../lib/errors.ts';
import { approvedAdds, type ChangeOrderRow, hasPendingAdd } from '../change/change.repo.ts';
import { assertOwnFile, fileRef } from '../file/file-access.ts';
import { releaseRules } from '../payment/payment.service.ts';
import {
  applyTransition,
  lockProject,
  type ProjectRow,
  type TransitionActor,
} from '../project/project-transition.ts';
import { hasUnpaidStage } from '../stage/stage.repo.ts';
import { type ReleaseRules, releaseDue, stagesOf } from '../stage/stage.service.ts';
import * as repo from './report.repo.ts';

/** The completion report and its acceptance: docs/delivery-report.md. */

const CATEGORY_NAMES = Object.fromEntries(REQUIREMENT_CATEGORIES) as Record<RequirementCategory, string>;
const DAY_MS = 86_400_000;

export interface ChecklistLine {
  line: string;
  category: RequirementCategory;
  index: number;
  name: string;
  spec: string;
  unit: string;
  qty: number;
  price: number;
  amount: number;
  /** the change order's number, for an approved 增项's line */
  change?: number;
}

/**
 * Every priced line of the winning quote, in the seven categories' order, then the lines of each
 * approved 增项 in order (docs/change-orders.md "Acceptance").
 */
export function checklistOf(quote: repo.WinningQuote, adds: readonly ChangeOrderRow[] = []): ChecklistLine[] {
  const out: ChecklistLine[] = [];
  for (const [category] of REQUIREMENT_CATEGORIES) {
    (quote.lines[category] ?? []).forEach((l, index) => {
      out.push({
        line: reportLineKey(category, index),
        category,
        index,
        name: l.name,
        spec: l.spec ?? '',
        unit: l.unit ?? '',
        qty: l.qty,
        price: l.price,
        amount: l.amount,
      });
    });
  }
  for (const o of adds)
    o.lines.forEach((l, index) => {
      out.push({
        line: changeLineKey(o.id, index),
        category: l.category as RequirementCategory,
        index,
        name: l.name,
        spec: l.spec,
        unit: l.unit,
        qty: l.qty,
        price: l.price,
        amount: l.amount,
        change: o.seq,
      });
    });
  return out;
}

/** 「地面 · 地毯」: how a checklist line is named in messages. */
function lineLabel(key: string, byKey: Map<string, ChecklistLine>): string {
  const l = byKey.get(key);
  if (l) return `${CATEGORY_NAMES[l.category]} · ${l.name}`;
  const parsed = parseReportLineKey(key);
  return parsed ? `${CATEGORY_NAMES[parsed.category]}第 ${parsed.index + 1} 项` : key;
}

function invalid(message: string, status: number): AppError {
  return new AppError('INVALID_STATE', { message, data: { status } });
}

/** The project (locked) and its winning quote when `memberId` is the winner; else NOT_FOUND. */
async function lockAsWinner(tx: Tx, memberId: number, projectId: number) {
  const project = await lockProject(tx, projectId);
  const quote = project ? await repo.findWinningQuote(tx, projectId) : undefined;
  if (!project || !quote || quote.supplierId !== memberId) throw new AppError('NOT_FOUND');
  return { project, quote };
}

/**
 * Projectcenter/fUpdateReports: the winner hands in the completion report (status 4 → 5,
 * reportck 1). The first report covers every checklist line exactly once; after a rework
 * (reportck 3) only the flagged lines, the ticked ones stay ticked.
 */
export async function updateReports(
  db: Db,
  memberId: number,
  input: Required<Omit<UpdateReportsInput, 'id'>> & { id: number },
): Promise<ReportInfo> {
  await db.transaction(async (tx) => {
    const { project, quote } = await lockAsWinner(tx, memberId, input.id);
    if (project.status !== PROJECT_STATUS.BUILDING) {
      throw invalid(
        project.status === PROJECT_STATUS.ACCEPTING
          ? '完工报告已提交，等待参展商验收'
          : '项目当前状态不能提交完工报告',
        project.status,
      );
    }
    // a booth is not finished before the build-in starts (docs/delivery-report.md)
    if (Date.now() < project.buildStart.getTime())
      throw invalid(
        `进场布展 ${shanghaiMinute(project.buildStart)} 才开始，完工报告须在进场施工后提交`,
        project.status,
      );
    if (await hasPendingAdd(tx, project.id))
      throw invalid('有待参展商确认的增项变更单，请等参展商确认后再提交完工报告', project.status);
    const checklist = checklistOf(quote, await approvedAdds(tx, project.id));
    const byKey = new Map(checklist.map((l) => [l.line, l]));
    const existing = new Map((await repo.listReportLines(tx, project.id)).map((r) => [r.line, r]));
    const rework = project.reportck === REPORT_CHECK.REWORK;
    // which lines this round must carry: all of them the first time; after a rework the flagged
    // ones, and any never reported (an 增项 approved since)
    const due = rework
      ? checklist
          .filter((l) => !existing.has(l.line) || existing.get(l.line)?.state === 'flagged')
          .map((l) => l.line)
      : checklist.map((l) => l.line);
    const seen = new Set<string>();
    input.lines.forEach((l, i) => {
      const field = `lines.${i}.line`;
      if (!byKey.has(l.line)) {
        throw fieldError('VALIDATION_FAILED', field, `清单项「${lineLabel(l.line, byKey)}」不在中标报价中`);
      }
      if (seen.has(l.line)) {
        throw fieldError('VALIDATION_FAILED', field, `清单项「${lineLabel(l.line, byKey)}」重复提交`);
      }
      seen.add(l.line);
      if (rework && !due.includes(l.line)) {
        throw fieldError(
          'VALIDATION_FAILED',
          field,
          `清单项「${lineLabel(l.line, byKey)}」已验收通过，整改时只需重新提交需整改的项`,
        );
      }
    });
    const missing = due.find((k) => !seen.has(k));
    if (missing) {
      throw fieldError(
        'VALIDATION_FAILED',
        'lines',
        rework
          ? `请重新提交需整改的清单项「${lineLabel(missing, byKey)}」`
          : `请为清单项「${lineLabel(missing, byKey)}」上传照片`,
      );
    }
    // files: the winner's own uploads; photos must be pictures
    for (const [i, id] of input.workpic.entries()) {
      const f = await assertOwnFile(tx, memberId, id, {
        purposes: ['report'],
        field: `workpic.${i}`,
        label: '完工照片',
      });
      if (!f.mime.startsWith('image/'))
        throw fieldError('VALIDATION_FAILED', `workpic.${i}`, '完工照片须为图片');
    }
    for (const [i, id] of input.reports.entries()) {
      await assertOwnFile(tx, memberId, id, {
        purposes: ['report'],
        field: `reports.${i}`,
        label: '报告文件',
      });
    }
    for (const [i, l] of input.lines.entries()) {
      for (const [j, id] of l.photos.entries()) {
        const f = await assertOwnFile(tx, memberId, id, {
          purposes: ['report'],
          field: `lines.${i}.photos.${j}`,
          label: '清单项照片',
        });
        if (!f.mime.startsWith('image/')) {
          throw fieldError('VALIDATION_FAILED', `lines.${i}.photos.${j}`, '清单项照片须为图片');
        }
      }
    }
    const before = await repo.findProjectReport(tx, project.id);
    const round = before ? before.round + 1 : 1;
    await applyTransition(
      tx,
      {
        projectId: project.id,
        event: 'uploadReport',
        actor: { type: 'supplier', id: memberId },
        detail: { round, lines: input.lines.length },
      },
      () => ({
        workpic: input.workpic,
        reports: input.reports,
        reportck: REPORT_CHECK.PENDING,
        reportdate: new Date(),
      }),
    );
    await repo.upsertReportLines(
      tx,
      project.id,
      round,
      input.lines.map((l) => ({ line: l.line, photos: l.photos, note: l.note ?? '' })),
    );
    await repo.upsertProjectReport(tx, project.id, { remark: input.remark, round });
  });
  return reportInfo(db, memberId, input.id, 0);
}

/**
 * Projectcenter/reportInfo: the checklist with the quote's line details, photos, notes and
 * states; to the winner and the project's customer only (anyone else NOT_FOUND).
 * `autoAcceptDays` dates the system's acceptance of an undecided report (0: not shown).
 */
export async function reportInfo(
  db: DbOrTx,
  memberId: number,
  projectId: number,
  autoAcceptDays: number,
): Promise<ReportInfo> {
  const project = await repo.findProject(db, projectId);
  const quote = project ? await repo.findWinningQuote(db, projectId) : undefined;
  if (!project || !quote) throw new AppError('NOT_FOUND');
  const role =
    quote.supplierId === memberId ? 'supplier' : project.customerId === memberId ? 'customer' : null;
  if (!role) throw new AppError('NOT_FOUND');
  const rows = new Map((await repo.listReportLines(db, projectId)).map((r) => [r.line, r]));
  const report = await repo.findProjectReport(db, projectId);
  const meta = new Map((await repo.fileMeta(db, project.reports)).map((f) => [f.id, f]));
  const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);
  return {
    id: project.id,
    orders: project.orders,
    title: project.title,
    status: project.status,
    reportck: project.reportck,
    reportdate: iso(project.reportdate),
    role,
    workpic: project.workpic.map((id) => fileRef(id)),
    reports: project.reports.map((id) => {
      const f = meta.get(id);
      return { ...fileRef(id, f ? f.mime.startsWith('image/') : false), name: f?.name ?? '文件' };
    }),
    remark: report?.remark ?? '',
    round: report?.round ?? 0,
    lines: checklistOf(quote, await approvedAdds(db, projectId)).map(({ change, ...l }) => {
      const r = rows.get(l.line);
      return {
        ...l,
        categoryName: change
          ? `增项（变更单 ${change}）· ${CATEGORY_NAMES[l.category]}`
          : CATEGORY_NAMES[l.category],
        photos: (r?.photos ?? []).map((id) => fileRef(id)),
        note: r?.note ?? '',
        state: (r?.state ?? 'pending') as ReportLineState,
        reason: r?.reason ?? '',
        round: r?.round ?? 0,
        submittedAt: iso(r?.submittedAt),
        reviewedAt: iso(r?.reviewedAt),
      };
    }),
    total: quote.total,
    prepayp: project.prepayp,
    complaintOpen: project.complaintOpen,
    // the system accepts only once every stage is paid (docs/staged-escrow.md "Acceptance")
    autoAcceptAt:
      project.reportck === REPORT_CHECK.PENDING &&
      project.status === PROJECT_STATUS.ACCEPTING &&
      project.reportdate &&
      autoAcceptDays > 0 &&
      !(await hasUnpaidStage(db, project.id))
        ? new Date(project.reportdate.getTime() + autoAcceptDays * DAY_MS).toISOString()
        : null,
    accepted: report?.acceptedAt
      ? {
          at: iso(report.acceptedAt),
          by: report.acceptedBy,
          released: report.released,
          commission: report.commission,
        }
      : null,
  };
}

/**
 * The acceptance itself, in the caller's transaction (the project already locked and checked):
 * every pending line ticked, 5 → 6 with reportck 2, and the escrow released to the winner less
 * the commission — all commit together or not at all.
 */
export async function acceptReport(
  tx: Tx,
  project: ProjectRow,
  actor: TransitionActor,
  rules: ReleaseRules,
): Promise<{ released: number; commission: number }> {
  if (project.complaintOpen) throw new AppError('ACCEPTANCE_FROZEN');
  // every stage paid before the acceptance (docs/staged-escrow.md "Acceptance")
  const unpaid = (await stagesOf(tx, project)).filter((s) => s.status === 'due');
  if (unpaid.length > 0) {
    const what = [...new Set(unpaid.map((s) => stageKindLabels[s.kind]))].join('、');
    throw new AppError('INVALID_STATE', {
      message: `${what}未支付（${formatFen(unpaid.reduce((t, s) => t + s.amount, 0))}）：请先在项目页支付，再验收`,
      data: { status: project.status, href: `/customer/project?id=${project.id}#stages` },
    });
  }
  await repo.tickPendingLines(tx, project.id);
  await applyTransition(
    tx,
    { projectId: project.id, event: 'accept', actor, detail: { reportck: REPORT_CHECK.ACCEPTED } },
    () => ({ reportck: REPORT_CHECK.ACCEPTED }),
  );
  const r = await releaseDue(tx, project.id, rules);
  await repo.markAccepted(tx, project.id, {
    by: actor.type === 'customer' ? 'customer' : actor.type === 'admin' ? 'admin' : 'system',
    ...r,
  });
  return r;
}

/**
 * Customer/reportReview: the customer decides every line awaiting a decision. approve: all of
 * them ticked → accepted (escrow released). Otherwise at least one flagged with a reason →
 * rework (5 → 4, reportck 3), the ticked lines stay ticked.
 */
export async function reportReview(
  db: Db,
  config: Pick<Config, 'marketplace'>,
  customerId: number,
  input: ReportReviewInput & { id: number },
): Promise<ReportReviewResult> {
  return db.transaction(async (tx) => {
    const project = await lockProject(tx, input.id);
    const quote = project ? await repo.findWinningQuote(tx, input.id) : undefined;
    if (!project || !quote || project.customerId !== customerId) throw new AppError('NOT_FOUND');
    if (project.status !== PROJECT_STATUS.ACCEPTING || project.reportck !== REPORT_CHECK.PENDING) {
      throw invalid(
        project.status === PROJECT_STATUS.DONE ? '项目已验收' : '当前没有待验收的完工报告',
        project.status,
      );
    }
    const checklist = checklistOf(quote, await approvedAdds(tx, project.id));
    const byKey = new Map(checklist.map((l) => [l.line, l]));
    const rows = new Map((await repo.listReportLines(tx, project.id)).map((r) => [r.line, r]));
    const decisions = new Map<string, { ok: boolean; reason: string }>();
    for (const [i, l] of (input.lines ?? []).entries()) {
      const field = `lines.${i}`;
      const row = rows.get(l.line);
      if (!byKey.has(l.line) || !row) {
        throw fieldError(
          'VALIDATION_FAILED',
          `${field}.line`,
          `清单项「${lineLabel(l.line, byKey)}」不在完工报告中`,
        );
      }
      if (decisions.has(l.line)) {
        throw fieldError('VALIDATION_FAILED', `${field}.line`, `清单项「${lineLabel(l.line, byKey)}」重复`);
      }
      if (row.state === 'ok' && !l.ok) {
        throw fieldError(
          'VALIDATION_FAILED',
          `${field}.ok`,
          `清单项「${lineLabel(l.line, byKey)}」已验收通过，不能再标记为有问题`,
        );
      }
      const reason = (l.reason ?? '').trim();
      if (!l.ok && (reason.length < REPORT_REASON_MIN || reason.length > REPORT_REASON_MAX)) {
        throw fieldError(
          'VALIDATION_FAILED',
          `${field}.reason`,
          `请填写清单项「${lineLabel(l.line, byKey)}」的整改原因（${REPORT_REASON_MIN}–${REPORT_REASON_MAX} 个字）`,
        );
      }
      decisions.set(l.line, { ok: l.ok, reason: l.ok ? '' : reason });
    }
    // every line awaiting a decision must get one
    const undecided = checklist.find((l) => rows.get(l.line)?.state !== 'ok' && !decisions.has(l.line));
    if (undecided) {
      throw fieldError(
        'VALIDATION_FAILED',
        'lines',
        input.approve
          ? `请先勾选清单项「${lineLabel(undecided.line, byKey)}」，全部通过后才能验收`
          : `请为清单项「${lineLabel(undecided.line, byKey)}」选择通过或有问题`,
      );
    }
    const flagged = [...decisions.entries()].filter(([, d]) => !d.ok);
    if (input.approve) {
      if (flagged.length) {
        throw fieldError(
          'VALIDATION_FAILED',
          'lines',
          `清单项「${lineLabel(flagged[0]![0], byKey)}」标记为有问题，不能验收通过；请提交整改意见`,
        );
      }
      const r = await acceptReport(tx, project, { type: 'customer', id: customerId }, releaseRules(config));
      return { status: PROJECT_STATUS.DONE, reportck: REPORT_CHECK.ACCEPTED, ...r };
    }
    if (!flagged.length) {
      throw fieldError(
        'VALIDATION_FAILED',
        'lines',
        '请至少标记一项有问题并填写整改原因；全部通过请选择验收',
      );
    }
    await repo.setLineStates(
      tx,
      project.id,
      [...decisions.entries()].map(([line, d]) => ({
        line,
        state: d.ok ? ('ok' as const) : ('flagged' as const),
        reason: d.reason,
      })),
    );
    await applyTransition(
      tx,
      {
        projectId: project.id,
        event: 'reworkReport',
        actor: { type: 'customer', id: customerId },
        detail: { reportck: REPORT_CHECK.REWORK, flagged: flagged.map(([line]) => line) },
      },
      () => ({ reportck: REPORT_CHECK.REWORK }),
    );
    return { status: PROJECT_STATUS.BUILDING, reportck: REPORT_CHECK.REWORK, released: 0, commission: 0 };
  });
}

export interface AutoAcceptResult {
  accepted: number;
  released: number;
  failed: number;
}

/**
 * The auto-acceptance round (jobs/scheduler.ts `auto-accept-reports`): every report awaiting the
 * customer for longer than `days`, with no open complaint, is accepted by the system — one
 * transaction per project, `FOR UPDATE SKIP LOCKED`, the same acceptance as the customer's.
 */
export async function autoAcceptReports(
  db: Db,
  opts: {
    days: number;
    rules: ReleaseRules;
    now?: Date;
    onError?: (projectId: number, err: unknown) => void;
  },
): Promise<AutoAcceptResult> {
  const before = new Date((opts.now ?? new Date()).getTime() - opts.days * DAY_MS);
  const result: AutoAcceptResult = { accepted: 0, released: 0, failed: 0 };
  const failed: number[] = [];
  for (;;) {
    let picked: number | undefined;
    try {
      const out = await db.transaction(async (tx) => {
        const due = await repo.lockNextDueReport(tx, before, failed);
        if (!due) return null;
        picked = due.id;
        const project = await lockProject(tx, due.id);
        return acceptReport(tx, project!, { type: 'system', id: null }, opts.rules);
      });
      if (!out) break;
      result.accepted++;
      result.released += out.released;
    } catch (err) {
      if (picked === undefined) throw err;
      failed.push(picked);
      result.failed++;
      opts.onError?.(picked, err);
    }
  }
  return result;
}
