import CalendarOutlined from '@ant-design/icons/CalendarOutlined';
import LeftOutlined from '@ant-design/icons/LeftOutlined';
import RightOutlined from '@ant-design/icons/RightOutlined';
import { isRealDate } from '@zl/shared';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Segmented from 'antd/es/segmented';
import Spin from 'antd/es/spin';
import { useMemo, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { useCompact } from '../../../lib/use-compact.ts';
import { useCalendarEvents } from '../api/calendar.ts';
import { KindLegend, MonthView, WeekView } from '../components/calendar-grid.tsx';
import { SubscribeModal } from '../components/subscribe-modal.tsx';
import {
  addDays,
  conflictSpans,
  conflictTitles,
  eventsByDay,
  monthDayText,
  monthWeeks,
  shiftMonth,
  todayInChina,
  weekDays,
} from '../lib/calendar-days.ts';
import '../calendar.css';

type View = 'month' | 'week';

/**
 * 项目日历 (/personCenter/calendar, /customer/calendar; docs/calendar.md): the dates of the
 * member's own projects by month or by week — a phone opens on the week, as a list — with the
 * days two build-ins overlap in different cities marked, and the feed to subscribe to.
 * `?view=month|week&date=YYYY-MM-DD` keeps what is shown.
 */
export default function CalendarPage() {
  const { pathname } = useLocation();
  const customer = pathname.startsWith('/customer');
  const compact = useCompact();
  const [params, setParams] = useSearchParams();
  const [subscribing, setSubscribing] = useState(false);
  const today = todayInChina();
  const asked = params.get('view');
  const view: View = asked === 'month' || asked === 'week' ? asked : compact ? 'week' : 'month';
  const askedDate = params.get('date') ?? '';
  const anchor = isRealDate(askedDate) ? askedDate : today;

  const show = (next: { view?: View; date?: string }) =>
    setParams(
      (p) => {
        const q = new URLSearchParams(p);
        q.set('view', next.view ?? view);
        q.set('date', next.date ?? anchor);
        return q;
      },
      { replace: true },
    );

  const weeks = useMemo(() => monthWeeks(anchor), [anchor]);
  const week = useMemo(() => weekDays(anchor), [anchor]);
  const days = useMemo(() => (view === 'month' ? weeks.flat() : week), [view, weeks, week]);
  const from = days[0]!;
  const to = days[days.length - 1]!;
  const { data, isPending, isFetching, isError, refetch } = useCalendarEvents(from, to);
  const events = useMemo(() => data?.listItem ?? [], [data]);
  const byDay = useMemo(() => eventsByDay(events, days), [events, days]);
  const conflicts = useMemo(() => conflictTitles(data?.conflicts ?? [], events), [data?.conflicts, events]);
  const shownConflicts = [...conflicts.entries()].filter(([d]) => d >= from && d <= to);

  const title =
    view === 'month'
      ? `${anchor.slice(0, 4)}年${Number(anchor.slice(5, 7))}月`
      : `${monthDayText(from)} – ${monthDayText(to)}`;
  const step = (n: number) =>
    show({ date: view === 'month' ? shiftMonth(anchor, n) : addDays(anchor, 7 * n) });

  return (
    <div className={customer ? 'zl-panel zl-cal-page' : 'zl-cal-page'}>
      <div className="zl-cal-top">
        <h1 className="zl-cal-h1">项目日历</h1>
        <Button type="primary" icon={<CalendarOutlined />} onClick={() => setSubscribing(true)}>
          订阅到手机日历
        </Button>
      </div>
      <div className="zl-cal-toolbar">
        <div className="zl-cal-nav">
          <Button
            aria-label={view === 'month' ? '上个月' : '上一周'}
            icon={<LeftOutlined />}
            onClick={() => step(-1)}
          />
          <strong className="zl-cal-title" aria-live="polite">
            {title}
          </strong>
          <Button
            aria-label={view === 'month' ? '下个月' : '下一周'}
            icon={<RightOutlined />}
            onClick={() => step(1)}
          />
          <Button onClick={() => show({ date: today })}>今天</Button>
          {isFetching && !isPending && <Spin size="small" />}
        </div>
        <Segmented
          aria-label="视图"
          value={view}
          onChange={(v) => show({ view: v as View })}
          options={[
            { label: '月', value: 'month' },
            { label: '周', value: 'week' },
          ]}
        />
      </div>
      <KindLegend />
      {isError && (
        <Alert
          type="error"
          showIcon
          title="日程加载失败"
          action={
            <Button size="small" onClick={() => void refetch()}>
              重试
            </Button>
          }
        />
      )}
      {shownConflicts.length > 0 && (
        <Alert
          type="error"
          showIcon
          className="zl-cal-conflicts"
          title="同期进场冲突：以下日期有项目在不同城市同时进场布展，请安排好人手"
          description={
            <ul>
              {conflictSpans(shownConflicts).map((c) => (
                <li key={c.text}>
                  {c.text}：{c.titles.join('、')}
                </li>
              ))}
            </ul>
          }
        />
      )}
      {/* the grid comes with its events and the clash alert in one paint: drawn empty first, it
          grew under the reader as they arrived (docs/web.md § Page speed: layout shift) */}
      {isPending ? (
        <div className="zl-cal-loading" role="status">
          <Spin size="small" />
          <span>日程加载中…</span>
        </div>
      ) : view === 'month' ? (
        <MonthView
          weeks={weeks}
          month={anchor.slice(0, 7)}
          byDay={byDay}
          conflicts={conflicts}
          today={today}
          compact={compact}
          onOpenWeek={(d) => show({ view: 'week', date: d })}
        />
      ) : (
        <WeekView days={week} byDay={byDay} conflicts={conflicts} today={today} list={compact} />
      )}
      {!isPending && !isError && events.length === 0 && (
        <p className="zl-cal-hint">
          {view === 'month' ? '本月' : '本周'}没有项目日程。
          {customer ? '发布的项目进入竞标后，其展期会显示在这里。' : '中标的项目的展期会显示在这里。'}
        </p>
      )}
      <SubscribeModal open={subscribing} onClose={() => setSubscribing(false)} />
    </div>
  );
}
