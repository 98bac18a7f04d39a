import { z } from 'zod';
import { fileRefSchema } from '../file/file.schema.ts';

/** One requirement line of the seven lists (dimian … zulin). */
export const requirementItemSchema = z.object({
  name: z.string(),
  spec: z.string(),
  unit: z.string(),
  qty: z.number().int(),
  remark: z.string(),
});
export type RequirementItem = z.infer<typeof requirementItemSchema>;

/**
 * A project as a list row (order centre, favourites, the supplier's projects). Dates `YYYY-MM-DD`;
 * `dates`/`times` the creation date and time in Asia/Shanghai; `biddl` ISO; money in 分.
 */
export const projectSummarySchema = z.object({
  id: z.number().int(),
  orders: z.string(),
  title: z.string(),
  groupid: z.number().int(),
  groupname: z.string(),
  areas: z.number(),
  length: z.number(),
  width: z.number(),
  height: z.number(),
  opens: z.number().int(),
  prov: z.string(),
  city: z.string(),
  sdate: z.string(),
  edate: z.string(),
  /** build-in start, ISO (docs/show-dates.md) */
  buildStart: z.string(),
  biddl: z.string(),
  coins: z.number().int(),
  peoples: z.number().int(),
  /** the first stage's amount, 分: 0 until the award fixes it (docs/staged-escrow.md) */
  prepay: z.number().int(),
  status: z.number().int(),
  statusText: z.string(),
  /** thumbnail of the first reference picture */
  cover: z.string().nullable(),
  dates: z.string(),
  times: z.string(),
  /** the caller has it among their favourites */
  favorite: z.boolean(),
});
export type ProjectSummary = z.infer<typeof projectSummarySchema>;

const items = z.array(requirementItemSchema);

/** The seed's detail fields (§3 orderDetail) plus biddl, reason, closedBy, groupname, statusText. */
export const projectDetailSchema = z.object({
  id: z.number().int(),
  /** the customer's contact: '' unless the caller may see it (operator, the customer, the winner from status 2) */
  mobile: z.string(),
  orders: z.string(),
  groupid: z.number().int(),
  groupname: z.string(),
  title: z.string(),
  length: z.number(),
  width: z.number(),
  height: z.number(),
  areas: z.number(),
  opens: z.number().int(),
  prepay: z.number().int(),
  coins: z.number().int(),
  peoples: z.number().int(),
  picture: z.array(fileRefSchema),
  workpic: z.array(fileRefSchema),
  /** file id of the attachment ('' none) */
  attach: z.string(),
  attachname: z.string(),
  conts: z.string(),
  sdate: z.string(),
  edate: z.string(),
  /** build-in and teardown windows, the filing deadline ('' none): ISO instants (docs/show-dates.md) */
  buildStart: z.string(),
  buildEnd: z.string(),
  teardownStart: z.string(),
  teardownEnd: z.string(),
  filingDeadline: z.string(),
  /** 馆号 and 展位号 ('' when not given) */
  hall: z.string(),
  booth: z.string(),
  /** 施工押金, 分 (0: none) */
  deposit: z.number().int(),
  biddl: z.string(),
  prov: z.string(),
  city: z.string(),
  strt: z.string(),
  addr: z.string(),
  dates: z.string(),
  times: z.string(),
  status: z.number().int(),
  statusText: z.string(),
  checked: z.number().int(),
  /** `YYYY-MM-DD HH:mm:ss` Asia/Shanghai, '' when not yet */
  checkdate: z.string(),
  reason: z.string(),
  closedBy: z.string(),
  /** JSON-encoded list of contract file ids (seed: default "[]") */
  contract: z.string(),
  contctck: z.number().int(),
  contctckdt: z.string(),
  /** completion report file ids */
  reports: z.array(z.string()),
  reportck: z.number().int(),
  reportdate: z.string(),
  prepayp: z.number().int(),
  ispaid: z.boolean(),
  /** the payment plan chosen at publish, % (docs/staged-escrow.md) */
  payPlan: z.object({
    prepay: z.number().int(),
    progress: z.number().int(),
    final: z.number().int(),
    retention: z.number().int(),
  }),
  /** the contract amount fixed at the award, 分 (null before it) */
  contractAmount: z.number().int().nullable(),
  /** a complaint about the project is open (escrow and auto-acceptance paused) */
  complaintOpen: z.boolean(),
  dimian: items,
  beiban: items,
  mentou: items,
  zhanshi: items,
  jiedai: items,
  meigong: items,
  zulin: items,
});
export type ProjectDetail = z.infer<typeof projectDetailSchema>;
