import { type CalendarEvent, calendarKindLabels } from '@zl/shared';
import { Link } from 'react-router';
import {
  KIND_ORDER,
  kindText,
  monthDayText,
  timeOnDay,
  WEEKDAY_LABELS,
  weekdayOf,
} from '../lib/calendar-days.ts';

/** The month grid, the week's seven columns and the phone's week list (docs/calendar.md § Pages). */

/** One event on one day: its kind's colour, what and which project; a click opens the project page. */
export function EventChip({
  event,
  day,
  withTime,
}: {
  event: CalendarEvent;
  day: string;
  withTime: boolean;
}) {
  const time = timeOnDay(event, day);
  const what = kindText(event);
  return (
    <Link
      to={event.link}
      className={`zl-cal-chip zl-cal-${event.kind}`}
      title={`${what} · ${event.title}（${time}）`}
      data-kind={event.kind}
    >
      {withTime && <span className="zl-cal-chip-time">{time}</span>}
      <b>{what}</b>
      <span className="zl-cal-chip-title">{event.title}</span>
    </Link>
  );
}

/** The red mark of a day when two build-ins overlap in different cities. */
export function ConflictMark({ titles, full }: { titles: string[]; full: boolean }) {
  return (
    <div className="zl-cal-conflict" role="note" title={`同期进场冲突：${titles.join('、')}`}>
      <b>同期进场冲突</b>
      {full && <span>{titles.join('、')}</span>}
    </div>
  );
}

interface DayProps {
  day: string;
  events: CalendarEvent[];
  conflict: string[] | undefined;
  today: string;
  /** a day of another month in the month grid */
  outside?: boolean;
}

/** The kinds of the platform, coloured as the chips are. */
export function KindLegend() {
  return (
    <ul className="zl-cal-legend" aria-label="图例">
      {KIND_ORDER.map((k) => (
        <li key={k}>
          <i className={`zl-cal-dot zl-cal-${k}`} />
          {calendarKindLabels[k]}
        </li>
      ))}
      <li>
        <i className="zl-cal-dot zl-cal-conflict-dot" />
        同期进场冲突
      </li>
    </ul>
  );
}

const MONTH_CHIPS = 4;

/**
 * A day of the month grid. On a desktop its chips open the projects; on a phone (`compact`) the
 * day is one button with a coloured bar per event, opening the day's week as a list.
 */
function MonthCell({
  day,
  events,
  conflict,
  today,
  outside,
  compact,
  onOpenWeek,
}: DayProps & { compact: boolean; onOpenWeek: () => void }) {
  const shown = events.slice(0, MONTH_CHIPS);
  const more = events.length - shown.length;
  const cls = [
    'zl-cal-cell',
    outside ? 'zl-cal-outside' : '',
    day === today ? 'zl-cal-today' : '',
    conflict ? 'zl-cal-has-conflict' : '',
  ]
    .filter(Boolean)
    .join(' ');
  if (compact) {
    const said = [
      monthDayText(day),
      events.length > 0 ? `${events.length} 项日程` : '无安排',
      conflict ? '同期进场冲突' : '',
    ]
      .filter(Boolean)
      .join('，');
    return (
      <li className={cls} data-day={day}>
        <button type="button" className="zl-cal-daybtn" onClick={onOpenWeek} aria-label={said}>
          <span className="zl-cal-date">{Number(day.slice(8, 10))}</span>
          {conflict && <span className="zl-cal-conflict">冲突</span>}
          {shown.map((e) => (
            <span key={e.id} className={`zl-cal-bar zl-cal-${e.kind}`} data-kind={e.kind} />
          ))}
          {more > 0 && <span className="zl-cal-bar-more">+{more}</span>}
        </button>
      </li>
    );
  }
  return (
    <li className={cls} data-day={day} aria-label={monthDayText(day)}>
      <div className="zl-cal-date">{Number(day.slice(8, 10))}</div>
      {conflict && <ConflictMark titles={conflict} full={false} />}
      {shown.map((e) => (
        <EventChip key={e.id} event={e} day={day} withTime={false} />
      ))}
      {more > 0 && (
        <button type="button" className="zl-cal-more" onClick={onOpenWeek}>
          还有 {more} 项
        </button>
      )}
    </li>
  );
}

export function MonthView({
  weeks,
  month,
  byDay,
  conflicts,
  today,
  compact,
  onOpenWeek,
}: {
  weeks: string[][];
  /** `YYYY-MM` shown */
  month: string;
  byDay: Map<string, CalendarEvent[]>;
  conflicts: Map<string, string[]>;
  today: string;
  /** a phone: each day a button opening its week */
  compact: boolean;
  onOpenWeek: (day: string) => void;
}) {
  return (
    <section className="zl-cal-month" aria-label={`${month.slice(0, 4)}年${Number(month.slice(5))}月`}>
      <div className="zl-cal-row zl-cal-head" aria-hidden="true">
        {WEEKDAY_LABELS.map((w) => (
          <div key={w}>{w}</div>
        ))}
      </div>
      {weeks.map((week) => (
        <ol className="zl-cal-row" key={week[0]}>
          {week.map((d) => (
            <MonthCell
              key={d}
              day={d}
              events={byDay.get(d) ?? []}
              conflict={conflicts.get(d)}
              today={today}
              outside={d.slice(0, 7) !== month}
              compact={compact}
              onOpenWeek={() => onOpenWeek(d)}
            />
          ))}
        </ol>
      ))}
    </section>
  );
}

/** A week: seven columns on a desktop, a list of the days on a phone (`list`). */
export function WeekView({
  days,
  byDay,
  conflicts,
  today,
  list,
}: {
  days: string[];
  byDay: Map<string, CalendarEvent[]>;
  conflicts: Map<string, string[]>;
  today: string;
  list: boolean;
}) {
  return (
    <section
      className={list ? 'zl-cal-week zl-cal-weeklist' : 'zl-cal-week'}
      aria-label={`${monthDayText(days[0]!)} – ${monthDayText(days[6]!)}`}
    >
      <ol className="zl-cal-row">
        {days.map((d) => {
          const events = byDay.get(d) ?? [];
          const conflict = conflicts.get(d);
          const cls = [
            'zl-cal-cell',
            d === today ? 'zl-cal-today' : '',
            conflict ? 'zl-cal-has-conflict' : '',
            events.length === 0 && !conflict ? 'zl-cal-empty' : '',
          ]
            .filter(Boolean)
            .join(' ');
          return (
            <li className={cls} data-day={d} key={d} aria-label={monthDayText(d)}>
              <div className="zl-cal-date">
                <b>{monthDayText(d)}</b> {WEEKDAY_LABELS[weekdayOf(d)]}
                {d === today && <span className="zl-cal-today-tag">今天</span>}
              </div>
              {conflict && <ConflictMark titles={conflict} full />}
              {events.map((e) => (
                <EventChip key={e.id} event={e} day={d} withTime />
              ))}
              {events.length === 0 && <div className="zl-cal-none">无安排</div>}
            </li>
          );
        })}
      </ol>
    </section>
  );
}
