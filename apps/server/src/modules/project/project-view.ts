import {
  PROJECT_GROUPS,
  type ProjectDetail,
  type ProjectStatus,
  type ProjectSummary,
  projectStatusLabels,
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
  | 'biddl'
  | 'coins'
  | 'peoples'
  | 'prepay'
  | 'status'
  | 'picture'
  | 'createdAt'
>;

// China has kept UTC+8 without daylight saving since 1991, so a fixed offset is exact here and
// much cheaper per row than Intl with a time zone.
const SHANGHAI_OFFSET_MS = 8 * 3600 * 1000;

function toDate(value: Date | string): Date {
  return value instanceof Date ? value : new Date(value);
}

/** `YYYY-MM-DD` and `HH:mm:ss` of an instant in Asia/Shanghai. */
export function shanghaiParts(value: Date | string): { date: string; time: string } {
  const iso = new Date(toDate(value).getTime() + SHANGHAI_OFFSET_MS).toISOString();
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

function isoOf(value: Date | string): string {
  return toDate(value).toISOString();
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
