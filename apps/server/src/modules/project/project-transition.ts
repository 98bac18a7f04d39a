import {
  CONTRACT_CHECK,
  findTransition,
  type ProjectActor,
  type ProjectEvent,
  type ProjectStatus,
  projectStatusLabels,
} from '@zl/shared';
import type { Tx } from '../../db/client.ts';
import type { projects } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { insertAudit } from '../audit/audit.repo.ts';
import { insertEvent } from '../outbox/outbox.repo.ts';
import type { HandlerContext, Outbox, OutboxEvent } from '../outbox/outbox.ts';
import { lockProject, setProjectStatus } from './project.repo.ts';

// The row lock belongs to the transition: callers that lock before deciding take it from here.
export { lockProject };

export type ProjectRow = typeof projects.$inferSelect;
/** What a transition may change besides the status (never the status itself). */
export type ProjectUpdate = Partial<Omit<typeof projects.$inferInsert, 'id' | 'status' | 'customerId'>>;

export interface TransitionActor {
  type: ProjectActor;
  /** member id (customer/supplier), admin id, or null for the system */
  id: number | null;
}

export interface TransitionInput {
  projectId: number;
  event: ProjectEvent;
  actor: TransitionActor;
  /** extra audit detail (reason, coins, quoteId …) */
  detail?: Record<string, unknown>;
  /** when set, a project of another customer answers NOT_FOUND (checked under the row lock) */
  customerId?: number;
}

/**
 * A status change that happened, for whoever tells the parties (the message centre's tips,
 * modules/tip/tip.events.ts, and the live badge, modules/live/live.events.ts). It is written to the outbox in the transition's own transaction and delivered after
 * that commits (docs/adr/0005-transactional-outbox.md); subscribe with `onProjectEvent`.
 */
export interface ProjectEventNotice {
  /** the outbox event id: the same on every redelivery, the handler's idempotency key */
  eventId: number;
  type: `project.${ProjectEvent}`;
  projectId: number;
  from: ProjectStatus;
  to: ProjectStatus;
  actor: TransitionActor;
  detail: Record<string, unknown>;
}

export interface TransitionResult {
  project: ProjectRow;
  from: ProjectStatus;
  to: ProjectStatus;
  events: ProjectEventNotice[];
}

/**
 * Guards of the transition table that are about the project's own state. Guards about other
 * records (the quote belongs to the project, the caller is the winner) are the caller's.
 */
function guardHolds(event: ProjectEvent, project: ProjectRow, now: Date): boolean {
  switch (event) {
    case 'resubmit':
      return project.closedBy === 'rejected';
    case 'expire':
      return project.biddl.getTime() <= now.getTime();
    case 'prepayPaid':
      return project.contctck === CONTRACT_CHECK.APPROVED && !project.ispaid;
    default:
      return true;
  }
}

/**
 * The ONLY way a project's status changes. In the caller's transaction `tx`: locks the row
 * (`for update`, so two transitions of one project run one after the other and the second sees
 * the first's result), finds the transition for (status, event, actor type) in the shared table
 * (none, or its guard fails → INVALID_STATE and nothing changes), applies the status plus what
 * `mutate(project)` returns, writes the audit row and the outbox event (both commit or neither)
 * and answers the updated row and the events.
 */
export async function applyTransition(
  tx: Tx,
  input: TransitionInput,
  mutate?: (project: ProjectRow) => ProjectUpdate | Promise<ProjectUpdate>,
): Promise<TransitionResult> {
  const project = await lockProject(tx, input.projectId);
  if (!project || (input.customerId !== undefined && project.customerId !== input.customerId))
    throw new AppError('NOT_FOUND');
  const from = project.status as ProjectStatus;
  const transition = findTransition(from, input.event, input.actor.type);
  if (!transition || !guardHolds(input.event, project, new Date())) {
    throw new AppError('INVALID_STATE', {
      message: `项目当前状态为「${projectStatusLabels[from] ?? from}」，不能进行此操作`,
      data: { status: from },
    });
  }
  const changes = mutate ? await mutate(project) : {};
  const updated = await setProjectStatus(tx, project.id, transition.to, changes);
  const detail = { from, to: transition.to, ...(input.detail ?? {}) };
  await insertAudit(tx, {
    // The audit log knows members, operators and the system; the member's role goes in the detail.
    actorType: input.actor.type === 'admin' ? 'admin' : input.actor.type === 'system' ? 'system' : 'member',
    actorId: input.actor.id,
    action: `project.${input.event}`,
    targetType: 'project',
    targetId: project.id,
    detail:
      input.actor.type === 'customer' || input.actor.type === 'supplier'
        ? { ...detail, actorRole: input.actor.type }
        : detail,
  });
  const notice = {
    type: `project.${input.event}` as const,
    projectId: project.id,
    from,
    to: transition.to,
    actor: input.actor,
    detail,
  };
  const eventId = await insertEvent(tx, {
    type: notice.type,
    aggregateType: 'project',
    aggregateId: project.id,
    payload: notice,
  });
  return { project: updated!, from, to: transition.to, events: [{ eventId, ...notice }] };
}

/**
 * Registers an outbox handler for every project event (`project.*`) under a stable `name`. The
 * handler runs after the transition committed, at least once per event (retried with back-off
 * while it throws): it must be idempotent by `notice.eventId`, and do its database work through
 * `ctx.tx`. Answers a function that removes it.
 */
export function onProjectEvent(
  outbox: Outbox,
  name: string,
  handler: (notice: ProjectEventNotice, ctx: HandlerContext) => void | Promise<void>,
): () => void {
  return outbox.on<Omit<ProjectEventNotice, 'eventId'>>(
    name,
    'project.*',
    (event: OutboxEvent<Omit<ProjectEventNotice, 'eventId'>>, ctx) =>
      handler({ ...event.payload, eventId: event.id }, ctx),
  );
}
