import {
  keywordTerms,
  PROJECT_STATUS,
  SEARCH_COUNT_CAP,
  type SearchSort,
  shanghaiMidnight,
} from '@zl/shared';
import { and, eq, gte, is, lte, Placeholder, type SQL, sql } from 'drizzle-orm';
import pg from 'pg';
import { type DbOrTx, queryRows } from '../../db/client.ts';
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
  /** build-in start from 00:00 of this Asia/Shanghai day … */
  buildFrom?: string | undefined;
  /** … to the end of this one */
  buildTo?: string | undefined;
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
  build: { column: projects.buildStart, cast: 'timestamptz', desc: 'desc', asc: 'asc' },
} as const;

const KEYWORD_PROBE_ROWS = 20_000;
/** Up to this many titles expected with a keyword's pair, its count goes to the bigram index first. */
const BIGRAM_FIRST_MAX_ROWS = 5_000;

/**
 * The planner's estimates, kept a while per database handle: they move with ANALYZE, not with each
 * search, and asking costs a round trip (a frequent pair's page and its count both ask).
 */
const ESTIMATE_MS = 10 * 60_000;
const MAX_ESTIMATES = 1_000;
const estimates = new WeakMap<DbOrTx, Map<string, { rows: number; at: number }>>();

/**
 * What a keyword word is looked for in: the title, the city and the venue (展馆地址) joined by a
 * newline, which no word can hold, so a word never matches across two fields. The same expression
 * as the keyword indexes (zl_search_text: migration 0017).
 */
const searchText = sql`zl_search_text(${projects.title}, ${projects.city}, ${projects.addr})`;

/** The characters of a word (a 2-character one has no trigram: the bigram index answers it). */
const charCount = (t: string) => [...t].length;

/** How many projects the planner expects to hold the pair of a 2-character word (its bitmap's size). */
async function bigramEstimate(db: DbOrTx, keyword: string): Promise<number> {
  let kept = estimates.get(db);
  const hit = kept?.get(keyword);
  if (hit && Date.now() - hit.at < ESTIMATE_MS) return hit.rows;
  const rows = await askBigramEstimate(db, keyword);
  if (!kept) {
    kept = new Map();
    estimates.set(db, kept);
  }
  if (kept.size >= MAX_ESTIMATES) kept.clear();
  kept.set(keyword, { rows, at: Date.now() });
  return rows;
}

async function askBigramEstimate(db: DbOrTx, keyword: string): Promise<number> {
  const [row] = await queryRows<{ 'QUERY PLAN': unknown }>(
    db,
    sql`explain (format json) select 1 from ${projects} where zl_bigrams(${searchText}) @> zl_bigrams(${keyword})`,
  );
  const raw = row?.['QUERY PLAN'];
  const plan = (typeof raw === 'string' ? JSON.parse(raw) : raw) as
    | [{ Plan?: { 'Plan Rows'?: unknown } }]
    | undefined;
  const rows = Number(plan?.[0]?.Plan?.['Plan Rows']);
  // no estimate: the probe, as before
  return Number.isFinite(rows) ? rows : Number.POSITIVE_INFINITY;
}

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
  frequent: FrequentPairs = false,
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
  // days of Asia/Shanghai: the bounds are its midnights (buildBounds), values of their own
  if (f.buildFrom)
    conds.push(sql`${projects.buildStart} >= ${p('buildFromAt', buildBounds(f).from)}::timestamptz`);
  if (f.buildTo) conds.push(sql`${projects.buildStart} < ${p('buildToAt', buildBounds(f).to)}::timestamptz`);
  // Every word of the keyword, in the title, city or venue (docs/marketplace.md § searchList).
  // ILIKE '%word%' is answered by the pg_trgm GIN index on that text when the word has 3+
  // characters; a 2-character one has no trigram, so the bigram index (migrations 0003, 0017)
  // narrows it. A frequent pair's list walks the sort's index with ILIKE alone: the pair condition
  // only serves the bigram index, and as a filter it costs zl_bigrams() on every row that passes
  // (0.72 → 0.29 ms for 车展's page at 1M rows; docs/bench/search.md).
  keywordTerms(f.keyword).forEach((term, i) => {
    if (charCount(term) === 2 && !isFrequent(frequent, i)) {
      conds.push(sql`zl_bigrams(${searchText}) @> zl_bigrams(${p(`kw${i}`, term)})`);
    }
    conds.push(sql`${searchText} ilike ${p(`pattern${i}`, likePattern(term))}`);
  });
  return conds;
}

type ValueName = keyof SearchFilters | 'buildFromAt' | 'buildToAt' | `kw${number}` | `pattern${number}`;

/** The build-in filter's instants: 00:00 Asia/Shanghai of `buildFrom`, and of the day after `buildTo`. */
function buildBounds(f: SearchFilters): { from: string | null; to: string | null } {
  return {
    from: f.buildFrom ? shanghaiMidnight(f.buildFrom).toISOString() : null,
    to: f.buildTo ? new Date(shanghaiMidnight(f.buildTo).getTime() + 86_400_000).toISOString() : null,
  };
}

/** Which 2-character words are frequent pairs: all of them (true), none, or per word. */
type FrequentPairs = boolean | readonly boolean[];
const isFrequent = (f: FrequentPairs, i: number) => (typeof f === 'boolean' ? f : (f[i] ?? false));

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
  /**
   * A 2-character word whose pair the planner expects in more than BIGRAM_FIRST_MAX_ROWS projects:
   * the list is read without its pair condition. Per word (the keyword's words in order), or one
   * answer for every 2-character word. Decided by searchProjects; tests set it.
   */
  frequentPair?: FrequentPairs | undefined;
}

function searchQuery(db: DbOrTx, f: SearchFilters, opts: SearchPageOptions) {
  const sort = SORT_COLUMN[opts.sort];
  const { column, cast } = sort;
  const ph = (name: string) => sql.placeholder(name);
  const conds = filterConditions(f, (name) => ph(name), opts.frequentPair);
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
      : sql<number | null>`null::int`,
  };
  // the driver path below reads the columns by position
  if (Object.keys(columns).join() !== ROW_KEYS.join()) throw new Error('searchQuery: columns out of order');
  // LIMIT and OFFSET as literals (validated integers): a generic plan of a prepared statement
  // estimates a LIMIT parameter as 10% of the rows, and would never be chosen over the custom one.
  const literal = (n: number) => sql.raw(String(n)) as unknown as number;
  return db
    .select(columns)
    .from(projects)
    .where(and(...conds))
    .orderBy(sql`${column} ${dir}`, sql`${projects.id} ${dir}`)
    .limit(literal(opts.limit))
    .offset(literal(opts.offset));
}

export type SearchRow = Awaited<ReturnType<typeof searchQuery>>[number];

/** The select list of searchQuery, in its order. */
const ROW_KEYS = [
  'id',
  'orders',
  'title',
  'groupid',
  'areas',
  'length',
  'width',
  'height',
  'opens',
  'prov',
  'city',
  'sdate',
  'edate',
  'biddl',
  'coins',
  'peoples',
  'prepay',
  'status',
  'picture',
  'createdAt',
  'buildStart',
  'favorite',
  'sortKey',
  'cachedTotal',
] as const;

type Text = string | null;

/**
 * A list row as PostgreSQL's text of each column, in ROW_KEYS' order (`SEARCH_COL` names the
 * positions): what the hall's list is written from (search.view.ts) without a mapped row between.
 */
export type SearchTextRow = readonly Text[];

/** The position of each column in a SearchTextRow. */
export const SEARCH_COL = Object.fromEntries(ROW_KEYS.map((k, i) => [k, i])) as {
  readonly [K in (typeof ROW_KEYS)[number]]: number;
};

const digits = (s: string, from: number, to: number): number => {
  let n = 0;
  for (let i = from; i < to; i++) {
    const d = s.charCodeAt(i) - 48;
    if (d < 0 || d > 9) return Number.NaN;
    n = n * 10 + d;
  }
  return n;
};

/**
 * The instant of PostgreSQL's text of a timestamptz (`2026-11-24 03:31:05.123456+08`, `…+05:30`),
 * read by position: V8's parse of that text (it is not ISO) was most of a list row's mapping
 * (docs/marketplace.md § searchList). Anything else (BC, infinity, a year past 9999, seconds in
 * the offset) goes to `Date`'s own parser, as before.
 */
export function pgTimestamp(text: string): Date {
  return new Date(pgEpochMs(text));
}

/** `pgTimestamp` as milliseconds since the epoch (NaN for text no parser reads): no Date made. */
export function pgEpochMs(text: string): number {
  const n = text.length;
  if (
    n >= 22 &&
    text[4] === '-' &&
    text[7] === '-' &&
    text[10] === ' ' &&
    text[13] === ':' &&
    text[16] === ':'
  ) {
    let i = 19;
    let ms = 0;
    if (text[i] === '.') {
      let scale = 100;
      for (i++; i < n && text.charCodeAt(i) >= 48 && text.charCodeAt(i) <= 57; i++) {
        ms += (text.charCodeAt(i) - 48) * scale;
        scale /= 10;
      }
      ms = Math.floor(ms + 1e-9); // microseconds are dropped, as Date drops them
    }
    const sign = text[i] === '+' ? 1 : text[i] === '-' ? -1 : 0;
    const offH = digits(text, i + 1, i + 3);
    const offM =
      n === i + 3 ? 0 : text[i + 3] === ':' && n === i + 6 ? digits(text, i + 4, i + 6) : Number.NaN;
    const t = Date.UTC(
      digits(text, 0, 4),
      digits(text, 5, 7) - 1,
      digits(text, 8, 10),
      digits(text, 11, 13),
      digits(text, 14, 16),
      digits(text, 17, 19),
      ms,
    );
    const at = t - sign * (offH * 60 + offM) * 60_000;
    if (sign !== 0 && Number.isFinite(at) && digits(text, 0, 4) >= 1000) return at;
  }
  return new Date(text).getTime();
}

/**
 * A row as PostgreSQL's text (rowMode array, no type parsing), in the values Drizzle's mapping
 * gives (bigint and numeric `mode: 'number'`, timestamptz a Date, date a string, jsonb parsed).
 */
export function toRow(r: SearchTextRow): SearchRow {
  return {
    id: Number(r[0]),
    orders: r[1] as string,
    title: r[2] as string,
    groupid: Number(r[3]),
    areas: Number(r[4]),
    length: Number(r[5]),
    width: Number(r[6]),
    height: Number(r[7]),
    opens: Number(r[8]),
    prov: r[9] as string,
    city: r[10] as string,
    sdate: r[11] as string,
    edate: r[12] as string,
    biddl: pgTimestamp(r[13] as string),
    coins: Number(r[14]),
    peoples: Number(r[15]),
    prepay: Number(r[16]),
    status: Number(r[17]),
    picture: JSON.parse(r[18] as string) as string[],
    createdAt: pgTimestamp(r[19] as string),
    buildStart: pgTimestamp(r[20] as string),
    favorite: r[21] === 't',
    sortKey: r[22] as string,
    cachedTotal: r[23] === null ? null : Number(r[23]),
  };
}

/**
 * A row Drizzle mapped (the transaction path) back as the text toRow reads: numbers as their
 * digits, instants as ISO text (pgEpochMs reads it through Date), the picture list as JSON. The
 * sort key stays PostgreSQL's own text (a Date would lose its microseconds).
 */
function toText(row: SearchRow): SearchTextRow {
  const str = (v: unknown): Text => (v === null || v === undefined ? null : String(v));
  return [
    str(row.id),
    row.orders,
    row.title,
    str(row.groupid),
    str(row.areas),
    str(row.length),
    str(row.width),
    str(row.height),
    str(row.opens),
    row.prov,
    row.city,
    row.sdate,
    row.edate,
    row.biddl.toISOString(),
    str(row.coins),
    str(row.peoples),
    str(row.prepay),
    str(row.status),
    JSON.stringify(row.picture),
    row.createdAt.toISOString(),
    row.buildStart.toISOString(),
    row.favorite ? 't' : 'f',
    row.sortKey,
    str(row.cachedTotal),
  ];
}

interface SearchStatement {
  run(values: Record<string, unknown>): Promise<SearchTextRow[]>;
}

const asText = (value: string) => value;
/** node-postgres: every column as its text. */
const PG_TEXT_TYPES = { getTypeParser: () => asText };
/** PGlite: the types of the select list as their text. */
const PGLITE_TEXT_PARSERS = Object.fromEntries(
  [16, 20, 21, 23, 25, 1043, 1082, 1184, 1700, 3802].map((oid) => [oid, asText]),
);

interface PgliteLike {
  query(text: string, params: unknown[], options: object): Promise<{ rows: unknown[] }>;
  exec(text: string): Promise<unknown>;
}

/**
 * The statement of a shape. On the database handle itself (not a transaction) it goes to the
 * driver directly with the text Drizzle built once, reading rows by position as text: Drizzle's
 * per-row mapping was the largest Node cost of a search left after the query building
 * (docs/marketplace.md § searchList). `name` makes it a prepared statement of PostgreSQL.
 */
function buildStatement(db: DbOrTx, f: SearchFilters, opts: SearchPageOptions, name: string | undefined) {
  const query = searchQuery(db, f, opts);
  const client = (db as { $client?: unknown }).$client;
  const built = query.toSQL();
  // each parameter: a placeholder's name (all of them here), or a fixed value
  const params = built.params.map((p): { name: string } | { value: unknown } =>
    is(p, Placeholder) ? { name: String(p.name) } : { value: p },
  );
  const valuesOf = (values: Record<string, unknown>) =>
    params.map((p) => ('name' in p ? (values[p.name] ?? null) : p.value));
  if (client instanceof pg.Pool) {
    const { sql: text } = built;
    return {
      run: async (values) => {
        const res = await client.query<Text[]>({
          ...(name ? { name } : {}),
          text,
          values: valuesOf(values),
          rowMode: 'array',
          types: PG_TEXT_TYPES,
        });
        return res.rows;
      },
    } satisfies SearchStatement;
  }
  if (
    client &&
    typeof (client as PgliteLike).query === 'function' &&
    typeof (client as PgliteLike).exec === 'function'
  ) {
    const pglite = client as PgliteLike;
    return {
      run: async (values) => {
        const res = await pglite.query(built.sql, valuesOf(values), {
          rowMode: 'array',
          parsers: PGLITE_TEXT_PARSERS,
        });
        return res.rows as Text[][];
      },
    } satisfies SearchStatement;
  }
  // a transaction: through Drizzle
  const prepared = query.prepare(undefined as unknown as string);
  return { run: async (values) => (await prepared.execute(values)).map(toText) } satisfies SearchStatement;
}

/** Which conditions a statement has, its sort, page size and offset: what its text depends on. */
function shapeKey(f: SearchFilters, opts: SearchPageOptions): string {
  const kw = keywordTerms(f.keyword)
    .map((t, i) => (charCount(t) === 2 ? (isFrequent(opts.frequentPair ?? false, i) ? 'w' : 'b') : 't'))
    .join('');
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
    has(f.buildFrom, 'e'),
    has(f.buildTo, 'E'),
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
    !f.sdateTo &&
    !f.buildFrom &&
    !f.buildTo;
  const key = shapeKey(f, opts);
  let byShape = statements.get(db);
  if (!byShape) {
    byShape = new Map();
    statements.set(db, byShape);
  }
  let st = byShape.get(key);
  if (!st) {
    st = buildStatement(db, f, opts, named ? `zl_search_${key}` : undefined);
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
  return (await searchProjectText(db, memberId, f, opts)).map(toRow);
}

/** searchProjects' page as the text of each column (SearchTextRow), as PostgreSQL sent it. */
export async function searchProjectText(
  db: DbOrTx,
  memberId: number,
  f: SearchFilters,
  opts: SearchPageOptions,
): Promise<SearchTextRow[]> {
  if (!Number.isSafeInteger(opts.limit) || !Number.isSafeInteger(opts.offset) || opts.offset < 0)
    throw new Error('searchProjects: limit and offset must be integers');
  const terms = keywordTerms(f.keyword);
  if (opts.frequentPair === undefined && terms.some((t) => charCount(t) === 2)) {
    const frequentPair = await Promise.all(
      terms.map(async (t) => charCount(t) === 2 && (await bigramEstimate(db, t)) > BIGRAM_FIRST_MAX_ROWS),
    );
    opts = { ...opts, frequentPair };
  }
  const bounds = buildBounds(f);
  const values: Record<string, unknown> = {
    ...f,
    buildFromAt: bounds.from,
    buildToAt: bounds.to,
    memberId,
    ...Object.fromEntries(
      terms.flatMap((t, i) => [[`kw${i}`, t] as const, [`pattern${i}`, likePattern(t)] as const]),
    ),
    afterKey: opts.after?.key,
    afterId: opts.after?.id,
    countKey: opts.count?.key,
    countTtl: opts.count?.ttlSeconds,
  };
  return statementFor(db, f, opts).run(values);
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
  // A keyword of one 2-character word: the bigram index first when the planner expects few
  // projects with the pair (its statistics of the indexed expression know the frequent pairs well:
  // 车展 83,567 estimated / 83,332 real); the ordered count below is then a small bitmap (宁夏:
  // 0.2 ms, where the probe cost 20,000 rows). Only a frequent pair goes through the bounded probe
  // first. Several words narrow each other through their indexes: the count below.
  const terms = keywordTerms(f.keyword);
  const only = terms.length === 1 ? terms[0] : undefined;
  if (
    only !== undefined &&
    charCount(only) === 2 &&
    (await bigramEstimate(db, only)) > BIGRAM_FIRST_MAX_ROWS
  ) {
    // The planner's selectivity guess for ILIKE is far too low, so for a frequent pair it picks a
    // bitmap over every matching row (83k for 车展: 250 ms). Counting the matches among the first
    // PROBE rows in index order settles "1000+" in a few ms; only when it does not, the count below.
    const window = db
      .select({ text: sql<string>`${searchText}`.as('search_text') })
      .from(projects)
      .where(and(...filterConditions({ ...f, keyword: undefined })))
      .orderBy(sql`${sort.column} ${dir}`, sql`${projects.id} ${dir}`)
      .limit(KEYWORD_PROBE_ROWS)
      .as('probe_window');
    const hits = db
      .select({ one: sql`1` })
      .from(window)
      .where(sql`${window.text} ilike ${likePattern(only)}`)
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
