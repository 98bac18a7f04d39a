import {
  deliveryStep,
  HOME_CLOSING_DAYS,
  HOME_EARNING_MONTHS,
  HOME_PROJECTS_LIMIT,
  HOME_TODO_LIMIT,
  type HomeDeliveryTodo,
  type HomeInfo,
  PROJECT_STATUS,
  shanghaiToday,
} from '@zl/shared';
import type { DbOrTx } from '../../db/client.ts';
import { monthlyInOut } from '../bills/bills.repo.ts';
import { lastMonths } from '../bills/bills.service.ts';
import { selectMember } from '../member/member.repo.ts';
import { projectSummary } from '../project/project-view.ts';
import { searchProjects } from '../projectcenter/search.repo.ts';
import { unreadOf } from '../tip/tip.service.ts';
import * as repo from './home.repo.ts';

/**
 * Member/homeInfo (docs/home.md): the supplier's to-dos, figures and newest matching projects.
 * Every read filters by the caller: another member's quotes, favourites and money never count.
 */

const DAY = 86_400_000;

/** The delivery to-dos: won projects whose next step is the supplier's (shared deliveryStep). */
function deliveryTodos(rows: Awaited<ReturnType<typeof repo.deliveryProjects>>, today: string) {
  const out: HomeDeliveryTodo[] = [];
  for (const r of rows) {
    const s = deliveryStep({
      ...r,
      prepay: Number(r.prepay),
      biddl: r.biddl.toISOString(),
      buildStart: r.buildStart.toISOString(),
      contctckdt: '',
      reportdate: '',
    });
    if (s.supplier.waiting || !s.supplier.href) continue;
    // the contract is due by 进场 (the build-in start's day, docs/show-dates.md), the report by 开展
    const due = r.status === PROJECT_STATUS.BUILDING ? r.sdate : shanghaiToday(r.buildStart);
    out.push({
      id: r.id,
      orders: r.orders,
      title: r.title,
      step: s.label,
      action: s.supplier.label,
      href: s.supplier.href,
      due,
      overdue: due !== '' && today > due,
    });
  }
  return out.slice(0, HOME_TODO_LIMIT);
}

/** Escrow released to the supplier per Asia/Shanghai month (bills' monthly sums of `escrow_release`). */
async function earningsOf(db: DbOrTx, memberId: number, now: Date) {
  const months = lastMonths(HOME_EARNING_MONTHS, now);
  // releases credit the cash account only: the ¥ figures of the type are the cash account's
  const sums = await monthlyInOut(db, memberId, 'CNY', months[0]!, 'escrow_release');
  const byMonth = new Map(sums.map((s) => [s.month, s.in]));
  return months.map((month) => ({ month, amount: byMonth.get(month) ?? 0 }));
}

export async function homeInfo(db: DbOrTx, memberId: number, now: Date = new Date()): Promise<HomeInfo> {
  const me = await selectMember(db, memberId, ['prov']);
  const prov = me?.prov ?? '';
  const [quoteRows, deliveryRows, unreadTips, counts, earnings, regional] = await Promise.all([
    repo.quoteTodos(db, memberId, {
      prov,
      closingBefore: new Date(now.getTime() + HOME_CLOSING_DAYS * DAY),
      limit: HOME_TODO_LIMIT,
    }),
    repo.deliveryProjects(db, memberId),
    unreadOf(db, memberId),
    repo.quoteFigures(db, memberId),
    earningsOf(db, memberId, now),
    prov ? newest(db, memberId, prov) : Promise.resolve([]),
  ]);
  // the supplier's province has no open project: the newest anywhere instead
  const matched = regional.length > 0;
  const projectRows = matched ? regional : await newest(db, memberId, undefined);
  const decided = counts.won + counts.lost;
  return {
    todos: {
      quote: quoteRows.map((r) => ({
        id: r.id,
        orders: r.orders,
        title: r.title,
        city: r.city,
        biddl: r.biddl.toISOString(),
        coins: r.coins,
        reason: r.favorite ? 'favorite' : 'closing',
      })),
      delivery: deliveryTodos(deliveryRows, shanghaiToday(now)),
      unreadTips,
    },
    figures: {
      quotes: counts.quotes,
      won: counts.won,
      winRate: decided === 0 ? null : Math.round((counts.won * 100) / decided),
      completed: counts.completed,
      earningsMonth: earnings.at(-1)?.amount ?? 0,
      earningsYear: earnings.reduce((n, e) => n + e.amount, 0),
    },
    earnings,
    projects: projectRows.map((r) => projectSummary(r, r.favorite)),
    region: matched ? prov : '',
  };
}

/** Open projects newest first (the order centre's own query), in `prov` when given. */
function newest(db: DbOrTx, memberId: number, prov: string | undefined) {
  return searchProjects(
    db,
    memberId,
    { status: PROJECT_STATUS.BIDDING, prov },
    { sort: 'newest', order: 'desc', limit: HOME_PROJECTS_LIMIT, offset: 0 },
  );
}
