import {
  keywordTerms,
  SEARCH_COUNT_CAP,
  SEARCH_DEFAULT_ORDER,
  type SearchSort,
  type searchListSchema,
} from '@zl/shared';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client.ts';
import { sha256 } from '../../lib/crypto.ts';
import { fieldError } from '../../lib/errors.ts';
import {
  cachedCount,
  countProjects,
  type Keyset,
  SEARCH_COL,
  type SearchFilters,
  type SearchTextRow,
  searchProjectText,
  storeCount,
} from './search.repo.ts';

type SearchInput = z.output<typeof searchListSchema>;

// What a sort key may look like: PostgreSQL's text of a timestamptz, or of a numeric(10,2).
const INSTANT_KEY = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(\.\d{1,6})?[+-]\d{2}(:\d{2})?$/;
const KEY_RE: Record<SearchSort, RegExp> = {
  newest: INSTANT_KEY,
  deadline: INSTANT_KEY,
  area: /^\d{1,8}(\.\d{1,2})?$/,
  build: INSTANT_KEY,
};

interface CursorBody {
  s: SearchSort;
  o: 'asc' | 'desc';
  k: string;
  i: number;
}

/** Opaque to the client: base64url of the sort, its direction and the last row's key and id. */
export function encodeCursor(c: CursorBody): string {
  return Buffer.from(JSON.stringify(c)).toString('base64url');
}

const badCursor = () => fieldError('VALIDATION_FAILED', 'cursor', '翻页参数无效，请从第一页重新查询');

export function decodeCursor(raw: string, sort: SearchSort, order: 'asc' | 'desc'): Keyset {
  let c: Partial<CursorBody>;
  try {
    c = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')) as Partial<CursorBody>;
  } catch {
    throw badCursor();
  }
  // A cursor of another sort or direction would skip or repeat rows: refuse it.
  if (!c || typeof c !== 'object' || c.s !== sort || c.o !== order) throw badCursor();
  if (typeof c.k !== 'string' || !KEY_RE[sort].test(c.k)) throw badCursor();
  if (!Number.isSafeInteger(c.i) || (c.i as number) < 1) throw badCursor();
  return { key: c.k, id: c.i as number };
}

/**
 * The key of a filter set in the shared count cache: the count does not depend on the sort. The
 * hash of a recent filter set's text is kept (the hall's newest page asks it on every request).
 */
const COUNT_KEYS_KEPT = 1_000;
const countKeys = new Map<string, string>();
function countKey(filters: SearchFilters): string {
  const text = JSON.stringify(Object.entries(filters).filter(([, v]) => v !== undefined));
  let key = countKeys.get(text);
  if (key === undefined) {
    key = sha256(text);
    if (countKeys.size >= COUNT_KEYS_KEPT) countKeys.clear();
    countKeys.set(text, key);
  }
  return key;
}

/**
 * The capped count of a filter set (docs/marketplace.md § searchList). With the shared cache on
 * (`ttlSeconds` > 0) the list statement itself reads the kept count (`cachedTotal` of its rows):
 * an empty first page is 0 without asking, only an empty later page asks the cache separately. On
 * a miss it is counted and kept. The count is min(matches, cap + 1) whatever the sort.
 */
async function countOf(
  db: DbOrTx,
  filters: SearchFilters,
  sort: { sort: SearchSort; order: 'asc' | 'desc' },
  cache: { key: string; ttlSeconds: number },
  listed: SearchTextRow[],
  firstPage: boolean,
): Promise<number> {
  const first = listed[0];
  // an empty first page: nothing matches now, whatever a kept count says
  if (!first && firstPage) return 0;
  const hit = first ? first[SEARCH_COL.cachedTotal] : await cachedCount(db, cache.key, cache.ttlSeconds);
  if (hit !== null && hit !== undefined) return Number(hit);
  const n = await countProjects(db, filters, sort);
  await storeCount(db, cache.key, n);
  return n;
}

/**
 * A page of the hall: its rows as PostgreSQL's text (written as the answer's list by
 * search.view.ts) and the rest of SearchListResult.
 */
export interface SearchListPage {
  rows: SearchTextRow[];
  nextCursor: string | null;
  total: number | null;
  totalCapped: boolean;
}

export async function searchList(
  db: DbOrTx,
  memberId: number,
  input: SearchInput,
  countCacheSeconds = 0,
): Promise<SearchListPage> {
  const order = input.order ?? SEARCH_DEFAULT_ORDER[input.sort];
  const after = input.cursor ? decodeCursor(input.cursor, input.sort, order) : undefined;
  const filters: SearchFilters = {
    status: input.status,
    // one spelling per set of words: the count cache's key does not depend on the spacing
    keyword: keywordTerms(input.keyword).join(' ') || undefined,
    groupid: input.groupid,
    prov: input.prov || undefined,
    city: input.city || undefined,
    areaMin: input.areaMin,
    areaMax: input.areaMax,
    sdateFrom: input.sdateFrom,
    sdateTo: input.sdateTo,
    buildFrom: input.buildFrom,
    buildTo: input.buildTo,
  };
  const sort = { sort: input.sort, order };
  // a cursor page is the same search further on: the count the first page gave still holds
  const cache =
    !after && countCacheSeconds > 0 ? { key: countKey(filters), ttlSeconds: countCacheSeconds } : undefined;
  const list = (count?: typeof cache) =>
    searchProjectText(db, memberId, filters, {
      ...sort,
      after,
      limit: input.pageSize + 1,
      // numbered pages only near the top (SEARCH_MAX_PAGE); a cursor continues from its row
      offset: after ? 0 : (input.page - 1) * input.pageSize,
      count,
    });
  let rows: SearchTextRow[];
  let counted: number | null = null;
  if (after) rows = await list();
  else if (cache) {
    rows = await list(cache);
    counted = await countOf(db, filters, sort, cache, rows, input.page === 1);
  } else [rows, counted] = await Promise.all([list(), countProjects(db, filters, sort)]);
  const more = rows.length > input.pageSize;
  const page = more ? rows.slice(0, input.pageSize) : rows;
  const last = page.at(-1);
  return {
    rows: page,
    nextCursor:
      more && last
        ? encodeCursor({
            s: input.sort,
            o: order,
            k: last[SEARCH_COL.sortKey] as string,
            i: Number(last[SEARCH_COL.id]),
          })
        : null,
    total: counted === null ? null : Math.min(counted, SEARCH_COUNT_CAP),
    totalCapped: counted !== null && counted > SEARCH_COUNT_CAP,
  };
}
