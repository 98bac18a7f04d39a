import {
  PROJECT_GROUPS,
  type ProjectDetail,
  type ProjectStatus,
  type ProjectSummary,
  projectStatusLabels,
  SHANGHAI_OFFSET_MS,
} from '@zl/shared';
import type { projects } from '../../db/schema/index.ts';
import { fileRef } from '../file/file-access.ts';

export type ProjectRow = typeof projects.$inferSelect;

/** The columns a list row needs (no requirement lists, no long text): lists select only these. */
export type ProjectSummaryRow = Pick<
  ProjectRow,
  | 'id'
  | 'orders'
  | 'title'
  | 'groupid'
  | 'areas'
  | 'length'
  | 'width'
  | 'height'
  | 'opens'
  | 'prov'
  | 'city'
  | 'sdate'
  | 'edate'
  | 'buildStart'
  | 'biddl'
  | 'coins'
  | 'peoples'
  | 'prepay'
  | 'status'
  | 'picture'
  | 'createdAt'
>;

function toDate(value: Date | string): Date {
  return value instanceof Date ? value : new Date(value);
}

const DAY_MS = 86_400_000;
const pad2 = (n: number) => (n < 10 ? `0${n}` : `${n}`);
const pad3 = (n: number) => (n < 10 ? `00${n}` : n < 100 ? `0${n}` : `${n}`);

/**
 * `YYYY-MM-DD`, `HH:mm:ss` and milliseconds of a UTC instant in ms, computed by arithmetic (the
 * proleptic Gregorian calendar's days-to-civil conversion): about 3× cheaper than `toISOString` and
 * its slicing, which every list row paid twice (docs/marketplace.md § searchList). Null for years
 * outside 1000–9999 and invalid dates (never a booth's): the callers then use `toISOString`, whose
 * text differs there.
 */
function utcParts(ms: number): { date: string; time: string; millis: string } | null {
  const days = Math.floor(ms / DAY_MS);
  let rest = ms - days * DAY_MS;
  const z = days + 719_468;
  const era = Math.floor(z / 146_097);
  const doe = z - era * 146_097;
  const yoe = Math.floor(
    (doe - Math.floor(doe / 1460) + Math.floor(doe / 36_524) - Math.floor(doe / 146_096)) / 365,
  );
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const day = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const month = mp < 10 ? mp + 3 : mp - 9;
  const year = yoe + era * 400 + (month <= 2 ? 1 : 0);
  if (!(year >= 1000 && year <= 9999)) return null;
  const hours = Math.floor(rest / 3_600_000);
  rest -= hours * 3_600_000;
  const minutes = Math.floor(rest / 60_000);
  rest -= minutes * 60_000;
  const seconds = Math.floor(rest / 1000);
  return {
    date: `${year}-${pad2(month)}-${pad2(day)}`,
    time: `${pad2(hours)}:${pad2(minutes)}:${pad2(seconds)}`,
    millis: pad3(rest - seconds * 1000),
  };
}

/** `YYYY-MM-DD` and `HH:mm:ss` of an instant in Asia/Shanghai. */
export function shanghaiParts(value: Date | string): { date: string; time: string } {
  return shanghaiPartsOfEpoch(toDate(value).getTime());
}

/** `shanghaiParts` of an instant given as milliseconds since the epoch. */
export function shanghaiPartsOfEpoch(epochMs: number): { date: string; time: string } {
  const ms = epochMs + SHANGHAI_OFFSET_MS;
  const p = utcParts(ms);
  if (p) return { date: p.date, time: p.time };
  const iso = new Date(ms).toISOString(); // throws RangeError on an invalid date, as before
  return { date: iso.slice(0, 10), time: iso.slice(11, 19) };
}

/** `YYYY-MM-DD HH:mm:ss` in Asia/Shanghai, '' for none. */
export function shanghaiDateTime(value: Date | string | null | undefined): string {
  if (value === null || value === undefined) return '';
  const p = shanghaiParts(value);
  return `${p.date} ${p.time}`;
}

export function statusText(status: number): string {
  return projectStatusLabels[status as ProjectStatus] ?? '';
}

export function groupName(groupid: number): string {
  return PROJECT_GROUPS[groupid as keyof typeof PROJECT_GROUPS] ?? '';
}

/** The instant as `toISOString` writes it (`YYYY-MM-DDTHH:mm:ss.sssZ`). */
export function isoOf(value: Date | string): string {
  return isoOfEpoch(toDate(value).getTime());
}

/** `isoOf` of an instant given as milliseconds since the epoch. */
export function isoOfEpoch(epochMs: number): string {
  const p = utcParts(epochMs);
  return p ? `${p.date}T${p.time}.${p.millis}Z` : new Date(epochMs).toISOString();
}

/** numeric columns come back as strings from some drivers despite mode 'number' in raw SQL */
function num(v: number | string): number {
  return typeof v === 'number' ? v : Number(v);
}

/** A list row (order centre, favourites, the supplier's projects). */
export function projectSummary(row: ProjectSummaryRow, favorite = false): ProjectSummary {
  const created = shanghaiParts(row.createdAt);
  const first = row.picture[0];
  return {
    id: num(row.id),
    orders: row.orders,
    title: row.title,
    groupid: row.groupid,
    groupname: groupName(row.groupid),
    areas: num(row.areas),
    length: num(row.length),
    width: num(row.width),
    height: num(row.height),
    opens: row.opens,
    prov: row.prov,
    city: row.city,
    sdate: row.sdate,
    edate: row.edate,
    buildStart: isoOf(row.buildStart),
    biddl: isoOf(row.biddl),
    coins: row.coins,
    peoples: row.peoples,
    prepay: num(row.prepay),
    status: row.status,
    statusText: statusText(row.status),
    cover: first ? fileRef(first).thumbUrl : null,
    dates: created.date,
    times: created.time,
    favorite,
  };
}

/**
 * The full project in the seed's detail shape. `showMobile` is the caller's right to the
 * customer's contact (operators, the customer, the winner from status 2); everyone else gets ''.
 */
export function projectDetail(row: ProjectRow, opts: { showMobile: boolean }): ProjectDetail {
  const created = shanghaiParts(row.createdAt);
  return {
    id: num(row.id),
    mobile: opts.showMobile ? row.mobile : '',
    orders: row.orders,
    groupid: row.groupid,
    groupname: groupName(row.groupid),
    title: row.title,
    length: num(row.length),
    width: num(row.width),
    height: num(row.height),
    areas: num(row.areas),
    opens: row.opens,
    prepay: num(row.prepay),
    coins: row.coins,
    peoples: row.peoples,
    picture: row.picture.map((id) => fileRef(id)),
    workpic: row.workpic.map((id) => fileRef(id)),
    attach: row.attach,
    attachname: row.attachname,
    conts: row.conts,
    sdate: row.sdate,
    edate: row.edate,
    buildStart: isoOf(row.buildStart),
    buildEnd: isoOf(row.buildEnd),
    teardownStart: isoOf(row.teardownStart),
    teardownEnd: isoOf(row.teardownEnd),
    filingDeadline: row.filingDeadline ? isoOf(row.filingDeadline) : '',
    hall: row.hall,
    booth: row.booth,
    deposit: num(row.deposit),
    biddl: isoOf(row.biddl),
    prov: row.prov,
    city: row.city,
    strt: row.strt,
    addr: row.addr,
    dates: created.date,
    times: created.time,
    status: row.status,
    statusText: statusText(row.status),
    checked: row.checked,
    checkdate: shanghaiDateTime(row.checkdate),
    reason: row.reason,
    closedBy: row.closedBy,
    contract: JSON.stringify(row.contract),
    contctck: row.contctck,
    contctckdt: shanghaiDateTime(row.contctckdt),
    reports: row.reports,
    reportck: row.reportck,
    reportdate: shanghaiDateTime(row.reportdate),
    prepayp: num(row.prepayp),
    ispaid: row.ispaid,
    payPlan: row.payPlan,
    contractAmount: row.contractAmount === null ? null : num(row.contractAmount),
    complaintOpen: row.complaintOpen,
    dimian: row.dimian,
    beiban: row.beiban,
    mentou: row.mentou,
    zhanshi: row.zhanshi,
    jiedai: row.jiedai,
    meigong: row.meigong,
    zulin: row.zulin,
  };
}
