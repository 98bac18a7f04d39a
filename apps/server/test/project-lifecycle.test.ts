import type { ProjectActor, ProjectEvent } from '@zl/shared';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, projects } from '../src/db/schema/index.ts';
import { AppError } from '../src/lib/errors.ts';
import {
  applyTransition,
  onProjectEvent,
  type ProjectEventNotice,
  type ProjectUpdate,
} from '../src/modules/project/project-transition.ts';
import { rows } from './helpers.ts';
import { useTestApp } from './member-fixtures.ts';
import { makeProject, type ProjectInsert } from './project-fixtures.ts';

const ctx = useTestApp({ members: { customer: { row: { cardtype: 'customer' } } } });
const { customer } = ctx.members;

const ACTOR_ID: Record<ProjectActor, number | null> = { customer: 0, supplier: 77, admin: 5, system: null };

function run(
  projectId: number,
  event: ProjectEvent,
  actorType: ProjectActor,
  mutate?: () => ProjectUpdate,
  extra: { customerId?: number } = {},
) {
  return ctx.database.db.transaction((tx) =>
    applyTransition(
      tx,
      {
        projectId,
        event,
        actor: { type: actorType, id: actorType === 'customer' ? customer.id : ACTOR_ID[actorType] },
        detail: { note: 't' },
        ...extra,
      },
      mutate,
    ),
  );
}

async function snapshot(id: number) {
  const [p] = await ctx.database.db.select().from(projects).where(eq(projects.id, id));
  const audits = await rows(
    ctx,
    sql`select count(*)::int as n from audit_log where target_type = 'project' and target_id = ${String(id)}`,
  );
  return { p, audits: (audits[0] as { n: number }).n };
}

const past = () => new Date(Date.now() - 60_000);

describe('legal transitions of issue 4', () => {
  const cases: Array<{
    name: string;
    start: Partial<ProjectInsert>;
    event: ProjectEvent;
    actor: ProjectActor;
    to: number;
    mutate?: ProjectUpdate;
  }> = [
    {
      name: 'edit 0 → 0 (a pending posting edited in place)',
      start: { status: 0, checked: 0 },
      event: 'edit',
      actor: 'customer',
      to: 0,
      mutate: { title: '改过的标题' },
    },
    {
      name: 'approve 0 → 1',
      start: { status: 0, checked: 0 },
      event: 'approve',
      actor: 'admin',
      to: 1,
      mutate: { checked: 1, coins: 10 },
    },
    {
      name: 'reject 0 → 7',
      start: { status: 0, checked: 0 },
      event: 'reject',
      actor: 'admin',
      to: 7,
      mutate: { checked: 2, closedBy: 'rejected', reason: '信息不全' },
    },
    {
      name: 'resubmit 7 (rejected) → 0',
      start: { status: 7, checked: 2, closedBy: 'rejected' },
      event: 'resubmit',
      actor: 'customer',
      to: 0,
      mutate: { checked: 0, closedBy: '' },
    },
    {
      name: 'cancel 0 → 7',
      start: { status: 0, checked: 0 },
      event: 'cancel',
      actor: 'customer',
      to: 7,
      mutate: { closedBy: 'cancelled' },
    },
    {
      name: 'cancel 1 → 7',
      start: { status: 1 },
      event: 'cancel',
      actor: 'customer',
      to: 7,
      mutate: { closedBy: 'cancelled' },
    },
    {
      name: 'expire 1 → 7 (deadline passed)',
      start: { status: 1, biddl: past() },
      event: 'expire',
      actor: 'system',
      to: 7,
      mutate: { closedBy: 'expired' },
    },
    {
      name: 'award 1 → 2',
      start: { status: 1 },
      event: 'award',
      actor: 'customer',
      to: 2,
      mutate: { awardedAt: new Date() },
    },
  ];
  for (const c of cases) {
    it(c.name, async () => {
      const p = await makeProject(ctx, customer.id, c.start);
      const heard: ProjectEventNotice[] = [];
      const off = onProjectEvent(ctx.app.outbox, `test-listener-${c.event}-${p.id}`, (e) => {
        heard.push(e);
      });
      const res = await run(p.id, c.event, c.actor, c.mutate ? () => c.mutate! : undefined);
      expect(res.from).toBe(c.start.status);
      expect(res.to).toBe(c.to);
      expect(res.project.status).toBe(c.to);
      if (c.mutate) expect(res.project).toMatchObject(c.mutate);
      const after = await snapshot(p.id);
      expect(after.p!.status).toBe(c.to);
      expect(after.audits).toBe(1);
      const [audit] = await ctx.database.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.targetId, String(p.id)));
      expect(audit).toMatchObject({
        actorType: c.actor === 'customer' ? 'member' : c.actor,
        actorId: c.actor === 'customer' ? customer.id : ACTOR_ID[c.actor],
        action: `project.${c.event}`,
        targetType: 'project',
        detail: expect.objectContaining({ from: c.start.status, to: c.to, note: 't' }),
      });
      // the events reach listeners only from the outbox, after the commit (test apps do not run
      // the dispatcher by themselves: drain() delivers what is due)
      expect(heard).toHaveLength(0);
      await ctx.app.outbox.drain();
      off();
      expect(heard).toEqual([
        expect.objectContaining({ type: `project.${c.event}`, projectId: p.id, to: c.to }),
      ]);
    });
  }

  it('a failing listener does not fail the dispatch', async () => {
    const off = onProjectEvent(ctx.app.outbox, 'test-failing-listener', () => {
      throw new Error('boom');
    });
    const p = await makeProject(ctx, customer.id, { status: 1 });
    await run(p.id, 'award', 'customer', () => ({ awardedAt: new Date() }));
    await expect(ctx.app.outbox.drain()).resolves.toMatchObject({ retried: 1 });
    off();
  });
});

describe('illegal transitions change nothing', () => {
  const cases: Array<{
    name: string;
    start: Partial<ProjectInsert>;
    event: ProjectEvent;
    actor: ProjectActor;
  }> = [
    { name: 'award from 0', start: { status: 0, checked: 0 }, event: 'award', actor: 'customer' },
    { name: 'edit from 1', start: { status: 1 }, event: 'edit', actor: 'customer' },
    {
      name: 'edit of a rejected project (that is resubmit)',
      start: { status: 7, checked: 2, closedBy: 'rejected' },
      event: 'edit',
      actor: 'customer',
    },
    { name: 'wrong actor: admin edits', start: { status: 0, checked: 0 }, event: 'edit', actor: 'admin' },
    { name: 'cancel from 2', start: { status: 2 }, event: 'cancel', actor: 'customer' },
    { name: 'approve from 1', start: { status: 1 }, event: 'approve', actor: 'admin' },
    { name: 'reject from 1', start: { status: 1 }, event: 'reject', actor: 'admin' },
    {
      name: 'expire from 0',
      start: { status: 0, checked: 0, biddl: past() },
      event: 'expire',
      actor: 'system',
    },
    { name: 'expire before the deadline', start: { status: 1 }, event: 'expire', actor: 'system' },
    {
      name: 'resubmit of a cancelled project',
      start: { status: 7, closedBy: 'cancelled' },
      event: 'resubmit',
      actor: 'customer',
    },
    {
      name: 'resubmit of an expired project',
      start: { status: 7, closedBy: 'expired' },
      event: 'resubmit',
      actor: 'customer',
    },
    {
      name: 'cancel from 7',
      start: { status: 7, closedBy: 'cancelled' },
      event: 'cancel',
      actor: 'customer',
    },
    { name: 'award twice (from 2)', start: { status: 2 }, event: 'award', actor: 'customer' },
    {
      name: 'wrong actor: supplier approves',
      start: { status: 0, checked: 0 },
      event: 'approve',
      actor: 'supplier',
    },
    {
      name: 'wrong actor: customer approves',
      start: { status: 0, checked: 0 },
      event: 'approve',
      actor: 'customer',
    },
    { name: 'wrong actor: admin awards', start: { status: 1 }, event: 'award', actor: 'admin' },
    {
      name: 'wrong actor: customer expires',
      start: { status: 1, biddl: past() },
      event: 'expire',
      actor: 'customer',
    },
    { name: 'wrong actor: supplier cancels', start: { status: 1 }, event: 'cancel', actor: 'supplier' },
    {
      name: 'wrong actor: admin resubmits',
      start: { status: 7, closedBy: 'rejected' },
      event: 'resubmit',
      actor: 'admin',
    },
  ];
  for (const c of cases) {
    it(`${c.name} → INVALID_STATE`, async () => {
      const p = await makeProject(ctx, customer.id, c.start);
      const before = await snapshot(p.id);
      let mutated = false;
      const err = await run(p.id, c.event, c.actor, () => {
        mutated = true;
        return { reason: 'changed' };
      }).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(AppError);
      expect((err as AppError).code).toBe('INVALID_STATE');
      expect((err as AppError).message).toMatch(/[\u4e00-\u9fff]/);
      expect(mutated).toBe(false);
      expect(await snapshot(p.id)).toEqual(before);
    });
  }

  it("another customer's project answers NOT_FOUND, and so does a missing one", async () => {
    const p = await makeProject(ctx, customer.id, { status: 1 });
    const before = await snapshot(p.id);
    const other = await run(p.id, 'cancel', 'customer', undefined, {
      customerId: customer.id + 100_000,
    }).catch((e: AppError) => e.code);
    expect(other).toBe('NOT_FOUND');
    expect(await snapshot(p.id)).toEqual(before);
    expect(await run(999_999_999, 'cancel', 'customer').catch((e: AppError) => e.code)).toBe('NOT_FOUND');
  });

  it('two transitions at once: the row lock makes the second see the first (exactly one award)', async () => {
    const p = await makeProject(ctx, customer.id, { status: 1 });
    const out = await Promise.all([
      run(p.id, 'award', 'customer').then(
        () => 'ok',
        (e: AppError) => e.code,
      ),
      run(p.id, 'cancel', 'customer').then(
        () => 'ok',
        (e: AppError) => e.code,
      ),
      run(p.id, 'award', 'customer').then(
        () => 'ok',
        (e: AppError) => e.code,
      ),
    ]);
    expect(out.filter((o) => o === 'ok')).toHaveLength(1);
    expect(out.filter((o) => o === 'INVALID_STATE')).toHaveLength(2);
    expect((await snapshot(p.id)).audits).toBe(1);
  });
});
