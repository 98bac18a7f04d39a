import type { ProjectSummary } from '@zl/shared';
import { create } from 'zustand';
import { api } from '../../../lib/api-client.ts';
import { appendUnique } from '../../../lib/append-unique.ts';
import { toBizError } from '../../../lib/error-handler.ts';
import { onHallFavorite } from '../../../lib/favorite.ts';
import { searchList } from '../api/search-list.ts';
import { earlySearchKey, filtersToPayload, filtersToQuery, type OrderFilters } from './filters.ts';

interface OrderCenterState {
  /** docs/seed-map.md § Client state: the project list, default [] */
  orderCenterList: ProjectSummary[];
  /** docs/seed-map.md § Client state: true until a search succeeds */
  orderCenterLoading: boolean;
  nextCursor: string | null;
  total: number;
  totalCapped: boolean;
  loadingMore: boolean;
  /** the last search failed (the list keeps what it had); message for the inline retry */
  error: string | null;
  /** the filters (as a query string) the list belongs to */
  searchKey: string | null;
  search: (filters: OrderFilters) => Promise<void>;
  loadMore: () => Promise<void>;
  setFavorite: (id: number, favorite: boolean) => void;
}

/** The seed's defaults (docs/seed-map.md § Client state). */
const INITIAL = {
  orderCenterList: [],
  orderCenterLoading: true,
  nextCursor: null,
  total: 0,
  totalCapped: false,
  loadingMore: false,
  error: null,
  searchKey: null,
} satisfies Omit<OrderCenterState, 'search' | 'loadMore' | 'setFavorite'>;

let seq = 0;
let current: AbortController | null = null;
/** the filters (as a query string) of the search in flight */
let pendingKey: string | null = null;
let lastFilters: OrderFilters | null = null;

export function searchKeyOf(f: OrderFilters): string {
  return filtersToQuery(f).toString();
}

/**
 * The order centre's list state (docs/seed-map.md § Client state): a successful Projectcenter/searchList replaces
 * orderCenterList and sets orderCenterLoading false; an answer that is not success stores nothing.
 * Only the newest request may write: a slow answer to an older filter is dropped.
 */
export const useOrderCenter = create<OrderCenterState>()((set, get) => ({
  ...INITIAL,

  async search(filters) {
    const key = searchKeyOf(filters);
    // the same filters already asked for (the route's loader started it): that answer is awaited
    if (pendingKey === key && current && !current.signal.aborted) return;
    current?.abort();
    const ctrl = new AbortController();
    current = ctrl;
    pendingKey = key;
    const mine = ++seq;
    lastFilters = filters;
    set({ orderCenterLoading: true, loadingMore: false, error: null });
    try {
      // the entry script may have asked already (app/early-requests.ts): that answer is taken once.
      // Its error shows in the page's alert (with 重试), not also as a message at the top.
      const data = await api.takeEarly(earlySearchKey(filters), { inline: true }, () =>
        searchList(filtersToPayload(filters), { signal: ctrl.signal, inline: true }),
      );
      if (mine !== seq) return;
      pendingKey = null;
      set({
        orderCenterList: Array.isArray(data?.listItem) ? data.listItem : [],
        orderCenterLoading: false,
        nextCursor: data?.nextCursor ?? null,
        total: data?.total ?? 0,
        totalCapped: Boolean(data?.totalCapped),
        searchKey: searchKeyOf(filters),
      });
    } catch (err) {
      if (mine !== seq || ctrl.signal.aborted) return;
      pendingKey = null;
      set({ error: toBizError(err).message || '加载失败' });
    }
  },

  async loadMore() {
    const { nextCursor, loadingMore, orderCenterLoading } = get();
    if (!nextCursor || loadingMore || orderCenterLoading || !lastFilters) return;
    const mine = seq;
    set({ loadingMore: true, error: null });
    try {
      const data = await searchList(filtersToPayload(lastFilters, nextCursor));
      if (mine !== seq) return;
      set((s) => ({
        orderCenterList: appendUnique(s.orderCenterList, Array.isArray(data?.listItem) ? data.listItem : []),
        nextCursor: data?.nextCursor ?? null,
        // a cursor page is not counted again (total null): the first page's count stands
        total: data?.total ?? s.total,
        totalCapped: data?.total == null ? s.totalCapped : Boolean(data.totalCapped),
        loadingMore: false,
      }));
    } catch (err) {
      if (mine !== seq) return;
      set({ loadingMore: false, error: toBizError(err).message || '加载失败' });
    }
  },

  setFavorite(id, favorite) {
    set((s) => ({
      orderCenterList: s.orderCenterList.map((p) => (p.id === id ? { ...p, favorite } : p)),
    }));
  },
}));

// a favourite toggled on 我的收藏 or the order detail shows on the list kept for the way back
onHallFavorite((id, favorite) => useOrderCenter.getState().setFavorite(id, favorite));

/** Tests start from the seed's defaults. */
export function resetOrderCenter(): void {
  current?.abort();
  current = null;
  pendingKey = null;
  seq++;
  lastFilters = null;
  useOrderCenter.setState(INITIAL);
}
