import type { RequirementCategory } from '@zl/shared';

/**
 * Shapes of the marketplace calls as docs/marketplace.md describes them. Written against the
 * contract while the server was being built; the answers are only read, never trusted for money
 * arithmetic (the server computes areas, subtotals and totals).
 */
export interface RequirementItem {
  name: string;
  spec: string;
  unit: string;
  qty: number;
  remark: string;
}

export type RequirementLists = Record<RequirementCategory, RequirementItem[]>;

export interface FileRef {
  id: string;
  url: string;
  thumbUrl: string | null;
}

export interface Paged<T> {
  listItem: T[];
  total: number;
  page: number;
}

export interface ProjectFields extends RequirementLists {
  title: string;
  groupid: number;
  length: number;
  width: number;
  height: number;
  opens: number;
  prepay: number;
  sdate: string;
  edate: string;
  biddl: string;
  prov: string;
  city: string;
  strt: string;
  addr: string;
  conts: string;
}

/** Body of Customer/projectSave: file ids instead of file refs; `id` to edit. */
export interface ProjectSaveBody extends ProjectFields {
  id?: number;
  picture: string[];
  attach: string;
}

export interface Project extends ProjectFields {
  id: number;
  mobile: string;
  orders: string;
  groupname: string;
  areas: number;
  coins: number;
  peoples: number;
  picture: FileRef[];
  workpic?: FileRef[];
  attach: string;
  attachname: string;
  dates: string;
  times: string;
  status: number;
  statusText: string;
  checked: number;
  checkdate: string;
  reason: string;
  closedBy: string;
}

export interface CustomerProjectSummary {
  id: number;
  orders: string;
  title: string;
  groupid: number;
  groupname: string;
  areas: number;
  prov: string;
  city: string;
  sdate: string;
  edate: string;
  biddl: string;
  coins: number;
  peoples: number;
  prepay: number;
  status: number;
  statusText: string;
  cover?: string | null;
  dates: string;
  times: string;
  quoteCount: number;
  reason?: string;
  closedBy?: string;
  checked?: number;
}

export interface QuoteSupplier {
  cardno: string;
  nickname: string;
  company: string;
  score: number | null;
  personauth: number;
  businsauth: number;
}

export interface QuoteLine {
  name: string;
  spec: string;
  unit: string;
  qty: number;
  price: number;
  amount?: number;
  remark: string;
}

export interface Quote {
  quoteId: number;
  supplier: QuoteSupplier;
  subtotals: Partial<Record<RequirementCategory, number>>;
  total: number;
  days: number;
  remark: string;
  attachments: Array<FileRef & { name?: string }>;
  /** 0 pending · 1 won · 2 lost · 3 refunded */
  status: number;
  created: string;
  updated: string;
  lines: Partial<Record<RequirementCategory, QuoteLine[]>>;
}

export interface WinnerContact {
  cardno: string;
  nickname: string;
  company: string;
  mobile?: string;
  name?: string;
}

export interface AwardResult {
  project: Project;
  winner: WinnerContact;
}

export interface WinnerInfo {
  awarded: boolean;
  winner: { cardno: string; nickname: string; company: string } | null;
  mine: 'won' | 'lost' | 'pending' | null;
  contact?: { mobile: string; name: string } | null;
}
