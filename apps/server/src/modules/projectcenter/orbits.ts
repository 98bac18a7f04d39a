import { type Orbit, PROJECT_STATUS, type ProjectEvent, projectEventAuditLabels } from '@zl/shared';
import type { DbOrTx } from '../../db/client.ts';
import { evaluatedSides } from '../evaluation/evaluation.repo.ts';
import { type ProjectRow, shanghaiDateTime, statusText } from '../project/project-view.ts';
import type { projectTimeline } from './projectcenter.repo.ts';

/**
 * The project's timeline (the seed's `orbits`), from its creation and its audit rows (`timeline`,
 * oldest first): every status it reached and every delivery step, with who and when
 * (docs/delivery-contract.md "Timeline"). The supplier's order detail and the customer's project
 * page show the same list.
 */
export function projectOrbits(p: ProjectRow, timeline: Awaited<ReturnType<typeof projectTimeline>>): Orbit[] {
  const posted: number = PROJECT_STATUS.PENDING_REVIEW;
  const orbits: Orbit[] = [
    {
      status: posted,
      statusText: statusText(posted),
      at: shanghaiDateTime(p.createdAt),
      action: '发布项目',
      who: '参展商',
    },
  ];
  for (const t of timeline) {
    const to = (t.detail as { to?: unknown }).to;
    const delivery = DELIVERY_STEPS.has(t.action);
    // A self-transition (a pending posting edited) is the same status again: not a step either.
    // project.publish records {to: 0} at creation: the first step already says 待审核. A status is
    // listed again only after the project left it (a rejected project resubmitted is 待审核 anew).
    // Delivery steps (contract upload and review …) are listed even when the status stays.
    if (typeof to === 'number' && (delivery || to !== orbits[orbits.length - 1]?.status))
      orbits.push({
        status: to,
        statusText: statusText(to),
        at: shanghaiDateTime(t.at),
        action: orbitAction(t.action, t.detail as Record<string, unknown>),
        who: orbitWho(t.actorType, t.detail as Record<string, unknown>),
      });
  }
  return orbits;
}

/** Audit actions listed in the timeline even when the status stays (docs/delivery-contract.md "Timeline"). */
const DELIVERY_STEPS = new Set([
  'project.uploadContract',
  'project.reviewContract',
  'project.startBuilding',
  'project.prepayPaid',
  'project.uploadReport',
  'project.reworkReport',
  'project.accept',
]);

function orbitAction(action: string, detail: Record<string, unknown>): string {
  const event = action.startsWith('project.') ? action.slice('project.'.length) : '';
  const label = projectEventAuditLabels[event as ProjectEvent] ?? '';
  if (event === 'reviewContract') return detail.approve ? `${label}：通过` : `${label}：驳回`;
  return label;
}

function orbitWho(actorType: string, detail: Record<string, unknown>): string {
  if (actorType === 'admin') return '平台';
  if (actorType === 'system') return '系统';
  return detail.actorRole === 'supplier' ? '供应商' : '参展商';
}

/** Which sides evaluated a completed project (its next action per side); undefined before 已完成. */
export async function evaluatedByOf(db: DbOrTx, p: ProjectRow) {
  if (p.status !== PROJECT_STATUS.DONE) return undefined;
  return (await evaluatedSides(db, [p.id])).get(p.id);
}
