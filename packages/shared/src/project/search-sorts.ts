/**
 * The order centre's sorts and paging bounds (docs/marketplace.md § searchList). zod-free, like
 * keyword-terms.ts: the page's first request is built from them before any schema has loaded.
 */

/** Only the first pages may be asked by number; deeper pages follow `nextCursor` (keyset paging). */
export const SEARCH_MAX_PAGE = 10;
/** `total` is counted up to this (an exact count over a million rows costs most of a second). */
export const SEARCH_COUNT_CAP = 1000;
export const SEARCH_SORTS = ['newest', 'deadline', 'area', 'build'] as const;
export type SearchSort = (typeof SEARCH_SORTS)[number];
/** The order each sort uses when none is asked: newest first, the soonest deadline, the largest booth. */
export const SEARCH_DEFAULT_ORDER: Record<SearchSort, 'asc' | 'desc'> = {
  newest: 'desc',
  deadline: 'asc',
  area: 'desc',
  /** by build-in start, the soonest first (docs/show-dates.md) */
  build: 'asc',
};
