// The show's hard dates on a project (docs/show-dates.md): defaults from sdate/edate when not given
// (also for a row inserted without them, and for the projects that existed: migration 0026), each
// date validated in order with a field message, the detail answers them, and the money follows the
// build-in start.
import { defaultShowDates } from '@zl/shared';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { expectFields, expectOk, rows, type TestContext } from './helpers.ts';
import { useTestApp } from './member-fixtures.ts';
import { isoDate, makeProject, publishBody } from './project-fixtures.ts';

const ctx: TestContext & { members: { cust: { c: import('./helpers.ts').Client } } } = useTestApp({
  members: { cust: 'customer' },
}) as never;
const DAY = 86_400_000;
type Detail = {
  id: number;
  sdate: string;
  buildStart: string;
  buildEnd: string;
  teardownStart: string;
  teardownEnd: string;
  filingDeadline: string;
  hall: string;
  booth: string;
  deposit: number;
};

describe('defaults', () => {
  it('build-in 08:00 two days before to 22:00 the day before; teardown 17:00–23:00 on the last day (Asia/Shanghai)', () => {
    const d = defaultShowDates('2026-12-10', '2026-12-12');
    expect(d.buildStart.toISOString()).toBe('2026-12-08T00:00:00.000Z');
    expect(d.buildEnd.toISOString()).toBe('2026-12-09T14:00:00.000Z');
    expect(d.teardownStart.toISOString()).toBe('2026-12-12T09:00:00.000Z');
    expect(d.teardownEnd.toISOString()).toBe('2026-12-12T15:00:00.000Z');
  });

  it('a row inserted without them gets the same defaults from the database (the trigger of migration 0026)', async () => {
    const p = await makeProject(
      ctx,
      (await rows<{ id: number }>(ctx, sql`select id::int from members limit 1`))[0]!.id,
      {
        sdate: '2027-03-10',
        edate: '2027-03-12',
      },
    );
    const d = defaultShowDates('2027-03-10', '2027-03-12');
    expect(p.buildStart.toISOString()).toBe(d.buildStart.toISOString());
    expect(p.teardownEnd.toISOString()).toBe(d.teardownEnd.toISOString());
  });
});

describe('Customer/projectSave', () => {
  it('stores the dates given, the defaults for the rest, and the detail answers them', async () => {
    const c = ctx.members.cust.c;
    const now = Date.now();
    const sdate = isoDate(now + 30 * DAY);
    const edate = isoDate(now + 32 * DAY);
    const d = defaultShowDates(sdate, edate);
    const buildStart = new Date(d.buildStart.getTime() - 2 * 3_600_000).toISOString();
    const r = await c.post<Detail>(
      'Customer/projectSave',
      publishBody({
        sdate,
        edate,
        buildStart,
        filingDeadline: new Date(now + 20 * DAY).toISOString(),
        hall: '7.1 号馆',
        booth: '7.1A05',
        deposit: 500_000,
      }),
    );
    expectOk(r);
    expect(r.body.data).toMatchObject({
      buildStart: new Date(buildStart).toISOString(),
      buildEnd: d.buildEnd.toISOString(),
      teardownStart: d.teardownStart.toISOString(),
      hall: '7.1 号馆',
      booth: '7.1A05',
      deposit: 500_000,
    });
    expect(r.body.data.filingDeadline).not.toBe('');
    const info = await c.post<Detail>('Customer/projectInfo', { id: r.body.data.id });
    expect(info.body.data.buildStart).toBe(new Date(buildStart).toISOString());
  });

  it('each date out of order or in the past is a field message, and nothing is stored', async () => {
    const c = ctx.members.cust.c;
    const now = Date.now();
    const sdate = isoDate(now + 30 * DAY);
    const edate = isoDate(now + 32 * DAY);
    const d = defaultShowDates(sdate, edate);
    const iso = (ms: number) => new Date(ms).toISOString();
    const [{ n: before }] = (await rows<{ n: number }>(
      ctx,
      sql`select count(*)::int as n from projects`,
    )) as [{ n: number }];
    const cases: Array<[Record<string, unknown>, string, RegExp]> = [
      [{ buildStart: iso(now - DAY) }, 'buildStart', /晚于现在/],
      [{ buildEnd: iso(d.buildStart.getTime() - 3_600_000) }, 'buildEnd', /晚于布展开始/],
      [{ buildEnd: iso(d.buildStart.getTime() + 5 * DAY) }, 'buildEnd', /开展当天/],
      [{ teardownStart: iso(d.buildStart.getTime()) }, 'teardownStart', /最后一天/],
      [{ teardownEnd: iso(d.teardownStart.getTime() - 3_600_000) }, 'teardownEnd', /晚于撤场开始/],
      [{ teardownEnd: iso(d.teardownStart.getTime() + 6 * DAY) }, 'teardownEnd', /3 天内/],
      [{ filingDeadline: iso(d.buildStart.getTime() + 3_600_000) }, 'filingDeadline', /不能晚于进场布展/],
      [{ filingDeadline: iso(now - 3_600_000) }, 'filingDeadline', /晚于现在/],
      [{ filingDeadline: '下周一' }, 'filingDeadline', /格式不正确/],
      [{ buildStart: '2026-13-40T00:00' }, 'buildStart', /格式不正确/],
      [{ deposit: -1 }, 'deposit', /负数/],
      [{ deposit: 1.5 }, 'deposit', /整数/],
      [{ hall: 'x'.repeat(21) }, 'hall', /最多/],
    ];
    for (const [over, field, message] of cases) {
      const fields = expectFields(
        await c.post('Customer/projectSave', publishBody({ sdate, edate, ...over })),
        [field],
      );
      expect(fields[field]).toMatch(message);
    }
    const [{ n: after }] = (await rows<{ n: number }>(ctx, sql`select count(*)::int as n from projects`)) as [
      { n: number },
    ];
    expect(after).toBe(before);
  });
});
