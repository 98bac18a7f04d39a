import {
  AUTH_STATUS,
  PROJECT_STATUS,
  type ProjectEvent,
  type ProjectInfo,
  projectEventAuditLabels,
  type QUOTE_BLOCKERS,
} from '@zl/shared';
import type { DbOrTx } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { coinBalance } from '../ledger/ledger.service.ts';
import { type ProjectRow, projectDetail, shanghaiDateTime, statusText } from '../project/project-view.ts';
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

/** Projectcenter/getInfo */
export async function getInfo(db: DbOrTx, memberId: number, id: number): Promise<ProjectInfo> {
  const caller = await loadCaller(db, memberId);
  const p = await visibleProject(db, memberId, id);
  const [mine, favorite, timeline] = await Promise.all([
    findOwnQuote(db, p.id, memberId),
    isFavorite(db, memberId, p.id),
    projectTimeline(db, p.id),
  ]);
  const why = await blocker(db, caller, p, mine);
  const posted: number = PROJECT_STATUS.PENDING_REVIEW;
  const orbits = [
    {
      status: posted,
      statusText: statusText(posted),
      at: shanghaiDateTime(p.createdAt),
      action: '发布项目',
      who: '参展商',
    },
  ];
  for (const t of timeline) {
    const to = (t.detail as { to?: unknown }).to;
    const delivery = DELIVERY_STEPS.has(t.action);
    // A self-transition (a pending posting edited) is the same status again: not a step either.
    // project.publish records {to: 0} at creation: the first step already says 待审核. A status is
    // listed again only after the project left it (a rejected project resubmitted is 待审核 anew).
    // Delivery steps (contract upload and review …) are listed even when the status stays.
    if (typeof to === 'number' && (delivery || to !== orbits[orbits.length - 1]?.status))
      orbits.push({
        status: to,
        statusText: statusText(to),
        at: shanghaiDateTime(t.at),
        action: orbitAction(t.action, t.detail as Record<string, unknown>),
        who: orbitWho(t.actorType, t.detail as Record<string, unknown>),
      });
  }
  const party = mayseeContact(p, memberId, mine);
  const detail = projectDetail(p, { showMobile: party });
  // a contract rejection reason is between the two parties (docs/delivery-contract.md)
  if (!party && p.contctck === 3) detail.reason = '';
  return {
    ...detail,
    orbits,
    favorite,
    myQuote: mine ? quoteSummary(mine) : null,
    canQuote: why === null,
    whyNot: why,
    whyNotText: why ? BLOCKER_TEXT[why] : '',
  };
}

/** Audit actions listed in the timeline even when the status stays (docs/delivery-contract.md "Timeline"). */
const DELIVERY_STEPS = new Set([
  'project.uploadContract',
  'project.reviewContract',
  'project.startBuilding',
  'project.prepayPaid',
  'project.uploadReport',
  'project.reworkReport',
  'project.accept',
]);

function orbitAction(action: string, detail: Record<string, unknown>): string {
  const event = action.startsWith('project.') ? action.slice('project.'.length) : '';
  const label = projectEventAuditLabels[event as ProjectEvent] ?? '';
  if (event === 'reviewContract') return detail.approve ? `${label}：通过` : `${label}：驳回`;
  return label;
}

function orbitWho(actorType: string, detail: Record<string, unknown>): string {
  if (actorType === 'admin') return '平台';
  if (actorType === 'system') return '系统';
  return detail.actorRole === 'supplier' ? '供应商' : '参展商';
}
