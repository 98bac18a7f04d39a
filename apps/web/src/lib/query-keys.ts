/**
 * Query keys of the caches more than one feature reads or refreshes (TanStack Query key factories;
 * docs/web.md § How the web calls the API). A feature's own caches have their factory in its
 * `api/keys.ts`; no other file writes a key as an array (`scripts/check-feature-imports.mjs`).
 *
 * The first two parts of a project key are what the live updates match on (`message/api/live-events.ts`):
 * `['customer' | 'project', what, …, id]`, with the lists `projectList` and `factoryPrjctList`.
 */

/** The session check (`lib/session-api.ts`): the shell's guard and 退出登录. */
export const sessionKeys = {
  all: ['session'] as const,
  check: () => [...sessionKeys.all, 'loginCheck'] as const,
};

/** The signed-in member: Member/userInfo and the two verification records behind it. */
export const memberKeys = {
  all: ['member'] as const,
  userInfo: () => [...memberKeys.all, 'userInfo'] as const,
  personAuth: () => [...memberKeys.all, 'personAuthInfo'] as const,
  notifyInfo: () => [...memberKeys.all, 'notifyInfo'] as const,
  businessAuth: () => [...memberKeys.all, 'businesAuthInfo'] as const,
};

/** A project as the supplier sees it (order detail, 报价, 我的项目). */
export const projectKeys = {
  all: ['project'] as const,
  info: (id: number) => [...projectKeys.all, 'info', id] as const,
  winner: (id: number) => [...projectKeys.all, 'winner', id] as const,
  fee: (id: number) => [...projectKeys.all, 'fee', id] as const,
  priceTable: (id: number) => [...projectKeys.all, 'priceTable', id] as const,
  mine: (state: string, page: number) => [...projectKeys.all, 'factoryPrjctList', state, page] as const,
  /**
   * The payment plan (Projectcenter/payPlan), read by both parties: the customer's project page
   * (付款计划, 验收) and the winner's order detail. Under `project` so the live updates refresh it.
   */
  payPlan: (id: number) => [...projectKeys.all, 'payPlan', id] as const,
};

/** A project as its customer sees it (the customer portal). */
export const customerKeys = {
  all: ['customer'] as const,
  lists: () => [...customerKeys.all, 'projectList'] as const,
  list: (q: object) => [...customerKeys.lists(), q] as const,
  project: (id: number) => [...customerKeys.all, 'projectInfo', id] as const,
  quotes: (id: number) => [...customerKeys.all, 'quoteList', id] as const,
  winner: (id: number) => [...customerKeys.all, 'winnerInfo', id] as const,
};

/**
 * A project's completion report and acceptance checklist (Projectcenter/reportInfo, docs/delivery-report.md),
 * read by both parties' report pages; an approved 增项 (change orders) adds lines to the checklist.
 */
export const reportKeys = {
  all: ['report'] as const,
  info: (id: number) => [...reportKeys.all, 'info', id] as const,
};

/**
 * The project conversation (会话, Conversation/*): the caller's threads and each thread's messages.
 * Here rather than in the feature: the live updates (`message/api/live-events.ts`) reload them on
 * a `thread` event.
 */
export const conversationKeys = {
  all: ['conversation'] as const,
  list: () => [...conversationKeys.all, 'list'] as const,
  messages: (threadId: number) => [...conversationKeys.all, 'messages', threadId] as const,
};

/** The supplier's favourites (收藏): the list, and the flag on every card and detail. */
export const favoriteKeys = {
  all: ['favorite'] as const,
  list: () => [...favoriteKeys.all, 'bPrjctList'] as const,
};
