// On site (docs/site.md): the winner checks in with photos taken now, from the build-in start − 1
// day; logs and 就绪 after it; the customer confirms (or the job, a day later, once with two
// schedulers); strangers refused; tips to the customer.
import type { SiteTimeline } from '@zl/shared';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { trackRecordOf } from '../src/modules/member/track-record.ts';
import { autoConfirmRound } from '../src/modules/site/site.service.ts';
import { adminClient } from './admin-helpers.ts';
import { Client, count, expectError, expectFields, expectOk, rows, type TestContext } from './helpers.ts';
import { useTestApp } from './member-fixtures.ts';
import { makeUpload } from './project-fixtures.ts';
import { type Member, memberClient, verifiedSupplier } from './projectcenter-fixtures.ts';
import { buildingProject, reportBody } from './report-fixtures.ts';

const ctx: TestContext = useTestApp();
let customer: Member;
beforeAll(async () => {
  customer = await memberClient(ctx, { cardtype: 'customer' });
});
const DAY = 86_400_000;

/** A project in 施工中 whose build-in started `startedDaysAgo` days ago (negative: in the future). */
async function site(startedDaysAgo = 0.5) {
  const winner = await verifiedSupplier(ctx, 0);
  const p = await buildingProject(ctx, customer.id, winner.id);
  await rows(
    ctx,
    sql`update projects set build_start = ${new Date(Date.now() - startedDaysAgo * DAY).toISOString()}::timestamptz where id = ${p.id}`,
  );
  return { winner, p };
}
const photo = (m: Member) => makeUpload(ctx, m.id, 'report' as never, '现场.jpg');

describe('check-in, logs, 就绪', () => {
  it('the winner checks in once with fresh photos; logs and 就绪 follow; the customer confirms once and is told of each', async () => {
    const { winner, p } = await site();
    const before = await winner.c.post<SiteTimeline>('Projectcenter/siteTimeline', { id: p.id });
    expectOk(before);
    expect(before.body.data).toMatchObject({
      role: 'supplier',
      canCheckIn: true,
      canLog: false,
      canReady: false,
    });
    // a log or 就绪 before the check-in is refused
    expectError(
      await winner.c.post('Projectcenter/siteLog', { id: p.id, photos: [await photo(winner)], note: '进场' }),
      'INVALID_STATE',
    );
    const r = await winner.c.post<SiteTimeline>('Projectcenter/checkIn', {
      id: p.id,
      photos: [await photo(winner)],
      lat: 31.190_511,
      lng: 121.312_344,
    });
    expectOk(r);
    expect(r.body.data.listItem).toEqual([
      expect.objectContaining({ kind: 'checkin', lat: 31.190511, lng: 121.312344, confirmedAt: null }),
    ]);
    expect(r.body.data).toMatchObject({ canCheckIn: false, canLog: true, canReady: true });
    expectError(
      await winner.c.post('Projectcenter/checkIn', { id: p.id, photos: [await photo(winner)] }),
      'INVALID_STATE',
    );
    expectOk(
      await winner.c.post('Projectcenter/siteLog', {
        id: p.id,
        photos: [await photo(winner)],
        note: '地台完成',
      }),
    );
    expectOk(
      await winner.c.post('Projectcenter/siteLog', {
        id: p.id,
        photos: [await photo(winner)],
        note: '背景墙完成',
      }),
    );
    const ready = await winner.c.post<SiteTimeline>('Projectcenter/ready', {
      id: p.id,
      photos: [await photo(winner)],
    });
    expectOk(ready);
    expect(ready.body.data.onTime).toBe(true);
    expect(ready.body.data.listItem.map((e) => e.kind)).toEqual(['checkin', 'log', 'log', 'ready']);
    expectError(
      await winner.c.post('Projectcenter/ready', { id: p.id, photos: [await photo(winner)] }),
      'INVALID_STATE',
    );

    const seen = await customer.c.post<SiteTimeline>('Projectcenter/siteTimeline', { id: p.id });
    expect(seen.body.data).toMatchObject({ role: 'customer', canConfirm: true, canCheckIn: false });
    expectOk(await customer.c.post('Customer/confirmCheckIn', { id: p.id }));
    expectError(await customer.c.post('Customer/confirmCheckIn', { id: p.id }), 'INVALID_STATE');
    await ctx.app.outbox.drain();
    const tips = await rows<{ title: string }>(
      ctx,
      sql`select title from tips where member_id = ${customer.id} and link like ${`%id=${p.id}#site`} order by id`,
    );
    expect(tips.map((t) => t.title.replace(/：.*/, ''))).toEqual([
      '供应商已进场',
      '新的施工日志',
      '新的施工日志',
      '展台已就绪',
    ]);
    expect(await count(ctx, 'tips', sql`member_id = ${winner.id} and title like '进场已确认%'`)).toBe(1);
  });

  it('before the build-in start − 1 day the check-in is refused; a photo not taken now, or another member’s, is a field message', async () => {
    const early = await site(-3);
    const r = await early.winner.c.post('Projectcenter/checkIn', {
      id: early.p.id,
      photos: [await photo(early.winner)],
    });
    expectError(r, 'INVALID_STATE');
    expect(JSON.stringify(r.body)).toContain('前一天起开放');
    const { winner, p } = await site();
    const old = await photo(winner);
    await rows(ctx, sql`update files set created_at = now() - interval '2 hours' where id = ${old}`);
    const other = await photo(customer);
    for (const photos of [[old], [other], ['AAAAAAAAAAAAAAAAAAAAAA']]) {
      const bad = await winner.c.post('Projectcenter/checkIn', { id: p.id, photos });
      expect(bad.body.success).toBe(false);
      expect(Object.keys((bad.body.data as { fields: object }).fields)).toEqual(['photos.0']);
    }
    expectFields(await winner.c.post('Projectcenter/checkIn', { id: p.id, photos: [] }), ['photos']);
    expectFields(
      await winner.c.post('Projectcenter/checkIn', { id: p.id, photos: [await photo(winner)], lat: 91 }),
      ['lat'],
    );
    expect(await count(ctx, 'site_events', sql`project_id = ${p.id}`)).toBe(0);
  });

  it('strangers are refused every call: another supplier, another customer, a logged-out caller, an operator', async () => {
    const { winner, p } = await site();
    expectOk(await winner.c.post('Projectcenter/checkIn', { id: p.id, photos: [await photo(winner)] }));
    const other = await verifiedSupplier(ctx, 0);
    const otherCustomer = await memberClient(ctx, { cardtype: 'customer' });
    const anon = new Client(ctx.app);
    const op = await adminClient(ctx, 'super');
    for (const c of [other.c, otherCustomer.c]) {
      expectError(await c.post('Projectcenter/siteTimeline', { id: p.id }), 'NOT_FOUND');
      expectError(
        await c.post('Projectcenter/siteLog', { id: p.id, photos: [await photo(other)], note: 'x' }),
        'NOT_FOUND',
      );
    }
    expectError(await otherCustomer.c.post('Customer/confirmCheckIn', { id: p.id }), 'NOT_FOUND');
    expectError(await winner.c.post('Customer/confirmCheckIn', { id: p.id }), 'FORBIDDEN');
    expectError(
      await customer.c.post('Projectcenter/checkIn', { id: p.id, photos: [await photo(customer)] }),
      'NOT_FOUND',
    );
    for (const c of [anon, op.c])
      expectError(await c.post('Projectcenter/siteTimeline', { id: p.id }), 'NOT_LOGGED_IN');
    expect(await count(ctx, 'site_events', sql`project_id = ${p.id}`)).toBe(1);
  });
});

describe('the site-confirm job', () => {
  it('a check-in unconfirmed for a day is confirmed by the system, once with two schedulers', async () => {
    const { winner, p } = await site();
    expectOk(await winner.c.post('Projectcenter/checkIn', { id: p.id, photos: [await photo(winner)] }));
    expect(await autoConfirmRound(ctx.database.db)).toBe(0);
    await rows(
      ctx,
      sql`update site_events set created_at = now() - interval '25 hours' where project_id = ${p.id}`,
    );
    const [a, b] = await Promise.all([autoConfirmRound(ctx.database.db), autoConfirmRound(ctx.database.db)]);
    expect(a + b).toBe(1);
    const [e] = await rows<{ confirmed_by: string }>(
      ctx,
      sql`select confirmed_by from site_events where project_id = ${p.id}`,
    );
    expect(e!.confirmed_by).toBe('system');
    await ctx.app.outbox.drain();
    expect(await count(ctx, 'tips', sql`member_id = ${winner.id} and title like '进场已确认%'`)).toBe(1);
  });
});

describe('on time from 就绪; no report before the build-in', () => {
  it('a completion report before the build-in start is refused with its time, and accepted once the build-in began', async () => {
    const { winner, p } = await site(-10);
    const r = await winner.c.post('Projectcenter/fUpdateReports', await reportBody(ctx, p.id, winner.id));
    expectError(r, 'INVALID_STATE');
    expect(JSON.stringify(r.body)).toContain('完工报告须在进场施工后提交');
    const [row] = await rows<{ status: number }>(ctx, sql`select status from projects where id = ${p.id}`);
    expect(row!.status).toBe(4);
    await rows(ctx, sql`update projects set build_start = now() - interval '1 hour' where id = ${p.id}`);
    expectOk(await winner.c.post('Projectcenter/fUpdateReports', await reportBody(ctx, p.id, winner.id)));
  });

  it('a project built after the ready_on_time mark is on time by its 就绪 before the show, not by an early report', async () => {
    const winner = await verifiedSupplier(ctx, 0);
    const done = async (readyBeforeShow: boolean | null) => {
      const p = await buildingProject(ctx, customer.id, winner.id);
      // built now (after the mark, made by the migration), the show opens tomorrow
      await rows(ctx, sql`update projects set build_start = now(), status = 6 where id = ${p.id}`);
      await rows(
        ctx,
        sql`insert into audit_log (actor_type, actor_id, action, target_type, target_id, created_at)
            values ('member', ${winner.id}, 'project.uploadReport', 'project', ${String(p.id)}, now())`,
      );
      if (readyBeforeShow !== null)
        await rows(
          ctx,
          sql`insert into site_events (project_id, supplier_id, kind, photos, created_at)
              values (${p.id}, ${winner.id}, 'ready', '[]'::jsonb,
                      ${readyBeforeShow ? sql`now()` : sql`(select (sdate::timestamp at time zone 'Asia/Shanghai') + interval '1 hour' from projects where id = ${p.id})`})`,
        );
      return p;
    };
    await done(true);
    await done(false);
    await done(null);
    expect(await trackRecordOf(ctx.database.db, winner.id)).toEqual({
      completed: 3,
      onTimeRate: 0.333,
      readyCounted: 3,
      complaintsUpheld: 0,
    });
  });
});
