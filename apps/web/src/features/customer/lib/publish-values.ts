import type {
  PayPlan,
  ProjectDetail as Project,
  ProjectSaveInput as ProjectSaveBody,
  RequirementItem,
} from '@zl/shared';
import {
  defaultShowDates,
  PAY_PLAN_DEFAULT,
  PAY_PLAN_FULL_PREPAY,
  REQUIREMENT_CATEGORIES,
  type RequirementCategory,
} from '@zl/shared';
import dayjs, { type Dayjs } from 'dayjs';
import type { DraftCodec } from '../../../lib/form-draft.ts';
import { fenToYuanInput, parseYuanToFen } from '../../../lib/money.ts';
import { chinaNow, fromChinaPicker, pickerText, toChinaPicker } from '../../../lib/time.ts';

/** 付款计划: 分阶段付款 (the percentages below) or 全额预付（100%）. */
export type PayMode = 'staged' | 'full';

/** The plan's percentages as the inputs hold them (an emptied input is null). */
export type PlanValues = { [K in keyof PayPlan]?: number | null };

/**
 * The build-in and teardown pickers (docs/show-dates.md): filled from the show's dates and
 * following them until the member picks one himself.
 */
export const SHOW_DATE_FIELDS = ['buildStart', 'buildEnd', 'teardownStart', 'teardownEnd'] as const;
export type ShowDateField = (typeof SHOW_DATE_FIELDS)[number];

/** The publish form's values: antd controls hold dayjs, a region path and the plan's percentages. */
export interface PublishValues extends Partial<Record<RequirementCategory, Partial<RequirementItem>[]>> {
  title?: string;
  groupid?: number;
  length?: number | null;
  width?: number | null;
  height?: number | null;
  opens?: number;
  period?: [Dayjs | null, Dayjs | null] | null;
  biddl?: Dayjs | null;
  /** 展期与现场: the pickers hold China wall-clock time like 竞标截止 */
  buildStart?: Dayjs | null;
  buildEnd?: Dayjs | null;
  teardownStart?: Dayjs | null;
  teardownEnd?: Dayjs | null;
  /** 报馆截止 (optional) */
  filingDeadline?: Dayjs | null;
  hall?: string;
  booth?: string;
  /** 施工押金 as typed, in 元 (sent as 分) */
  deposit?: string;
  /** the pickers of SHOW_DATE_FIELDS the member set himself (the others follow 展会日期); no control */
  showDatesTouched?: ShowDateField[];
  region?: string[];
  addr?: string;
  picture?: string[];
  attach?: string;
  conts?: string;
  /** 付款计划 (docs/staged-escrow.md): the choice, and the staged percentages (kept while 全额预付 is chosen) */
  payMode?: PayMode;
  payPlan?: PlanValues;
}

export const CATEGORY_KEYS = REQUIREMENT_CATEGORIES.map(([k]) => k);

/**
 * length × width in m², rounded to 2 decimals on whole centimetres (the server computes the stored
 * value the same way; this is only the live preview). null until both sides are set.
 */
export function computeArea(
  length: number | null | undefined,
  width: number | null | undefined,
): number | null {
  if (typeof length !== 'number' || typeof width !== 'number' || !(length > 0) || !(width > 0)) return null;
  const cm2 = Math.round(length * 100) * Math.round(width * 100);
  return Math.round(cm2 / 100) / 100;
}

export function formatArea(area: number | null): string {
  return area === null ? '—' : `${area.toFixed(2)} m²`;
}

/**
 * The plan the form stands for: 全额预付 is {100, 0, 0, 0}; staged takes the three shares as typed
 * (an empty one stays null, so the schema asks for it) and an empty 质保金 as 0 (it is optional).
 */
export function planOf(v: Pick<PublishValues, 'payMode' | 'payPlan'>): {
  prepay: number | null;
  progress: number | null;
  final: number | null;
  retention: number;
} {
  if (v.payMode === 'full') return { ...PAY_PLAN_FULL_PREPAY };
  const p = v.payPlan ?? {};
  const share = (x: number | null | undefined) => (typeof x === 'number' ? x : null);
  return {
    prepay: share(p.prepay),
    progress: share(p.progress),
    final: share(p.final),
    retention: share(p.retention) ?? 0,
  };
}

function cleanItems(list: Partial<RequirementItem>[] | undefined): RequirementItem[] {
  return (list ?? []).map((it) => ({
    name: String(it.name ?? '').trim(),
    spec: String(it.spec ?? '').trim(),
    unit: String(it.unit ?? '').trim(),
    qty: Number(it.qty ?? 0),
    remark: String(it.remark ?? '').trim(),
  }));
}

/** A picker's value as the body's instant (whole minutes), '' when empty. */
function instant(d: Dayjs | null | undefined): string {
  return d ? fromChinaPicker(d.second(0).millisecond(0)) : '';
}

/**
 * The build-in and teardown defaults of the show's days (shared defaultShowDates) as picker
 * values, or null until both days are chosen the right way round.
 */
export function showDateDefaults(period: PublishValues['period']): Record<ShowDateField, Dayjs> | null {
  const [s, e] = period ?? [null, null];
  if (!s || !e || e.isBefore(s, 'day')) return null;
  const d = defaultShowDates(s.format('YYYY-MM-DD'), e.format('YYYY-MM-DD'));
  return Object.fromEntries(SHOW_DATE_FIELDS.map((k) => [k, toChinaPicker(d[k].toISOString())])) as Record<
    ShowDateField,
    Dayjs
  >;
}

/**
 * What a change of 展会日期 puts in the pickers the member has not set himself: their defaults
 * for the new days (nothing while the days are incomplete).
 */
export function followShowDates(
  v: Pick<PublishValues, 'period' | 'showDatesTouched'>,
): Partial<Record<ShowDateField, Dayjs>> {
  const d = showDateDefaults(v.period);
  if (!d) return {};
  const touched = new Set(v.showDatesTouched ?? []);
  return Object.fromEntries(SHOW_DATE_FIELDS.filter((k) => !touched.has(k)).map((k) => [k, d[k]]));
}

/** 施工押金 typed in 元 → 分: empty is 0 (none); the form's rule has refused anything unreadable. */
export function depositFen(text: string | undefined): number {
  const t = (text ?? '').trim();
  return t ? (parseYuanToFen(t) ?? 0) : 0;
}

/** Form values → the Customer/projectSave body, with the seed's field names. */
export function toSaveBody(v: PublishValues, id?: number): ProjectSaveBody {
  const [prov = '', city = '', strt = ''] = v.region ?? [];
  const [start, end] = v.period ?? [null, null];
  const lists = Object.fromEntries(CATEGORY_KEYS.map((k) => [k, cleanItems(v[k])])) as Record<
    RequirementCategory,
    RequirementItem[]
  >;
  return {
    ...(id ? { id } : {}),
    title: (v.title ?? '').trim(),
    groupid: Number(v.groupid ?? 0),
    length: Number(v.length ?? 0),
    width: Number(v.width ?? 0),
    height: Number(v.height ?? 0),
    opens: Number(v.opens ?? 0),
    // never `prepay`: the first stage's amount is set by the server at the award
    payPlan: toPayPlan(v),
    sdate: start ? start.format('YYYY-MM-DD') : '',
    edate: end ? end.format('YYYY-MM-DD') : '',
    biddl: instant(v.biddl),
    // the show's hard dates, always sent as picked (docs/show-dates.md)
    buildStart: instant(v.buildStart),
    buildEnd: instant(v.buildEnd),
    teardownStart: instant(v.teardownStart),
    teardownEnd: instant(v.teardownEnd),
    filingDeadline: instant(v.filingDeadline),
    hall: (v.hall ?? '').trim(),
    booth: (v.booth ?? '').trim(),
    deposit: depositFen(v.deposit),
    prov,
    city,
    strt,
    addr: (v.addr ?? '').trim(),
    conts: (v.conts ?? '').trim(),
    picture: v.picture ?? [],
    attach: v.attach ?? '',
    ...lists,
  };
}

/** The form's plan as the body's (the form's rules have refused an empty share before this). */
function toPayPlan(v: PublishValues): PayPlan {
  const p = planOf(v);
  return { prepay: p.prepay ?? 0, progress: p.progress ?? 0, final: p.final ?? 0, retention: p.retention };
}

/**
 * A saved project → form values (editing, or correcting a rejected one). A build-in or teardown
 * time other than its default counts as the member's own: it stays when 展会日期 change.
 */
export function fromProject(p: Project): PublishValues {
  const defaults = p.sdate && p.edate ? defaultShowDates(p.sdate, p.edate) : null;
  const own = SHOW_DATE_FIELDS.filter((k) => !defaults || Date.parse(p[k]) !== defaults[k].getTime());
  const picker = (iso: string) => (iso ? toChinaPicker(iso) : null);
  return {
    title: p.title,
    groupid: p.groupid,
    length: p.length,
    width: p.width,
    height: p.height,
    opens: p.opens,
    period: p.sdate ? [dayjs(p.sdate), dayjs(p.edate || p.sdate)] : null,
    biddl: picker(p.biddl),
    buildStart: picker(p.buildStart),
    buildEnd: picker(p.buildEnd),
    teardownStart: picker(p.teardownStart),
    teardownEnd: picker(p.teardownEnd),
    filingDeadline: picker(p.filingDeadline),
    hall: p.hall,
    booth: p.booth,
    deposit: p.deposit > 0 ? fenToYuanInput(p.deposit) : '',
    showDatesTouched: own,
    region: [p.prov, p.city, p.strt].filter(Boolean),
    addr: p.addr,
    picture: p.picture.map((f) => f.id),
    attach: p.attach || '',
    conts: p.conts,
    // a plan of one stage is 全额预付; the staged inputs then start from the default plan
    payMode: p.payPlan.prepay === 100 ? 'full' : 'staged',
    payPlan: { ...(p.payPlan.prepay === 100 ? PAY_PLAN_DEFAULT : p.payPlan) },
    ...Object.fromEntries(CATEGORY_KEYS.map((k) => [k, p[k] ?? []])),
  };
}

/** Empty new project: one open side, nothing else chosen. */
export const EMPTY_VALUES: PublishValues = {
  opens: 1,
  hall: '',
  booth: '',
  deposit: '',
  showDatesTouched: [],
  picture: [],
  attach: '',
  payMode: 'staged',
  payPlan: { ...PAY_PLAN_DEFAULT },
  ...Object.fromEntries(CATEGORY_KEYS.map((k) => [k, []])),
};

/** 竞标截止: in the future, and before the exhibition starts (docs/marketplace.md). */
export function biddlProblem(
  biddl: Dayjs | null | undefined,
  sdate: Dayjs | null | undefined,
  now = chinaNow(),
): string | null {
  if (!biddl) return '请选择竞标截止时间';
  if (!biddl.isAfter(now)) return '竞标截止时间必须晚于现在';
  if (sdate && !biddl.isBefore(sdate.startOf('day'))) return '竞标截止时间必须早于展会开始日期';
  return null;
}

/** 展会日期: both ends, not in the past. */
export function periodProblem(period: PublishValues['period'], now = chinaNow()): string | null {
  const [s, e] = period ?? [null, null];
  if (!s || !e) return '请选择展会日期';
  if (s.isBefore(now.startOf('day'))) return '展会开始日期不能早于今天';
  if (e.isBefore(s, 'day')) return '结束日期不能早于开始日期';
  return null;
}

/** The pickers of one instant each, kept in a draft as their wall-clock text. */
const INSTANT_FIELDS = ['biddl', ...SHOW_DATE_FIELDS, 'filingDeadline'] as const;

/**
 * The publish form's draft (lib/form-draft.ts): the dates as `YYYY-MM-DD HH:mm` text, back to
 * dayjs on restore; everything else is already plain data. A draft from before the show's hard
 * dates has none of their keys: what the form holds for them stays.
 */
export const PUBLISH_DRAFT: DraftCodec<PublishValues> = {
  save: (v) => ({
    ...v,
    period: v.period ? v.period.map((d) => (d ? pickerText(d) : null)) : null,
    ...Object.fromEntries(INSTANT_FIELDS.map((k) => [k, v[k] ? pickerText(v[k]) : null])),
  }),
  load: (raw) => {
    const v = (raw ?? {}) as Record<string, unknown>;
    const day = (t: unknown) => (typeof t === 'string' && dayjs(t).isValid() ? dayjs(t) : null);
    const period = Array.isArray(v.period) ? v.period : null;
    // a draft from before 付款计划 held the 预付款 amount: nothing reads it any more
    const { prepay: _old, showDatesTouched: touched, ...rest } = v;
    return {
      ...(rest as PublishValues),
      period: period ? [day(period[0]), day(period[1])] : null,
      biddl: day(v.biddl),
      ...Object.fromEntries(
        [...SHOW_DATE_FIELDS, 'filingDeadline'].filter((k) => k in v).map((k) => [k, day(v[k])]),
      ),
      ...(Array.isArray(touched)
        ? { showDatesTouched: SHOW_DATE_FIELDS.filter((k) => touched.includes(k)) }
        : {}),
    };
  },
};
