import { PROJECT_STATUS, QUOTE_STATUS } from '@zl/shared';
import { and, asc, eq, gt, inArray, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { favorites, projects, quotes, supplierQuoteCounts } from '../../db/schema/index.ts';

/**
 * The supplier home's reads (docs/home.md). Each filters by the supplier; nothing here reads
 * another member's quotes or favourites.
 */

const notQuotedBy = (supplierId: number) =>
  sql`not exists (select 1 from quotes q where q.project_id = ${projects.id} and q.supplier_id = ${supplierId})`;
const favouriteOf = (supplierId: number) =>
  sql`exists (select 1 from favorites f where f.member_id = ${supplierId} and f.project_id = ${projects.id})`;

const todoColumns = {
  id: projects.id,
  orders: projects.orders,
  title: projects.title,
  city: projects.city,
  biddl: projects.biddl,
  coins: projects.coins,
};

/**
 * Open projects the supplier has not quoted on that want a quote soon: its favourites, and those
 * closing before `closingBefore` in its province (anywhere when `prov` is ''). Soonest deadline first.
 * Two bounded reads, merged: the favourites from the supplier's own list, the closing ones from the
 * deadline window of `projects_status_biddl_idx` — one read with "favourite or closing" walked every
 * open project of the platform in deadline order (docs/bench/growth.md).
 */
export async function quoteTodos(
  db: DbOrTx,
  supplierId: number,
  opts: { prov: string; closingBefore: Date; limit: number },
) {
  // the order centre's "open": bidding still runs (docs/product.md § Transitions)
  const open = and(
    eq(projects.status, PROJECT_STATUS.BIDDING),
    gt(projects.biddl, sql`now()`),
    notQuotedBy(supplierId),
  );
  const [favourite, closing] = await Promise.all([
    db
      .select({ ...todoColumns, favorite: sql<boolean>`true` })
      .from(favorites)
      .innerJoin(projects, eq(projects.id, favorites.projectId))
      .where(and(eq(favorites.memberId, supplierId), open))
      .orderBy(asc(projects.biddl), asc(projects.id))
      .limit(opts.limit),
    db
      .select({ ...todoColumns, favorite: sql<boolean>`false` })
      .from(projects)
      .where(
        and(
          open,
          lt(projects.biddl, opts.closingBefore),
          opts.prov ? eq(projects.prov, opts.prov) : undefined,
          sql`not ${favouriteOf(supplierId)}`,
        ),
      )
      .orderBy(asc(projects.biddl), asc(projects.id))
      .limit(opts.limit),
  ]);
  return [...favourite, ...closing]
    .sort((a, b) => a.biddl.getTime() - b.biddl.getTime() || a.id - b.id)
    .slice(0, opts.limit);
}

/** The supplier's won projects still in delivery (已选标, 签约中, 施工中), with the step's fields. */
export function deliveryProjects(db: DbOrTx, supplierId: number) {
  return db
    .select({
      id: projects.id,
      orders: projects.orders,
      title: projects.title,
      status: projects.status,
      contctck: projects.contctck,
      ispaid: projects.ispaid,
      prepay: projects.prepay,
      reportck: projects.reportck,
      complaintOpen: projects.complaintOpen,
      closedBy: projects.closedBy,
      sdate: projects.sdate,
      buildStart: projects.buildStart,
      edate: projects.edate,
      biddl: projects.biddl,
    })
    .from(quotes)
    .innerJoin(projects, eq(projects.id, quotes.projectId))
    .where(
      and(
        eq(quotes.supplierId, supplierId),
        eq(quotes.status, QUOTE_STATUS.WON),
        inArray(projects.status, [PROJECT_STATUS.AWARDED, PROJECT_STATUS.SIGNING, PROJECT_STATUS.BUILDING]),
      ),
    )
    .orderBy(asc(projects.sdate), asc(projects.id));
}

/**
 * The supplier's quote figures: made, won, lost, and won projects completed — one row kept by the
 * triggers of migration 0035 with every change of its quotes and their projects (docs/home.md).
 */
export async function quoteFigures(db: DbOrTx, supplierId: number) {
  const [row] = await db
    .select()
    .from(supplierQuoteCounts)
    .where(eq(supplierQuoteCounts.memberId, supplierId));
  return {
    quotes: row?.quotes ?? 0,
    won: row?.won ?? 0,
    lost: row?.lost ?? 0,
    completed: row?.completed ?? 0,
  };
}
