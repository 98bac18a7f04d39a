// T-7 / T-3 / T-1 reminders (docs/show-dates.md "Reminders"): the lead of a deadline, the filing
// deadline and the build-in start to the winner, a payment stage to the customer, once each with
// two schedulers, never in the quiet hours of Asia/Shanghai (the clock of a server in UTC).
import { shanghaiMidnight, shanghaiToday } from '@zl/shared';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { leadOf, reminderRound } from '../src/modules/reminder/reminder.service.ts';
import { count, rows, type TestContext } from './helpers.ts';
import { useTestApp } from './member-fixtures.ts';
import { memberClient, verifiedSupplier } from './projectcenter-fixtures.ts';
import { buildingProject } from './report-fixtures.ts';

const ctx: TestContext = useTestApp();
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** 10:00 today in Shanghai: a time of day the reminders are sent at, whatever the real clock says */
const tenAm = new Date(shanghaiMidnight(shanghaiToday()).getTime() + 10 * HOUR);

describe('the lead of a deadline', () => {
  it('the nearest of 7, 3 and 1 days whose window has begun; none past the deadline or further than a week', () => {
    const at = new Date('2026-12-10T02:00:00Z');
    const before = (ms: number) => new Date(at.getTime() - ms);
    expect(leadOf(at, before(8 * DAY))).toBeNull();
    expect(leadOf(at, before(7 * DAY))).toBe(7);
    expect(leadOf(at, before(6.5 * DAY))).toBe(7);
    expect(leadOf(at, before(2 * DAY))).toBe(3);
    expect(leadOf(at, before(12 * HOUR))).toBe(1);
    expect(leadOf(at, at)).toBeNull();
  });
});

describe('reminderRound', () => {
  it('the winner is reminded of the filing deadline and the build-in, the customer of a stage due; once each with two schedulers', async () => {
    const customer = await memberClient(ctx, { cardtype: 'customer' });
    const winner = await verifiedSupplier(ctx, 0);
    const p = await buildingProject(ctx, customer.id, winner.id);
    await rows(
      ctx,
      sql`update projects set build_start = ${new Date(tenAm.getTime() + 2 * DAY).toISOString()}::timestamptz,
            filing_deadline = ${new Date(tenAm.getTime() + 5 * DAY).toISOString()}::timestamptz
          where id = ${p.id}`,
    );
    await rows(
      ctx,
      sql`insert into project_stages (project_id, seq, kind, percent, amount, due_at, status)
          values (${p.id}, 2, 'final', 30, 261600, ${new Date(tenAm.getTime() + 20 * HOUR).toISOString()}::timestamptz, 'due')`,
    );
    const [a, b] = await Promise.all([
      reminderRound(ctx.database.db, tenAm),
      reminderRound(ctx.database.db, tenAm),
    ]);
    expect(a.sent + b.sent).toBe(3);
    const sent = await rows<{ subject: string; days: number }>(
      ctx,
      sql`select subject, days from reminders_sent where project_id = ${p.id} order by subject`,
    );
    expect(sent.map((r) => [r.subject.replace(/\d+$/, 'N'), Number(r.days)])).toEqual([
      ['build', 3],
      ['filing', 7],
      ['stage:N', 1],
    ]);
    // a later round the same day sends nothing again
    expect((await reminderRound(ctx.database.db, new Date(tenAm.getTime() + HOUR))).sent).toBe(0);
    await ctx.app.outbox.drain();
    const tips = await rows<{ member_id: number; title: string }>(
      ctx,
      sql`select member_id, title from tips where link like ${`%id=${p.id}%`} and title like '%还有%' order by id`,
    );
    expect(tips.map((t) => [Number(t.member_id), t.title.replace(/：.*/, '')]).sort()).toEqual(
      [
        [winner.id, '进场布展还有 3 天'],
        [winner.id, '报馆截止还有 7 天'],
        [customer.id, '尾款还有 1 天到期'],
      ].sort(),
    );
    // and the notices outside the site: deadline to the winner, payment to the customer (SMS by default)
    expect(
      await count(
        ctx,
        'notices',
        sql`project_id = ${p.id} and kind = 'deadline' and member_id = ${winner.id}`,
      ),
    ).toBe(2);
    expect(
      await count(
        ctx,
        'notices',
        sql`project_id = ${p.id} and kind = 'payment' and member_id = ${customer.id}`,
      ),
    ).toBeGreaterThanOrEqual(1);
  });

  it('never between 22:00 and 08:00 in Shanghai, whatever the server’s zone: 23:59 and 07:59 send nothing, 08:00 sends', async () => {
    const customer = await memberClient(ctx, { cardtype: 'customer' });
    const winner = await verifiedSupplier(ctx, 0);
    const p = await buildingProject(ctx, customer.id, winner.id);
    const eightAm = new Date(shanghaiMidnight(shanghaiToday()).getTime() + 8 * HOUR);
    await rows(
      ctx,
      sql`update projects set build_start = ${new Date(eightAm.getTime() + 2 * DAY).toISOString()}::timestamptz where id = ${p.id}`,
    );
    for (const night of [eightAm.getTime() - 8 * HOUR - 60_000, eightAm.getTime() - 60_000]) {
      expect(await reminderRound(ctx.database.db, new Date(night))).toEqual({ sent: 0, quiet: true });
    }
    expect((await reminderRound(ctx.database.db, eightAm)).sent).toBeGreaterThanOrEqual(1);
    expect(await count(ctx, 'reminders_sent', sql`project_id = ${p.id} and subject = 'build'`)).toBe(1);
  });
});
