import { PROJECT_STATUS, SEARCH_COUNT_CAP, type SearchSort } from '@zl/shared';
import { and, eq, gte, lte, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { projects, searchCounts } from '../../db/schema/index.ts';
import { projectSummaryColumns } from '../project/project-columns.ts';

/** The columns of a list row, plus whether `memberId` has it among their favourites. */
export function summaryColumns(memberId: number) {
  return {
    ...projectSummaryColumns,
    favorite: sql<boolean>`exists (select 1 from favorites f where f.member_id = ${memberId} and f.project_id = "projects"."id")`,
  };
}

export interface SearchFilters {
  status: number;
  keyword?: string | undefined;
  groupid?: number | undefined;
  prov?: string | undefined;
  city?: string | undefined;
  areaMin?: number | undefined;
  areaMax?: number | undefined;
  sdateFrom?: string | undefined;
  sdateTo?: string | undefined;
}

/** The keyset: the sort column, kept as exact text (microsecond timestamps, numeric areas). */
export interface Keyset {
  key: string;
  id: number;
}

// `nulls` matches each index's NULLS order (the columns are NOT NULL, but the planner uses an index
// for ORDER BY only when it matches exactly): projects_status_created_idx is DESC NULLS LAST.
const SORT_COLUMN = {
  newest: {
    column: projects.createdAt,
    cast: 'timestamptz',
    desc: 'desc nulls last',
    asc: 'asc nulls first',
  },
  deadline: { column: projects.biddl, cast: 'timestamptz', desc: 'desc', asc: 'asc' },
  area: { column: projects.areas, cast: 'numeric', desc: 'desc', asc: 'asc' },
} as const;

const KEYWORD_PROBE_ROWS = 20_000;

/** `%` and `_` in what the user typed are literal characters, not wildcards. */
export function likePattern(keyword: string): string {
  return `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

function filterConditions(f: SearchFilters): SQL[] {
  const conds: SQL[] = [eq(projects.status, f.status)];
  // "Open" means bidding still runs: a project past its deadline leaves the list before the
  // expiry job (every minute) has closed it.
  if (f.status === PROJECT_STATUS.BIDDING) conds.push(sql`${projects.biddl} > now()`);
  if (f.groupid !== undefined) conds.push(eq(projects.groupid, f.groupid));
  if (f.prov) conds.push(eq(projects.prov, f.prov));
  if (f.city) conds.push(eq(projects.city, f.city));
  if (f.areaMin !== undefined) conds.push(gte(projects.areas, f.areaMin));
  if (f.areaMax !== undefined) conds.push(lte(projects.areas, f.areaMax));
  if (f.sdateFrom) conds.push(gte(projects.sdate, f.sdateFrom));
  if (f.sdateTo) conds.push(lte(projects.sdate, f.sdateTo));
  if (f.keyword) {
    // ILIKE '%kw%' is answered by the pg_trgm GIN index on title when the keyword has 3+
    // characters; a 2-character one has no trigram, so the bigram index (migration 0003) narrows it.
    if ([...f.keyword].length === 2) {
      conds.push(sql`zl_bigrams(${projects.title}) @> zl_bigrams(${f.keyword})`);
    }
    conds.push(sql`${projects.title} ilike ${likePattern(f.keyword)}`);
  }
  return conds;
}

export async function searchProjects(
  db: DbOrTx,
  memberId: number,
  f: SearchFilters,
  opts: {
    sort: SearchSort;
    order: 'asc' | 'desc';
    after?: Keyset | undefined;
    limit: number;
    offset: number;
  },
) {
  const sort = SORT_COLUMN[opts.sort];
  const { column, cast } = sort;
  const conds = filterConditions(f);
  if (opts.after) {
    // Row comparison on (key, id): both ordered the same way, so one index range scan serves it.
    const cmp = opts.order === 'desc' ? sql`<` : sql`>`;
    conds.push(
      sql`(${column}, ${projects.id}) ${cmp} (${opts.after.key}::${sql.raw(cast)}, ${opts.after.id}::bigint)`,
    );
  }
  const dir = sql.raw(sort[opts.order]);
  return db
    .select({ ...summaryColumns(memberId), sortKey: sql<string>`${column}::text` })
    .from(projects)
    .where(and(...conds))
    .orderBy(sql`${column} ${dir}`, sql`${projects.id} ${dir}`)
    .limit(opts.limit)
    .offset(opts.offset);
}

/**
 * Matching rows counted up to the cap + 1: the cost stays bounded however many match. The list's
 * ORDER BY is kept so the planner weighs the same ordered index scan that serves the list (it
 * stops after cap + 1 matches) against a bitmap scan for rare matches.
 */
export async function countProjects(
  db: DbOrTx,
  f: SearchFilters,
  opts: { sort: SearchSort; order: 'asc' | 'desc' },
): Promise<number> {
  const sort = SORT_COLUMN[opts.sort];
  const dir = sql.raw(sort[opts.order]);
  if (f.keyword && [...f.keyword].length === 2) {
    // A frequent 2-character keyword: the planner's selectivity guess for ILIKE is far too low, so it picks a
    // bitmap over every matching row (83k for 车展: 250 ms). Counting the matches among the first
    // PROBE rows in index order settles "1000+" in a few ms; only a rarer keyword goes on to the
    // bigram-index count below, whose bitmap is then small.
    const window = db
      .select({ title: projects.title })
      .from(projects)
      .where(and(...filterConditions({ ...f, keyword: undefined })))
      .orderBy(sql`${sort.column} ${dir}`, sql`${projects.id} ${dir}`)
      .limit(KEYWORD_PROBE_ROWS)
      .as('probe_window');
    const hits = db
      .select({ one: sql`1` })
      .from(window)
      .where(sql`${window.title} ilike ${likePattern(f.keyword)}`)
      .limit(SEARCH_COUNT_CAP + 1)
      .as('probe_hits');
    const [probe] = await db.select({ n: sql<number>`count(*)::int` }).from(hits);
    if (Number(probe?.n ?? 0) > SEARCH_COUNT_CAP) return Number(probe!.n);
  }
  const inner = db
    .select({ one: sql`1` })
    .from(projects)
    .where(and(...filterConditions(f)))
    .orderBy(sql`${sort.column} ${dir}`, sql`${projects.id} ${dir}`)
    .limit(SEARCH_COUNT_CAP + 1)
    .as('capped');
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(inner);
  return Number(row?.n ?? 0);
}

/** A count another request of any process made for the same filter set within `ttlSeconds`. */
export async function cachedCount(db: DbOrTx, key: string, ttlSeconds: number): Promise<number | undefined> {
  const [row] = await db
    .select({ n: searchCounts.n })
    .from(searchCounts)
    .where(
      and(
        eq(searchCounts.key, key),
        sql`${searchCounts.countedAt} > now() - make_interval(secs => ${ttlSeconds})`,
      ),
    );
  return row?.n;
}

/** Keeps a fresh count for the filter set (the last writer wins; both counted the same thing). */
export async function storeCount(db: DbOrTx, key: string, n: number): Promise<void> {
  await db
    .insert(searchCounts)
    .values({ key, n })
    .onConflictDoUpdate({ target: searchCounts.key, set: { n, countedAt: sql`now()` } });
}
