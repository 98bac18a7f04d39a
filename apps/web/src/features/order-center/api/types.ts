import type { RequirementCategory } from '@zl/shared';

/** A picture as the server shows it (docs/marketplace.md: `[{id, url, thumbUrl}]`). */
export interface ProjectPicture {
  id: string;
  url: string;
  thumbUrl: string | null;
}

export interface RequirementItem {
  name: string;
  spec: string;
  unit: string;
  qty: number;
  remark: string;
}

/** A row of Projectcenter/searchList, Myfavorite/bPrjctList and factoryPrjctList. */
export interface ProjectSummary {
  id: number;
  orders: string;
  groupid: number;
  groupname?: string;
  title: string;
  length: number;
  width: number;
  height: number;
  areas: number;
  opens?: number;
  prepay?: number;
  coins: number;
  peoples: number;
  /** thumbnail of the first reference picture */
  cover?: string | null;
  sdate: string;
  edate: string;
  prov: string;
  city: string;
  strt?: string;
  biddl: string;
  status: number;
  statusText?: string;
  /** present when the server tells whether the caller saved it */
  favorite?: boolean;
  favoritedAt?: string;
}

export interface QuoteLineOut extends RequirementItem {
  price: number;
  amount: number;
}

/** The caller's own quote (getInfo.myQuote, getPriceTable.quote). */
export interface MyQuote {
  quoteId?: number;
  id?: number;
  lines: Partial<Record<RequirementCategory, QuoteLineOut[]>>;
  subtotals: Partial<Record<RequirementCategory, number>>;
  total: number;
  days: number;
  remark: string;
  attachments: Array<string | (ProjectPicture & { name?: string })>;
  /** 0 pending · 1 won · 2 lost · 3 withdrawn */
  status: number;
  created?: string;
  updated?: string;
}

export interface ProjectOrbit {
  status: number;
  statusText: string;
  at: string;
}

export type ProjectDetail = ProjectSummary &
  Record<RequirementCategory, RequirementItem[]> & {
    mobile: string;
    opens: number;
    prepay: number;
    picture: ProjectPicture[];
    workpic?: ProjectPicture[];
    /** file id of the attachment ('' none) */
    attach: string;
    attachname: string;
    conts: string;
    addr: string;
    strt: string;
    dates: string;
    times: string;
    checked: number;
    reason?: string;
    closedBy?: string;
    orbits: ProjectOrbit[];
    favorite: boolean;
    myQuote: MyQuote | null;
    canQuote: boolean;
    /** NOT_WORKSHOP | NOT_VERIFIED | ALREADY_QUOTED | BIDDING_CLOSED | INSUFFICIENT_COINS, null when canQuote */
    whyNot?: string | null;
    /** the reason in words */
    whyNotText?: string;
  };
