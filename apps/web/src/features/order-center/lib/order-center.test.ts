import type { ProjectSummary } from '@zl/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setHallFavorite } from '../../../lib/favorite.ts';
import { envelope, fakeFeedback, jsonResponse, mockFetch } from '../../../lib/test-utils.ts';
import {
  activeFilterCount,
  DEFAULT_FILTERS,
  earlySearchKey,
  filtersFromQuery,
  filtersToPayload,
  filtersToQuery,
  type OrderFilters,
} from './filters.ts';
import { resetOrderCenter, useOrderCenter } from './order-center-store.ts';

function project(id: number, extra: Partial<ProjectSummary> = {}): ProjectSummary {
  return {
    id,
    orders: `P20261122${String(id).padStart(4, '0')}`,
    groupid: 1,
    groupname: '特装展台',
    title: `项目 ${id}`,
    length: 6,
    width: 4,
    height: 3,
    areas: 24,
    coins: 5,
    peoples: 0,
    cover: null,
    sdate: '2026-12-01',
    edate: '2026-12-03',
    buildStart: '2026-11-29T00:00:00.000Z',
    prov: '福建省',
    city: '福州市',
    biddl: '2026-11-30T10:00:00.000Z',
    status: 1,
    statusText: '竞标中',
    favorite: false,
    opens: 1,
    prepay: 0,
    dates: '2026-11-22',
    times: '10:00:00',
    ...extra,
  };
}

const page = (ids: number[], nextCursor: string | null, total: number | null = 3, totalCapped = false) =>
  envelope('success', { listItem: ids.map((id) => project(id)), nextCursor, total, totalCapped });

function bodies(fetchMock: ReturnType<typeof mockFetch>) {
  return fetchMock.mock.calls.map(([, init]) => JSON.parse(String((init as RequestInit).body)));
}

beforeEach(() => {
  resetOrderCenter();
  fakeFeedback();
});
afterEach(() => vi.unstubAllGlobals());

describe('orderCenterList / orderCenterLoading (docs/seed-map.md § Client state)', () => {
  it('starts as an empty list, loading', () => {
    const s = useOrderCenter.getState();
    expect(s.orderCenterList).toEqual([]);
    expect(s.orderCenterLoading).toBe(true);
  });

  it('a successful search fills the list and sets loading false', async () => {
    const fetchMock = mockFetch(() => jsonResponse(page([1, 2], 'c1')));
    await useOrderCenter.getState().search(DEFAULT_FILTERS);
    const s = useOrderCenter.getState();
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/Projectcenter/searchList');
    expect(s.orderCenterList.map((p) => p.id)).toEqual([1, 2]);
    expect(s.orderCenterLoading).toBe(false);
    expect(s.nextCursor).toBe('c1');
    expect(s.total).toBe(3);
  });

  it('an answer that is not success stores nothing: the previous list stays', async () => {
    mockFetch(() => jsonResponse(page([1, 2], null)));
    await useOrderCenter.getState().search(DEFAULT_FILTERS);
    mockFetch(() => jsonResponse(envelope('VALIDATION_FAILED', { fields: { city: '所选地区不正确' } }), 400));
    await useOrderCenter.getState().search({ ...DEFAULT_FILTERS, prov: '福建省', city: '火星市' });
    const s = useOrderCenter.getState();
    expect(s.orderCenterList.map((p) => p.id)).toEqual([1, 2]);
    expect(s.error).toBeTruthy();
    expect(s.total).toBe(3);
  });

  it('a first search that fails leaves the seed defaults (empty, loading true)', async () => {
    mockFetch(() => jsonResponse(envelope('INTERNAL'), 500));
    await useOrderCenter.getState().search(DEFAULT_FILTERS);
    expect(useOrderCenter.getState().orderCenterList).toEqual([]);
    expect(useOrderCenter.getState().orderCenterLoading).toBe(true);
  });

  it('「加载更多」 keeps the first page’s count (a cursor page answers total null)', async () => {
    mockFetch((_u, init) => {
      const body = JSON.parse(String(init?.body));
      return jsonResponse(body.cursor === 'c1' ? page([3], null, null) : page([1, 2], 'c1', 1000, true));
    });
    await useOrderCenter.getState().search(DEFAULT_FILTERS);
    await useOrderCenter.getState().loadMore();
    const s = useOrderCenter.getState();
    expect(s.orderCenterList.map((p) => p.id)).toEqual([1, 2, 3]);
    expect({ total: s.total, totalCapped: s.totalCapped }).toEqual({ total: 1000, totalCapped: true });
  });

  it('「加载更多」 sends the cursor and appends without duplicates', async () => {
    const fetchMock = mockFetch((_u, init) => {
      const body = JSON.parse(String(init?.body));
      return jsonResponse(body.cursor === 'c1' ? page([2, 3], null) : page([1, 2], 'c1'));
    });
    await useOrderCenter.getState().search({ ...DEFAULT_FILTERS, groupid: 2 });
    await useOrderCenter.getState().loadMore();
    const s = useOrderCenter.getState();
    expect(s.orderCenterList.map((p) => p.id)).toEqual([1, 2, 3]);
    expect(s.nextCursor).toBeNull();
    const [first, second] = bodies(fetchMock);
    expect(first.cursor).toBeUndefined();
    expect(second).toMatchObject({ cursor: 'c1', groupid: 2, status: 1 });
    // the last page: nothing more to ask
    await useOrderCenter.getState().loadMore();
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('a favourite toggled elsewhere (我的收藏, the order detail) shows on the kept list', async () => {
    mockFetch(() => jsonResponse(page([1, 2], null)));
    await useOrderCenter.getState().search(DEFAULT_FILTERS);
    setHallFavorite(2, true);
    expect(useOrderCenter.getState().orderCenterList.map((p) => p.favorite)).toEqual([false, true]);
  });

  it('only the newest search may write (a slow older answer is dropped)', async () => {
    let release: (r: Response) => void = () => {};
    mockFetch((_u, init) => {
      const body = JSON.parse(String(init?.body));
      if (body.groupid === 1) return new Promise<Response>((r) => (release = r));
      return jsonResponse(page([9], null, 1));
    });
    const slow = useOrderCenter.getState().search({ ...DEFAULT_FILTERS, groupid: 1 });
    await useOrderCenter.getState().search({ ...DEFAULT_FILTERS, groupid: 3 });
    release(jsonResponse(page([1, 2], null)));
    await slow;
    expect(useOrderCenter.getState().orderCenterList.map((p) => p.id)).toEqual([9]);
  });
});

describe('filters ⇄ URL ⇄ searchList payload', () => {
  const f: OrderFilters = {
    keyword: '车展',
    groupid: 1,
    prov: '福建省',
    city: '福州市',
    areaMin: 36,
    areaMax: 100,
    sdateFrom: '2026-12-01',
    sdateTo: '2026-12-31',
    buildFrom: '2026-11-28',
    buildTo: '2026-12-05',
    status: 'open',
    sort: 'deadline',
  };

  it('serialises every filter into the searchList payload (status explicit, sort order)', () => {
    expect(filtersToPayload(f)).toEqual({
      keyword: '车展',
      groupid: 1,
      prov: '福建省',
      city: '福州市',
      areaMin: 36,
      areaMax: 100,
      sdateFrom: '2026-12-01',
      sdateTo: '2026-12-31',
      buildFrom: '2026-11-28',
      buildTo: '2026-12-05',
      status: 1,
      sort: 'deadline',
      order: 'asc',
      pageSize: 20,
    });
    expect(filtersToPayload(DEFAULT_FILTERS)).toEqual({
      status: 1,
      sort: 'newest',
      order: 'desc',
      pageSize: 20,
    });
    expect(filtersToPayload({ ...DEFAULT_FILTERS, status: 7, sort: 'area' }, 'abc')).toEqual({
      status: 7,
      sort: 'area',
      order: 'desc',
      cursor: 'abc',
      pageSize: 20,
    });
  });

  it('进场日期 and the 进场时间 sort: buildFrom / buildTo and sort build, soonest first (asc)', () => {
    const build: OrderFilters = {
      ...DEFAULT_FILTERS,
      buildFrom: '2026-12-01',
      buildTo: '2026-12-07',
      sort: 'build',
    };
    expect(filtersToPayload(build)).toEqual({
      buildFrom: '2026-12-01',
      buildTo: '2026-12-07',
      status: 1,
      sort: 'build',
      order: 'asc',
      pageSize: 20,
    });
    // one end alone is a half-open range
    expect(filtersToPayload({ ...DEFAULT_FILTERS, buildTo: '2026-12-07' })).toEqual({
      buildTo: '2026-12-07',
      status: 1,
      sort: 'newest',
      order: 'desc',
      pageSize: 20,
    });
    const q = filtersToQuery(build);
    expect(q.toString()).toBe('buildFrom=2026-12-01&buildTo=2026-12-07&sort=build');
    expect(filtersFromQuery(new URLSearchParams(q.toString()))).toEqual(build);
    expect(activeFilterCount(build)).toBe(1);
    expect(activeFilterCount({ ...build, sdateFrom: '2026-12-10' })).toBe(2);
    // the early search (app/early-requests.ts) is keyed by the same query
    expect(earlySearchKey(build)).toBe(`Projectcenter/searchList?${q.toString()}`);
  });

  it('round-trips through the URL query; defaults leave the URL clean', () => {
    const q = filtersToQuery(f);
    expect(q.get('keyword')).toBe('车展');
    expect(q.get('sort')).toBe('deadline');
    expect(filtersFromQuery(new URLSearchParams(q.toString()))).toEqual(f);
    expect(filtersToQuery(DEFAULT_FILTERS).toString()).toBe('');
    expect(filtersFromQuery(new URLSearchParams('status=7')).status).toBe(7);
  });

  it('a hand-edited link with nonsense falls back to defaults', () => {
    const got = filtersFromQuery(
      new URLSearchParams(
        'groupid=9&areaMin=-3&sdateFrom=tomorrow&buildFrom=2026-1-5&buildTo=soon&sort=price&status=0&keyword=a&city=福州市',
      ),
    );
    expect(got).toEqual(DEFAULT_FILTERS);
  });
});

describe('the first search started by the entry script (app/early-requests.ts, docs/web.md § Page speed)', () => {
  it('is taken by the page: one request for the filters of the link, none again', async () => {
    const fetchMock = mockFetch(() => jsonResponse(page([1, 2], null, 2)));
    const { startPageRequests } = await import('../../../app/early-requests.ts');
    startPageRequests('/orderCenter', '?keyword=%E8%BD%A6%E5%B1%95&sort=area');
    expect(fetchMock).toHaveBeenCalledOnce();
    const filters = filtersFromQuery(new URLSearchParams('keyword=车展&sort=area'));
    expect(bodies(fetchMock)[0]).toEqual(filtersToPayload(filters));
    await useOrderCenter.getState().search(filters);
    expect(fetchMock).toHaveBeenCalledOnce();
    expect(useOrderCenter.getState().orderCenterList.map((p) => p.id)).toEqual([1, 2]);
    // taken once: the next search with the same filters asks the server again
    await useOrderCenter.getState().search({ ...filters });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('other filters than the early one ask the server themselves', async () => {
    const fetchMock = mockFetch(() => jsonResponse(page([3], null, 1)));
    const { startPageRequests } = await import('../../../app/early-requests.ts');
    startPageRequests('/orderCenter', '');
    await useOrderCenter.getState().search({ ...DEFAULT_FILTERS, keyword: '宁夏' });
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(bodies(fetchMock)[1].keyword).toBe('宁夏');
  });
});
