import { z } from 'zod';
import { projectSummarySchema } from '../project/project-view.schema.ts';

/**
 * The supplier's home (`/mainPage`, `Member/homeInfo`, docs/home.md): what needs doing now, a few
 * figures and the newest matching projects, in one call.
 */

/** Open projects whose bidding closes within this many days are "to quote" (with the favourites). */
export const HOME_CLOSING_DAYS = 3;
/** At most this many rows per to-do list and newest projects. */
export const HOME_TODO_LIMIT = 8;
export const HOME_PROJECTS_LIMIT = 6;
/** Months of the earnings chart (the current month last). */
export const HOME_EARNING_MONTHS = 12;

export const homeInfoSchema = z.strictObject({});

/** An open project the supplier has not quoted on yet, by its bidding deadline. */
export const homeQuoteTodoSchema = z.object({
  id: z.number().int(),
  orders: z.string(),
  title: z.string(),
  city: z.string(),
  /** bidding deadline, ISO */
  biddl: z.string(),
  /** coins a quote costs */
  coins: z.number().int(),
  /** favourite: the supplier saved it · closing: matches the supplier and closes soon */
  reason: z.enum(['favorite', 'closing']),
});
export type HomeQuoteTodo = z.infer<typeof homeQuoteTodoSchema>;

/** A won project waiting on the supplier (contract, report, flagged lines), from deliveryStep. */
export const homeDeliveryTodoSchema = z.object({
  id: z.number().int(),
  orders: z.string(),
  title: z.string(),
  /** where the project is (deliveryStep's label), e.g. 待签合同 */
  step: z.string(),
  /** the supplier's next action and the page that does it */
  action: z.string(),
  href: z.string(),
  /** `YYYY-MM-DD` the action is due by ('' unknown): 进场 for the contract, 开展 for the report */
  due: z.string(),
  /** the due day has passed */
  overdue: z.boolean(),
});
export type HomeDeliveryTodo = z.infer<typeof homeDeliveryTodoSchema>;

export const homeInfoResultSchema = z.object({
  todos: z.object({
    quote: z.array(homeQuoteTodoSchema),
    delivery: z.array(homeDeliveryTodoSchema),
    /** unread tips of the message centre */
    unreadTips: z.number().int(),
  }),
  figures: z.object({
    /** quotes made, ever */
    quotes: z.number().int(),
    /** quotes the customer chose */
    won: z.number().int(),
    /** won ÷ decided (won + lost) in whole percent; null before any quote was decided */
    winRate: z.number().int().nullable(),
    /** won projects accepted (已完成) */
    completed: z.number().int(),
    /** escrow released to the supplier this month (Asia/Shanghai), 分 */
    earningsMonth: z.number().int(),
    /** the same over the months of `earnings`, 分 */
    earningsYear: z.number().int(),
  }),
  /** escrow released to the supplier per month (`YYYY-MM`, oldest first, empty months 0), 分 */
  earnings: z.array(z.object({ month: z.string(), amount: z.number().int() })),
  /** open projects, newest first: in the supplier's province when it is known and has any */
  projects: z.array(projectSummarySchema),
  /** the province `projects` were matched on, '' when they are simply the newest */
  region: z.string(),
});
export type HomeInfo = z.infer<typeof homeInfoResultSchema>;
