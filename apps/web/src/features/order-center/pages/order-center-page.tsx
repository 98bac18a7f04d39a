import FilterOutlined from '@ant-design/icons/FilterOutlined';
import { keywordProblem } from '@zl/shared';
import {
  lazy,
  Suspense,
  startTransition,
  useDeferredValue,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { type LoaderFunctionArgs, useSearchParams } from 'react-router';
import {
  LiteAlert,
  LiteBadge,
  LiteButton,
  LiteEmpty,
  LiteSearch,
  LiteSegmented,
  LiteSkeleton,
} from '../../../components/lite/lite-ui.tsx';
import { ProjectCard } from '../../../components/project/project-card.tsx';
import { useToggleFavorite } from '../../../lib/favorite.ts';
import { useSession } from '../../../lib/session-store.ts';
import { FilterPanel } from '../components/filter-panel.tsx';
import {
  activeFilterCount,
  DEFAULT_FILTERS,
  filtersFromQuery,
  filtersToQuery,
  type OrderFilters,
  SORT_OPTIONS,
  type SortKey,
} from '../lib/filters.ts';
import { searchKeyOf, useOrderCenter } from '../lib/order-center-store.ts';
import '../order-center.css';
import { useCompact } from '../../../lib/use-compact.ts';

// The page draws no antd: the filters are plain and load antd's region and date pickers when one is
// first opened; on a phone they sit in the 筛选 drawer, which loads when opened (docs/web.md § Page
// speed).
const FilterDrawer = lazy(() => import('../components/filter-drawer.tsx'));

/** Cards in the first paint of a new list; the rest follow in the next frame (a screen holds 2–8). */
const FIRST_CARDS = 6;

/**
 * The first cards of a new list at once, the rest in a transition after the next frame, so the
 * first paint of the list is one short task rather than all twenty cards' layout.
 */
function useProgressive<T>(list: T[], key: string | null): T[] {
  const [limit, setLimit] = useState(FIRST_CARDS);
  const [limitKey, setLimitKey] = useState(key);
  if (limitKey !== key) {
    setLimitKey(key);
    setLimit(FIRST_CARDS);
  }
  const cut = limit < list.length;
  useEffect(() => {
    if (!cut) return;
    const id = requestAnimationFrame(() => startTransition(() => setLimit(Number.POSITIVE_INFINITY)));
    return () => cancelAnimationFrame(id);
  }, [cut]);
  return cut ? list.slice(0, limit) : list;
}

function CardSkeletons() {
  return (
    <div className="zl-oc-grid" aria-busy="true">
      {Array.from({ length: 6 }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders
        <div className="zl-oc-card zl-oc-card-skel" key={i}>
          <div className="zl-skel-block" style={{ height: 150 }} />
          <div style={{ padding: 14 }}>
            <LiteSkeleton rows={3} />
          </div>
        </div>
      ))}
    </div>
  );
}

export function totalText(total: number, capped: boolean): string {
  return capped ? '共 1000+ 个项目' : `共 ${total} 个项目`;
}

/** The route's loader: page one's search starts as soon as this code arrives (docs/web.md § Page speed). */
export function loader({ request }: LoaderFunctionArgs): null {
  if (useSession.getState().cardno) {
    const filters = filtersFromQuery(new URL(request.url).searchParams);
    const s = useOrderCenter.getState();
    if (s.searchKey !== searchKeyOf(filters)) void s.search(filters);
  }
  return null;
}

/** /orderCenter 项目大厅: filters in the URL, keyset 「加载更多」, favourites on the cards. */
export default function OrderCenterPage() {
  const [params, setParams] = useSearchParams();
  const query = params.toString();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the query string is the identity of the filters
  const filters = useMemo(() => filtersFromQuery(params), [query]);
  const compact = useCompact();
  const [drawer, setDrawer] = useState(false);
  const [drawerUsed, setDrawerUsed] = useState(false);
  const [keyword, setKeyword] = useState(filters.keyword);
  // why the typed keyword was not searched: shown under the box until the keyword changes, so the
  // list below is never taken for this keyword's results
  const [keywordError, setKeywordError] = useState<string | null>(null);

  const list = useOrderCenter((s) => s.orderCenterList);
  const loading = useOrderCenter((s) => s.orderCenterLoading);
  const nextCursor = useOrderCenter((s) => s.nextCursor);
  const total = useOrderCenter((s) => s.total);
  const totalCapped = useOrderCenter((s) => s.totalCapped);
  const loadingMore = useOrderCenter((s) => s.loadingMore);
  const error = useOrderCenter((s) => s.error);
  const { search, loadMore, setFavorite } = useOrderCenter.getState();
  const fav = useToggleFavorite(setFavorite);

  useEffect(() => setKeyword(filters.keyword), [filters.keyword]);

  // Back from a detail page: the same filters are still loaded (with every page fetched so far),
  // so the list and the scroll position come back as they were instead of refetching page one.
  useEffect(() => {
    const s = useOrderCenter.getState();
    if (s.searchKey === searchKeyOf(filters) && !s.orderCenterLoading) return;
    void search(filters);
  }, [filters, search]);

  // A change made before the previous one has reached the URL builds on that one, not on the
  // filters this render read from the URL (two chips pressed within one navigation keep both).
  const pending = useRef<OrderFilters | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new query string settles what was pending
  useEffect(() => {
    pending.current = null;
  }, [query]);
  function apply(next: OrderFilters) {
    pending.current = next;
    setParams(filtersToQuery(next));
  }
  function update(next: Partial<OrderFilters>) {
    apply({ ...(pending.current ?? filters), ...next });
  }
  const reset = () => {
    apply({ ...DEFAULT_FILTERS, sort: (pending.current ?? filters).sort });
    setDrawer(false);
  };
  const activeCount = activeFilterCount(filters);
  // the cards render as a transition (React yields to input every few ms instead of one long task)
  const deferred = useDeferredValue(list);
  const searchKey = useOrderCenter((s) => s.searchKey);
  const shown = useProgressive(deferred, searchKey);
  const firstLoad = (loading && list.length === 0 && !error) || (shown.length === 0 && list.length > 0);

  return (
    <div className="zl-oc">
      <section className="zl-panel zl-oc-top">
        <div className="zl-oc-searchrow">
          <LiteSearch
            value={keyword}
            onChange={(v) => {
              setKeyword(v);
              setKeywordError(null);
            }}
            onSearch={(v) => {
              const k = v.trim().slice(0, 50);
              const problem = keywordProblem(k);
              setKeywordError(problem);
              if (problem) return;
              update({ keyword: k });
            }}
            placeholder="搜索项目名称、城市、展馆，空格分隔多个词"
            maxLength={50}
            label="搜索项目"
          />
          {compact && (
            <LiteBadge count={activeCount} title={`${activeCount} 个筛选条件`}>
              <LiteButton
                icon={<FilterOutlined />}
                onClick={() => {
                  setDrawerUsed(true);
                  setDrawer(true);
                }}
              >
                筛选
              </LiteButton>
            </LiteBadge>
          )}
        </div>
        {keywordError && (
          <p className="zl-oc-kw-error" role="alert">
            {keywordError}，列表仍是上一次的搜索结果
          </p>
        )}
        {!compact && <FilterPanel filters={filters} onChange={update} />}
      </section>

      <div className="zl-oc-bar">
        <span className="zl-oc-count" aria-live="polite">
          {firstLoad ? '正在加载项目…' : totalText(total, totalCapped)}
          {activeCount > 0 && (
            <LiteButton variant="link" size="small" onClick={reset}>
              清除筛选
            </LiteButton>
          )}
        </span>
        <LiteSegmented<SortKey>
          value={filters.sort}
          onChange={(sort) => update({ sort })}
          options={SORT_OPTIONS}
          size={compact ? 'small' : 'middle'}
          label="排序"
        />
      </div>

      {error && (
        <div className="zl-oc-alert">
          <LiteAlert
            title={list.length > 0 ? `刷新失败：${error}（下方为上次的结果）` : `项目加载失败：${error}`}
            action={
              <LiteButton size="small" onClick={() => void search(filters)}>
                重试
              </LiteButton>
            }
          />
        </div>
      )}

      {firstLoad ? (
        <CardSkeletons />
      ) : list.length === 0 && !error ? (
        <div className="zl-panel zl-oc-empty">
          <LiteEmpty
            description={
              activeCount > 0 ? '没有符合条件的项目，换个条件试试' : '暂时没有竞标中的项目，稍后再来看看'
            }
          >
            {activeCount > 0 && (
              <LiteButton variant="primary" onClick={reset}>
                重置筛选
              </LiteButton>
            )}
          </LiteEmpty>
        </div>
      ) : (
        <div className={loading ? 'zl-oc-grid zl-oc-grid-stale' : 'zl-oc-grid'}>
          {shown.map((p) => (
            <ProjectCard
              key={p.id}
              project={p}
              onToggleFavorite={(id) => fav.mutate(id)}
              favoritePending={fav.isPending && fav.variables === p.id}
            />
          ))}
        </div>
      )}

      {shown.length > 0 && shown.length === deferred.length && (
        <div className="zl-oc-more">
          {nextCursor ? (
            <LiteButton onClick={() => void loadMore()} loading={loadingMore} disabled={loading} size="large">
              加载更多
            </LiteButton>
          ) : (
            !loading && <span className="zl-oc-end">没有更多项目了</span>
          )}
        </div>
      )}

      {compact && drawerUsed && (
        <Suspense fallback={null}>
          <FilterDrawer
            open={drawer}
            onClose={() => setDrawer(false)}
            onReset={reset}
            footer={loading ? '正在筛选…' : `查看 ${totalCapped ? '1000+' : total} 个项目`}
            filters={filters}
            onChange={update}
          />
        </Suspense>
      )}
    </div>
  );
}
