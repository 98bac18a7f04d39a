import type { SearchListInput, SearchSort } from '@zl/shared';
import { keywordProblem, PROJECT_STATUS, SEARCH_DEFAULT_ORDER, SEARCH_SORTS } from '@zl/shared';

/**
 * The order-centre filters live in the URL query (a link reproduces the search, back restores
 * it). One plain object ⇄ URLSearchParams ⇄ the Projectcenter/searchList payload.
 */
export type SortKey = SearchSort;
/** 'open' = 竞标中 (status 1, deadline ahead); otherwise one finished status to browse results. */
export type StatusFilter = 'open' | 2 | 3 | 4 | 5 | 6 | 7;

export interface OrderFilters {
  keyword: string;
  /** 0 = 全部 */
  groupid: number;
  prov: string;
  city: string;
  areaMin: number | null;
  areaMax: number | null;
  sdateFrom: string;
  sdateTo: string;
  /** the build-in start 进场布展 between these days (Asia/Shanghai, inclusive; docs/show-dates.md) */
  buildFrom: string;
  buildTo: string;
  status: StatusFilter;
  sort: SortKey;
}

export const DEFAULT_FILTERS: OrderFilters = {
  keyword: '',
  groupid: 0,
  prov: '',
  city: '',
  areaMin: null,
  areaMax: null,
  sdateFrom: '',
  sdateTo: '',
  buildFrom: '',
  buildTo: '',
  status: 'open',
  sort: 'newest',
};

export const GROUP_CHIPS: Array<[number, string]> = [
  [0, '全部'],
  [1, '特装展台'],
  [2, '标准展位'],
  [3, '展厅展馆'],
  [4, '舞台活动'],
  [5, '其他'],
];

/** Area presets in m² (the operator's coin tiers use the same bounds). */
export const AREA_PRESETS: Array<{ key: string; label: string; min: number | null; max: number | null }> = [
  { key: 'le36', label: '≤36㎡', min: null, max: 36 },
  { key: '36-100', label: '36–100㎡', min: 36, max: 100 },
  { key: '100-300', label: '100–300㎡', min: 100, max: 300 },
  { key: 'gt300', label: '300㎡以上', min: 300, max: null },
];

export const SORT_OPTIONS: Array<{ value: SortKey; label: string }> = [
  { value: 'newest', label: '最新发布' },
  { value: 'deadline', label: '截止时间' },
  { value: 'area', label: '面积' },
  { value: 'build', label: '进场时间' },
];

/** The server's default direction of each sort: deadline and build-in soonest first; newest and area largest first. */
export function sortOrder(sort: SortKey): 'asc' | 'desc' {
  return SEARCH_DEFAULT_ORDER[sort];
}

function sortFrom(v: string | null): SortKey {
  return (SEARCH_SORTS as readonly string[]).includes(v ?? '') ? (v as SortKey) : 'newest';
}

const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;

function num(v: string | null, max = 100_000): number | null {
  if (v === null || v.trim() === '') return null;
  const n = Number(v);
  return Number.isFinite(n) && n >= 0 && n <= max ? Math.round(n * 100) / 100 : null;
}

/** Anything odd in a hand-edited link falls back to the default rather than failing the search. */
export function filtersFromQuery(q: URLSearchParams): OrderFilters {
  const group = Number(q.get('groupid'));
  const date = (k: string) => {
    const v = q.get(k) ?? '';
    return DATE_RE.test(v) ? v : '';
  };
  const prov = (q.get('prov') ?? '').slice(0, 20);
  return {
    // the server refuses a one-character keyword (too broad to be useful, and no index answers it)
    keyword: keywordFrom(q.get('keyword')),
    groupid: Number.isInteger(group) && group >= 1 && group <= 5 ? group : 0,
    prov,
    city: prov ? (q.get('city') ?? '').slice(0, 20) : '',
    areaMin: num(q.get('areaMin')),
    areaMax: num(q.get('areaMax')),
    sdateFrom: date('sdateFrom'),
    sdateTo: date('sdateTo'),
    buildFrom: date('buildFrom'),
    buildTo: date('buildTo'),
    status: statusFrom(q.get('status')),
    sort: sortFrom(q.get('sort')),
  };
}

/** Only what differs from the default goes into the URL, so the plain hall stays /orderCenter. */
export function filtersToQuery(f: OrderFilters): URLSearchParams {
  const q = new URLSearchParams();
  if (f.keyword) q.set('keyword', f.keyword);
  if (f.groupid) q.set('groupid', String(f.groupid));
  if (f.prov) q.set('prov', f.prov);
  if (f.prov && f.city) q.set('city', f.city);
  if (f.areaMin !== null) q.set('areaMin', String(f.areaMin));
  if (f.areaMax !== null) q.set('areaMax', String(f.areaMax));
  if (f.sdateFrom) q.set('sdateFrom', f.sdateFrom);
  if (f.sdateTo) q.set('sdateTo', f.sdateTo);
  if (f.buildFrom) q.set('buildFrom', f.buildFrom);
  if (f.buildTo) q.set('buildTo', f.buildTo);
  if (f.status !== 'open') q.set('status', String(f.status));
  if (f.sort !== 'newest') q.set('sort', f.sort);
  return q;
}

/** The searchList body (docs/seed-map.md § Calls). */
export type SearchPayload = SearchListInput;

export const PAGE_SIZE = 20;

/** The searchList body: only what is set, status always explicit (1 = open). */
export function filtersToPayload(f: OrderFilters, cursor?: string | null): SearchPayload {
  const body: SearchPayload = { sort: f.sort, order: sortOrder(f.sort), pageSize: PAGE_SIZE };
  if (f.keyword) body.keyword = f.keyword;
  if (f.groupid) body.groupid = f.groupid;
  if (f.prov) body.prov = f.prov;
  if (f.prov && f.city) body.city = f.city;
  if (f.areaMin !== null) body.areaMin = f.areaMin;
  if (f.areaMax !== null) body.areaMax = f.areaMax;
  if (f.sdateFrom) body.sdateFrom = f.sdateFrom;
  if (f.sdateTo) body.sdateTo = f.sdateTo;
  if (f.buildFrom) body.buildFrom = f.buildFrom;
  if (f.buildTo) body.buildTo = f.buildTo;
  body.status = f.status === 'open' ? PROJECT_STATUS.BIDDING : f.status;
  if (cursor) body.cursor = cursor;
  return body;
}

export const STATUS_OPTIONS: Array<{ value: StatusFilter; label: string }> = [
  { value: 'open', label: '竞标中' },
  { value: 2, label: '已选标' },
  { value: 3, label: '签约中' },
  { value: 4, label: '施工中' },
  { value: 5, label: '待验收' },
  { value: 6, label: '已完成' },
  { value: 7, label: '已关闭' },
];

/** A keyword from a link: one the server would refuse (keyword-terms.ts in shared) means none. */
export function keywordFrom(v: string | null): string {
  const k = (v ?? '').trim().slice(0, 50);
  return k && !keywordProblem(k) ? k : '';
}

function statusFrom(v: string | null): StatusFilter {
  const n = Number(v);
  return Number.isInteger(n) && n >= PROJECT_STATUS.AWARDED && n <= PROJECT_STATUS.CLOSED
    ? (n as StatusFilter)
    : 'open';
}

export function activeFilterCount(f: OrderFilters): number {
  let n = 0;
  if (f.keyword) n++;
  if (f.groupid) n++;
  if (f.prov) n++;
  if (f.areaMin !== null || f.areaMax !== null) n++;
  if (f.sdateFrom || f.sdateTo) n++;
  if (f.buildFrom || f.buildTo) n++;
  if (f.status !== 'open') n++;
  return n;
}

export function areaPresetKey(f: Pick<OrderFilters, 'areaMin' | 'areaMax'>): string | null {
  if (f.areaMin === null && f.areaMax === null) return null;
  return AREA_PRESETS.find((p) => p.min === f.areaMin && p.max === f.areaMax)?.key ?? 'custom';
}

/** lib/early's key of a first-page search started by the entry script (app/early-requests.ts). */
export function earlySearchKey(f: OrderFilters): string {
  return `Projectcenter/searchList?${filtersToQuery(f).toString()}`;
}
