import {
  deliveryStep,
  PROJECT_STATUS,
  QUOTE_STATUS,
  type QuoteState,
  quoteStateOf,
  quoteStatusOf,
  stageKindLabels,
} from '@zl/shared';
import type { DbOrTx } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { evaluatedSides } from '../evaluation/evaluation.repo.ts';
import { scoresOf } from '../evaluation/evaluation.service.ts';
import { trackRecordOf } from '../member/track-record.ts';
import { projectSummary } from '../project/project-view.ts';
import { listStagesOf } from '../stage/stage.repo.ts';
import {
  findOwnQuote,
  findPartyName,
  findProject,
  findWinner,
  listQuotedProjects,
} from './projectcenter.repo.ts';

/**
 * Projectcenter/winnerInfo: to the project's customer and its bidders only (anyone else NOT_FOUND).
 * Bidders learn who won, never what anyone quoted; the contacts go only between winner and customer.
 */
export async function winnerInfo(db: DbOrTx, memberId: number, id: number) {
  const p = await findProject(db, id);
  const mine = p ? await findOwnQuote(db, p.id, memberId) : undefined;
  const isCustomer = p?.customerId === memberId;
  if (!p || (!isCustomer && !mine)) throw new AppError('NOT_FOUND');
  const awarded = p.winnerQuoteId !== null && p.status >= PROJECT_STATUS.AWARDED;
  const winner = awarded ? await findWinner(db, p.winnerQuoteId) : undefined;
  const isWinner = Boolean(winner && mine && winner.supplierId === memberId);
  let contact: { mobile: string; name: string } | null = null;
  if (winner && isWinner) {
    contact = { mobile: p.mobile, name: await findPartyName(db, p.customerId) };
  } else if (winner && isCustomer) {
    contact = { mobile: winner.mobile, name: winner.name };
  }
  return {
    awarded,
    winner: winner
      ? {
          cardno: winner.cardno,
          name: winner.name,
          nickname: winner.nickname,
          company: winner.company,
          trackRecord: await trackRecordOf(db, winner.supplierId),
          score: (await scoresOf(db, [winner.supplierId])).get(winner.supplierId) ?? null,
        }
      : null,
    mine: mine ? quoteStateOf(mine.status) : null,
    contact,
  };
}

/** Projectcenter/factoryPrjctList: the projects the caller quoted on, newest quote first. */
export async function factoryPrjctList(
  db: DbOrTx,
  memberId: number,
  input: { state?: QuoteState | undefined; page: number; pageSize: number },
) {
  const { rows, total } = await listQuotedProjects(db, memberId, {
    quoteStatus: input.state === undefined ? undefined : quoteStatusOf(input.state),
    limit: input.pageSize,
    offset: (input.page - 1) * input.pageSize,
  });
  const evaluated = await evaluatedSides(
    db,
    rows.filter((r) => r.status === PROJECT_STATUS.DONE).map((r) => r.id),
  );
  // a won project awaiting acceptance waits first for the stage the customer has not paid
  const dueStages = new Map<number, { label: string; overdue: boolean }>();
  const waiting = rows.filter(
    (r) => r.quoteStatus === QUOTE_STATUS.WON && r.status === PROJECT_STATUS.ACCEPTING,
  );
  for (const s of await listStagesOf(
    db,
    waiting.map((r) => r.id),
  ))
    if (s.status === 'due' && s.kind !== 'prepay' && !dueStages.has(s.projectId))
      dueStages.set(s.projectId, {
        label: stageKindLabels[s.kind],
        overdue: s.dueAt.getTime() <= Date.now(),
      });
  return {
    listItem: rows.map((r) => ({
      ...projectSummary(r, r.favorite),
      quoteId: r.quoteId,
      quoteTotal: r.quoteTotal,
      quoteState: quoteStateOf(r.quoteStatus),
      delivery:
        r.quoteStatus === QUOTE_STATUS.WON ? supplierStep(r, evaluated.get(r.id), dueStages.get(r.id)) : null,
    })),
    total,
    page: input.page,
  };
}

/** The won project's step and the supplier's next action (shared deliveryStep, docs/delivery-contract.md). */
function supplierStep(
  r: {
    id: number;
    status: number;
    contctck: number;
    ispaid: boolean;
    prepay: number;
    reportck: number;
    complaintOpen: boolean;
    closedBy: string;
    sdate: string;
    edate: string;
    biddl: Date;
  },
  evaluatedBy?: { supplier: boolean; customer: boolean },
  dueStage?: { label: string; overdue: boolean },
) {
  const s = deliveryStep({
    ...r,
    evaluatedBy,
    dueStage,
    prepay: Number(r.prepay),
    biddl: r.biddl.toISOString(),
    contctckdt: '',
    reportdate: '',
  });
  return { label: s.label, next: { label: s.supplier.label, href: s.supplier.href } };
}
