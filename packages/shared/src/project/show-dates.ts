import { shanghaiMidnight } from '../date/date.ts';

/**
 * The show's hard dates (展期, docs/show-dates.md): build-in (进场布展), the show (sdate–edate),
 * teardown (撤场), and the venue's filing deadline (报馆截止). Instants; the calendar days are
 * Asia/Shanghai's.
 */
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

export interface ShowDates {
  buildStart: Date;
  buildEnd: Date;
  teardownStart: Date;
  teardownEnd: Date;
}

/**
 * The defaults of a project that does not say (and of every project published before the dates
 * existed): build-in the two days before the show, 08:00 two days before to 22:00 the day before;
 * teardown the evening of the last day, 17:00–23:00. Migration 0026 derives the same in SQL.
 */
export function defaultShowDates(sdate: string, edate: string): ShowDates {
  const open = shanghaiMidnight(sdate).getTime();
  const last = shanghaiMidnight(edate).getTime();
  return {
    buildStart: new Date(open - 2 * DAY + 8 * HOUR),
    buildEnd: new Date(open - DAY + 22 * HOUR),
    teardownStart: new Date(last + 17 * HOUR),
    teardownEnd: new Date(last + 23 * HOUR),
  };
}

/** The latest a build-in may end: the end of the opening day. */
export function buildEndLimit(sdate: string): Date {
  return new Date(shanghaiMidnight(sdate).getTime() + DAY);
}

/** Teardown starts on the show's last day at the earliest and ends within three days after it. */
export function teardownWindow(edate: string): { earliest: Date; latest: Date } {
  const last = shanghaiMidnight(edate).getTime();
  return { earliest: new Date(last), latest: new Date(last + 4 * DAY) };
}

/** One mistake per field, in the order of the dates (filing ≤ build-in ≤ show ≤ teardown). */
export function showDateIssues(
  v: {
    sdate: string;
    edate: string;
    buildStart: Date;
    buildEnd: Date;
    teardownStart: Date;
    teardownEnd: Date;
    filingDeadline: Date | null;
  },
  now: Date,
  /** whether the build-in start was given (a default in the past is not the sender's mistake) */
  buildStartGiven = true,
): Array<{ path: string; message: string }> {
  const out: Array<{ path: string; message: string }> = [];
  if (v.filingDeadline) {
    if (v.filingDeadline.getTime() <= now.getTime())
      out.push({ path: 'filingDeadline', message: '报馆截止时间应晚于现在' });
    else if (v.filingDeadline.getTime() > v.buildStart.getTime())
      out.push({ path: 'filingDeadline', message: '报馆截止时间不能晚于进场布展开始' });
  }
  if (buildStartGiven && v.buildStart.getTime() <= now.getTime())
    out.push({ path: 'buildStart', message: '进场布展开始时间应晚于现在' });
  if (v.buildEnd.getTime() <= v.buildStart.getTime())
    out.push({ path: 'buildEnd', message: '布展结束时间应晚于布展开始时间' });
  else if (v.buildEnd.getTime() > buildEndLimit(v.sdate).getTime())
    out.push({ path: 'buildEnd', message: '布展最晚在开展当天结束' });
  const td = teardownWindow(v.edate);
  if (v.teardownStart.getTime() < td.earliest.getTime())
    out.push({ path: 'teardownStart', message: '撤场不能早于展会最后一天' });
  if (v.teardownEnd.getTime() <= v.teardownStart.getTime())
    out.push({ path: 'teardownEnd', message: '撤场结束时间应晚于撤场开始时间' });
  else if (v.teardownEnd.getTime() > td.latest.getTime())
    out.push({ path: 'teardownEnd', message: '撤场应在展会结束后 3 天内完成' });
  return out;
}
