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

/**
 * The conditions of a filter set. `p` gives each value: the value itself (a one-off statement) or
 * a placeholder named after the field (a statement prepared once per shape, see searchProjects).
 */
function filterConditions(
  f: SearchFilters,
  p: (name: ValueName, value: unknown) => unknown = (_, v) => v,
): SQL[] {
  const conds: SQL[] = [eq(projects.status, p('status', f.status) as number)];
  // "Open" means bidding still runs: a project past its deadline leaves the list before the
  // expiry job (every minute) has closed it.
  if (f.status === PROJECT_STATUS.BIDDING) conds.push(sql`${projects.biddl} > now()`);
  if (f.groupid !== undefined) conds.push(eq(projects.groupid, p('groupid', f.groupid) as number));
  if (f.prov) conds.push(eq(projects.prov, p('prov', f.prov) as string));
  if (f.city) conds.push(eq(projects.city, p('city', f.city) as string));
  if (f.areaMin !== undefined) conds.push(gte(projects.areas, p('areaMin', f.areaMin) as number));
  if (f.areaMax !== undefined) conds.push(lte(projects.areas, p('areaMax', f.areaMax) as number));
  if (f.sdateFrom) conds.push(gte(projects.sdate, p('sdateFrom', f.sdateFrom) as string));
  if (f.sdateTo) conds.push(lte(projects.sdate, p('sdateTo', f.sdateTo) as string));
  if (f.keyword) {
    // ILIKE '%kw%' is answered by the pg_trgm GIN index on title when the keyword has 3+
    // characters; a 2-character one has no trigram, so the bigram index (migration 0003) narrows it.
    if ([...f.keyword].length === 2) {
      conds.push(sql`zl_bigrams(${projects.title}) @> zl_bigrams(${p('keyword', f.keyword)})`);
    }
    conds.push(sql`${projects.title} ilike ${p('pattern', likePattern(f.keyword))}`);
  }
  return conds;
}

type ValueName = keyof SearchFilters | 'pattern';

export interface SearchPageOptions {
  sort: SearchSort;
  order: 'asc' | 'desc';
  after?: Keyset | undefined;
  limit: number;
  offset: number;
  /**
   * The shared count of the filter set (docs/marketplace.md § searchList), read in the same
   * statement: each row then carries `cachedTotal`, the kept count or null when there is none
   * within `ttlSeconds`.
   */
  count?: { key: string; ttlSeconds: number } | undefined;
}

function buildSearch(db: DbOrTx, f: SearchFilters, opts: SearchPageOptions, named: boolean) {
  const sort = SORT_COLUMN[opts.sort];
  const { column, cast } = sort;
  const ph = (name: string) => sql.placeholder(name);
  const conds = filterConditions(f, (name) => ph(name));
  if (opts.after) {
    // Row comparison on (key, id): both ordered the same way, so one index range scan serves it.
    const cmp = opts.order === 'desc' ? sql`<` : sql`>`;
    conds.push(
      sql`(${column}, ${projects.id}) ${cmp} (${ph('afterKey')}::${sql.raw(cast)}, ${ph('afterId')}::bigint)`,
    );
  }
  const dir = sql.raw(sort[opts.order]);
  const columns = {
    ...projectSummaryColumns,
    favorite: sql<boolean>`exists (select 1 from favorites f where f.member_id = ${ph('memberId')} and f.project_id = "projects"."id")`,
    sortKey: sql<string>`${column}::text`,
    cachedTotal: opts.count
      ? sql<
          number | null
        >`(select ${searchCounts.n} from ${searchCounts} where ${searchCounts.key} = ${ph('countKey')} and ${searchCounts.countedAt} > now() - make_interval(secs => ${ph('countTtl')}))`
      : sql<null>`null::int`,
  };
  // LIMIT and OFFSET as literals (validated integers): a generic plan of a prepared statement
  // estimates a LIMIT parameter as 10% of the rows, and would never be chosen over the custom one.
  const literal = (n: number) => sql.raw(String(n)) as unknown as number;
  return db
    .select(columns)
    .from(projects)
    .where(and(...conds))
    .orderBy(sql`${column} ${dir}`, sql`${projects.id} ${dir}`)
    .limit(literal(opts.limit))
    .offset(literal(opts.offset))
    .prepare(named ? `zl_search_${shapeKey(f, opts)}` : (undefined as unknown as string));
}

type SearchStatement = ReturnType<typeof buildSearch>;
export type SearchRow = Awaited<ReturnType<SearchStatement['execute']>>[number];

/** Which conditions a statement has, its sort, page size and offset: what its text depends on. */
function shapeKey(f: SearchFilters, opts: SearchPageOptions): string {
  const kw = f.keyword ? ([...f.keyword].length === 2 ? 'b' : 't') : '';
  const has = (v: unknown, c: string) => (v === undefined || v === '' ? '' : c);
  return [
    opts.sort[0],
    opts.order[0],
    opts.after ? 'k' : '',
    f.status === PROJECT_STATUS.BIDDING ? 'o' : 's',
    kw,
    has(f.groupid, 'g'),
    has(f.prov, 'p'),
    has(f.city, 'c'),
    has(f.areaMin, 'a'),
    has(f.areaMax, 'A'),
    has(f.sdateFrom, 'd'),
    has(f.sdateTo, 'D'),
    opts.count ? 'n' : '',
    `_${opts.limit}_${opts.offset}`,
  ].join('');
}

// Statements of a shape, built once per database handle (the Drizzle query building was most of
// the Node time of a search). At most MAX_SHAPES per handle; more simply build afresh.
const MAX_SHAPES = 500;
const statements = new WeakMap<DbOrTx, Map<string, SearchStatement>>();

function statementFor(db: DbOrTx, f: SearchFilters, opts: SearchPageOptions): SearchStatement {
  // Named (prepared once per connection by PostgreSQL, its plan kept) only for the hot reads of the
  // hall: the open list with no filter, a first page or one by cursor. A filtered search is planned
  // for its values each time (a generic plan cannot know how rare a city or a keyword is); it still
  // skips the query building.
  const named =
    f.status === PROJECT_STATUS.BIDDING &&
    opts.offset === 0 &&
    !f.keyword &&
    f.groupid === undefined &&
    !f.prov &&
    !f.city &&
    f.areaMin === undefined &&
    f.areaMax === undefined &&
    !f.sdateFrom &&
    !f.sdateTo;
  const key = shapeKey(f, opts);
  let byShape = statements.get(db);
  if (!byShape) {
    byShape = new Map();
    statements.set(db, byShape);
  }
  let st = byShape.get(key);
  if (!st) {
    st = buildSearch(db, f, opts, named);
    if (byShape.size < MAX_SHAPES) byShape.set(key, st);
  }
  return st;
}

/** A page of list rows (the summary columns, `favorite` for `memberId`, the sort key as text). */
export async function searchProjects(
  db: DbOrTx,
  memberId: number,
  f: SearchFilters,
  opts: SearchPageOptions,
): Promise<SearchRow[]> {
  if (!Number.isSafeInteger(opts.limit) || !Number.isSafeInteger(opts.offset) || opts.offset < 0)
    throw new Error('searchProjects: limit and offset must be integers');
  const values: Record<string, unknown> = {
    ...f,
    memberId,
    pattern: f.keyword ? likePattern(f.keyword) : undefined,
    afterKey: opts.after?.key,
    afterId: opts.after?.id,
    countKey: opts.count?.key,
    countTtl: opts.count?.ttlSeconds,
  };
  return statementFor(db, f, opts).execute(values);
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
