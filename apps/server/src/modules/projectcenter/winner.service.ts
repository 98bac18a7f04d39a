import { PROJECT_STATUS, type QuoteState, quoteStateOf, quoteStatusOf } from '@zl/shared';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { projects, quotes } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { projectSummary } from '../project/project-view.ts';
import { findMember, findOwnQuote, findProject, findWinner } from './projectcenter.repo.ts';
import { summaryColumns } from './search.repo.ts';

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
    const customer = await findMember(db, p.customerId);
    contact = { mobile: p.mobile, name: customer?.realname || customer?.nickname || '' };
  } else if (winner && isCustomer) {
    contact = { mobile: winner.mobile, name: winner.realname || winner.nickname };
  }
  return {
    awarded,
    winner: winner ? { cardno: winner.cardno, nickname: winner.nickname, company: winner.company } : null,
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
  const where = and(
    eq(quotes.supplierId, memberId),
    input.state === undefined ? undefined : eq(quotes.status, quoteStatusOf(input.state)),
  );
  const [rows, [count]] = await Promise.all([
    db
      .select({
        ...summaryColumns(memberId),
        quoteId: quotes.id,
        quoteTotal: quotes.total,
        quoteStatus: quotes.status,
      })
      .from(quotes)
      .innerJoin(projects, eq(projects.id, quotes.projectId))
      .where(where)
      .orderBy(desc(quotes.createdAt), desc(quotes.id))
      .limit(input.pageSize)
      .offset((input.page - 1) * input.pageSize),
    db.select({ n: sql<number>`count(*)::int` }).from(quotes).where(where),
  ]);
  return {
    listItem: rows.map((r) => ({
      ...projectSummary(r, r.favorite),
      quoteId: r.quoteId,
      quoteTotal: r.quoteTotal,
      quoteState: quoteStateOf(r.quoteStatus),
    })),
    total: Number(count?.n ?? 0),
    page: input.page,
  };
}
