import { labelsByCode } from '../labels.ts';

/**
 * The project lifecycle (docs/product.md § Project status) as ONE plain transition table. The
 * server's `applyTransition` is the only place that changes `projects.status` (or edits a pending
 * posting), and only through `findTransition`; a (status, event) pair that is not here is refused
 * with INVALID_STATE.
 */
export const PROJECT_STATUS = {
  PENDING_REVIEW: 0,
  BIDDING: 1,
  AWARDED: 2,
  SIGNING: 3,
  BUILDING: 4,
  ACCEPTING: 5,
  DONE: 6,
  CLOSED: 7,
} as const;
export type ProjectStatus = (typeof PROJECT_STATUS)[keyof typeof PROJECT_STATUS];

/**
 * Whether a page shows the bidding deadline (`biddl`): only until bidding is over — while the
 * posting waits for review (the deadline it will run to) and while it is open (竞标中). From the
 * award on, and on a closed project, it is history the delivery steps replace (docs/web.md
 * "Bid deadline").
 */
export function showsBidDeadline(status: number): boolean {
  return status === PROJECT_STATUS.PENDING_REVIEW || status === PROJECT_STATUS.BIDDING;
}

export const projectStatusLabels = labelsByCode<ProjectStatus>([
  '待审核',
  '竞标中',
  '已选标',
  '签约中',
  '施工中',
  '待验收',
  '已完成',
  '已关闭',
]);

/** Platform review of a posting (`checked`): 0 pending · 1 approved · 2 rejected. */
export const PROJECT_CHECKED = { PENDING: 0, APPROVED: 1, REJECTED: 2 } as const;

/**
 * The customer's review of the uploaded contract (`contctck`, docs/delivery-contract.md): 0 nothing
 * uploaded · 1 waiting for review · 2 approved · 3 rejected (the supplier uploads again).
 */
export const CONTRACT_CHECK = { NONE: 0, PENDING: 1, APPROVED: 2, REJECTED: 3 } as const;
export type ContractCheck = (typeof CONTRACT_CHECK)[keyof typeof CONTRACT_CHECK];

/**
 * The customer's review of the completion report (`reportck`, docs/delivery-report.md): 0 nothing
 * uploaded · 1 waiting for acceptance · 2 accepted · 3 sent back for rework.
 */
export const REPORT_CHECK = { NONE: 0, PENDING: 1, ACCEPTED: 2, REWORK: 3 } as const;
export type ReportCheck = (typeof REPORT_CHECK)[keyof typeof REPORT_CHECK];

export type ProjectActor = 'customer' | 'supplier' | 'admin' | 'system';

export type ProjectEvent =
  | 'edit' // customer edits a posting still waiting for review: 0 → 0
  | 'approve' // operator approves a posting: 0 → 1 (coins to quote set)
  | 'reject' // operator rejects a posting: 0 → 7 (checked 2, reason)
  | 'resubmit' // customer edits a rejected posting and submits again: 7 → 0 (only when it was rejected)
  | 'cancel' // customer cancels before the award: 0|1 → 7 (bidders' coins refunded)
  | 'expire' // the bidding deadline passed with no winner: 1 → 7 (bidders' coins refunded)
  | 'award' // customer chooses a quote: 1 → 2
  | 'uploadContract' // winner uploads the contract: 2 → 3 (also 3 → 3 after a rejected contract)
  | 'reviewContract' // customer accepts (contctck 2) or rejects (contctck 3) the uploaded contract: 3 → 3
  | 'startBuilding' // contract approved and prepayment in escrow (or no prepayment asked): 3 → 4
  | 'prepayPaid' // the customer's prepayment reached escrow (Alipay notify) with the contract approved: 3 → 4
  | 'uploadReport' // winner uploads the completion report (the acceptance checklist): 4 → 5
  | 'reworkReport' // customer flags lines of the report with a reason each (reportck 3): 5 → 4
  | 'accept' // customer, the auto-acceptance job or an operator accepts: 5 → 6, escrow released
  | 'closeByComplaint'; // operator rules on a complaint: 2..5 → 7

export interface Transition {
  from: ProjectStatus;
  event: ProjectEvent;
  to: ProjectStatus;
  actors: readonly ProjectActor[];
  /** names a condition the service checks besides the status (documented, not code) */
  guard?: string;
}

const S = PROJECT_STATUS;

export const PROJECT_TRANSITIONS: readonly Transition[] = [
  { from: S.PENDING_REVIEW, event: 'edit', to: S.PENDING_REVIEW, actors: ['customer'] },
  { from: S.PENDING_REVIEW, event: 'approve', to: S.BIDDING, actors: ['admin'] },
  { from: S.PENDING_REVIEW, event: 'reject', to: S.CLOSED, actors: ['admin'] },
  {
    from: S.CLOSED,
    event: 'resubmit',
    to: S.PENDING_REVIEW,
    actors: ['customer'],
    guard: 'closed by rejection',
  },
  { from: S.PENDING_REVIEW, event: 'cancel', to: S.CLOSED, actors: ['customer'] },
  { from: S.BIDDING, event: 'cancel', to: S.CLOSED, actors: ['customer'] },
  { from: S.BIDDING, event: 'expire', to: S.CLOSED, actors: ['system'], guard: 'deadline passed' },
  {
    from: S.BIDDING,
    event: 'award',
    to: S.AWARDED,
    actors: ['customer'],
    guard: 'quote belongs to the project',
  },
  {
    from: S.AWARDED,
    event: 'uploadContract',
    to: S.SIGNING,
    actors: ['supplier'],
    guard: 'caller is the winner',
  },
  {
    from: S.SIGNING,
    event: 'uploadContract',
    to: S.SIGNING,
    actors: ['supplier'],
    guard: 'contract rejected',
  },
  {
    from: S.SIGNING,
    event: 'reviewContract',
    to: S.SIGNING,
    actors: ['customer'],
    guard: 'contract uploaded and waiting for review (contctck 1)',
  },
  {
    from: S.SIGNING,
    event: 'startBuilding',
    to: S.BUILDING,
    actors: ['customer', 'admin', 'system'],
    guard: 'contract approved and prepayment in escrow, or no prepayment asked (prepay 0)',
  },
  {
    from: S.SIGNING,
    event: 'prepayPaid',
    to: S.BUILDING,
    actors: ['system'],
    guard: 'contract approved (contctck 2) and not paid yet',
  },
  {
    from: S.BUILDING,
    event: 'uploadReport',
    to: S.ACCEPTING,
    actors: ['supplier'],
    guard: 'caller is the winner',
  },
  {
    from: S.ACCEPTING,
    event: 'reworkReport',
    to: S.BUILDING,
    actors: ['customer'],
    guard: 'report waiting for acceptance (reportck 1), at least one line flagged with a reason',
  },
  {
    from: S.ACCEPTING,
    event: 'accept',
    to: S.DONE,
    actors: ['customer', 'admin', 'system'],
    guard: 'no open complaint; system: undecided for AUTO_ACCEPT_DAYS',
  },
  { from: S.AWARDED, event: 'closeByComplaint', to: S.CLOSED, actors: ['admin'] },
  { from: S.SIGNING, event: 'closeByComplaint', to: S.CLOSED, actors: ['admin'] },
  { from: S.BUILDING, event: 'closeByComplaint', to: S.CLOSED, actors: ['admin'] },
  { from: S.ACCEPTING, event: 'closeByComplaint', to: S.CLOSED, actors: ['admin'] },
];

export function findTransition(
  from: number,
  event: ProjectEvent,
  actor: ProjectActor,
): Transition | undefined {
  return PROJECT_TRANSITIONS.find((t) => t.from === from && t.event === event && t.actors.includes(actor));
}

/** 1 特装展台 · 2 标准展位 · 3 展厅/展馆 · 4 舞台活动 · 5 其他 */
export const PROJECT_GROUPS = {
  1: '特装展台',
  2: '标准展位',
  3: '展厅/展馆',
  4: '舞台活动',
  5: '其他',
} as const;
export type ProjectGroupId = keyof typeof PROJECT_GROUPS;

/** The seven requirement categories, in the order the forms show them. */
export const REQUIREMENT_CATEGORIES = [
  ['dimian', '地面'],
  ['beiban', '背板'],
  ['mentou', '门头'],
  ['zhanshi', '展示'],
  ['jiedai', '接待'],
  ['meigong', '美工'],
  ['zulin', '租赁'],
] as const;
export type RequirementCategory = (typeof REQUIREMENT_CATEGORIES)[number][0];
