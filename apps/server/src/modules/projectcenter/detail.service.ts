import {
  AUTH_STATUS,
  CONTRACT_CHECK,
  PROJECT_PARTY_FIELDS,
  PROJECT_STATUS,
  type ProjectInfo,
  type QUOTE_BLOCKERS,
} from '@zl/shared';
import type { DbOrTx } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { coinBalance } from '../ledger/ledger.service.ts';
import { type ProjectRow, projectDetail, shanghaiDateTime } from '../project/project-view.ts';
import { evaluatedByOf, projectOrbits } from './orbits.ts';
import {
  findCaller,
  findOwnQuote,
  findProject,
  isFavorite,
  isPublic,
  projectTimeline,
  type QuoteRow,
} from './projectcenter.repo.ts';

type Blocker = (typeof QUOTE_BLOCKERS)[number];

const BLOCKER_TEXT: Record<Blocker, string> = {
  NOT_WORKSHOP: '只有供应商账号可以报价',
  NOT_VERIFIED: '完成实名认证或企业认证后才能报价',
  ALREADY_QUOTED: '您已报价，可在截止前修改报价',
  BIDDING_CLOSED: '该项目已截止报价',
  INSUFFICIENT_COINS: '金币不足，请先充值',
};

export type Caller = NonNullable<Awaited<ReturnType<typeof findCaller>>>;

export async function loadCaller(db: DbOrTx, memberId: number): Promise<Caller> {
  const caller = await findCaller(db, memberId);
  if (!caller) throw new AppError('NOT_LOGGED_IN');
  return caller;
}

export function isVerified(c: Pick<Caller, 'personauth' | 'businsauth'>): boolean {
  return c.personauth === AUTH_STATUS.APPROVED || c.businsauth === AUTH_STATUS.APPROVED;
}

/** Bidding runs: status 1 (竞标中) and the deadline still ahead. */
export function biddingOpen(p: Pick<ProjectRow, 'status' | 'biddl'>, now = new Date()): boolean {
  return p.status === PROJECT_STATUS.BIDDING && p.biddl.getTime() > now.getTime();
}

/**
 * A project the caller may look at through the supplier calls: an approved one, or their own.
 * Anything else (pending review, rejected, unknown id) is NOT_FOUND, so its existence is not told.
 */
export async function visibleProject(db: DbOrTx, memberId: number, id: number): Promise<ProjectRow> {
  const p = await findProject(db, id);
  if (!p || !(isPublic(p) || p.customerId === memberId)) throw new AppError('NOT_FOUND');
  return p;
}

/** The customer's contact: to the customer, and from status 2 (已选标) on to the winner. */
export function mayseeContact(p: ProjectRow, memberId: number, mine: QuoteRow | undefined): boolean {
  if (p.customerId === memberId) return true;
  return (
    p.status >= PROJECT_STATUS.AWARDED &&
    p.winnerQuoteId !== null &&
    mine !== undefined &&
    mine.id === p.winnerQuoteId
  );
}

export function quoteSummary(q: QuoteRow) {
  return {
    quoteId: q.id,
    total: q.total,
    days: q.days,
    status: q.status,
    created: shanghaiDateTime(q.createdAt),
    updated: shanghaiDateTime(q.updatedAt),
  };
}

async function blocker(
  db: DbOrTx,
  caller: Caller,
  p: ProjectRow,
  mine: QuoteRow | undefined,
): Promise<Blocker | null> {
  if (caller.cardtype !== 'workshop') return 'NOT_WORKSHOP';
  if (!isVerified(caller)) return 'NOT_VERIFIED';
  if (mine) return 'ALREADY_QUOTED';
  if (!biddingOpen(p)) return 'BIDDING_CLOSED';
  if ((await coinBalance(db, caller.id)) < p.coins) return 'INSUFFICIENT_COINS';
  return null;
}

/**
 * Projectcenter/getInfo. The project's delivery, money and timeline (PROJECT_PARTY_FIELDS) go only
 * to its customer and its winner; any other member (a bidder who lost, a supplier browsing the hall,
 * another customer) gets the public part a bidder needs (docs/delivery.md § Who sees the delivery).
 */
export async function getInfo(db: DbOrTx, memberId: number, id: number): Promise<ProjectInfo> {
  const caller = await loadCaller(db, memberId);
  const p = await visibleProject(db, memberId, id);
  const [mine, favorite] = await Promise.all([
    findOwnQuote(db, p.id, memberId),
    isFavorite(db, memberId, p.id),
  ]);
  const why = await blocker(db, caller, p, mine);
  const party = mayseeContact(p, memberId, mine);
  const detail = projectDetail(p, { showMobile: party });
  // a contract rejection reason is between the two parties (docs/delivery-contract.md)
  if (!party && p.contctck === CONTRACT_CHECK.REJECTED) detail.reason = '';
  const info: ProjectInfo = {
    ...detail,
    favorite,
    myQuote: mine ? quoteSummary(mine) : null,
    canQuote: why === null,
    whyNot: why,
    whyNotText: why ? BLOCKER_TEXT[why] : '',
  };
  if (!party) {
    for (const key of PROJECT_PARTY_FIELDS) delete info[key];
    return info;
  }
  info.orbits = projectOrbits(p, await projectTimeline(db, p.id));
  info.evaluatedBy = await evaluatedByOf(db, p);
  return info;
}
