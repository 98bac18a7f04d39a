import type { ProjectDetail } from '@zl/shared';
import { formatFen } from '../../lib/money.ts';
import { formatDaySpan, formatInstantRange } from '../../lib/project-dates.ts';
import { formatTime } from '../../lib/time.ts';
import './project.css';

type ShowDatesProject = Pick<
  ProjectDetail,
  | 'sdate'
  | 'edate'
  | 'buildStart'
  | 'buildEnd'
  | 'teardownStart'
  | 'teardownEnd'
  | 'filingDeadline'
  | 'hall'
  | 'booth'
  | 'deposit'
>;

/** 馆号 / 展位号 as the project gives them: both, one, or none (null). */
function place(p: ShowDatesProject): { label: string; text: string } | null {
  const hall = p.hall.trim();
  const booth = p.booth.trim();
  if (hall && booth) return { label: '馆号/展位号', text: `${hall} / ${booth}` };
  if (hall) return { label: '馆号', text: hall };
  if (booth) return { label: '展位号', text: booth };
  return null;
}

/**
 * 展期 (docs/show-dates.md): 进场布展, 开展, 撤场 in China time, then what the project adds —
 * 报馆截止, 馆号 / 展位号, 施工押金 — only when given. The heading is the page's.
 */
export function ShowDates({ project: p }: { project: ShowDatesProject }) {
  const rows: Array<{ key: string; label: string; text: string }> = [
    { key: 'build', label: '进场布展', text: formatInstantRange(p.buildStart, p.buildEnd) },
    { key: 'show', label: '开展', text: formatDaySpan(p.sdate, p.edate) },
    { key: 'teardown', label: '撤场', text: formatInstantRange(p.teardownStart, p.teardownEnd) },
  ];
  if (p.filingDeadline) rows.push({ key: 'filing', label: '报馆截止', text: formatTime(p.filingDeadline) });
  const at = place(p);
  if (at) rows.push({ key: 'place', ...at });
  if (p.deposit > 0) rows.push({ key: 'deposit', label: '施工押金', text: formatFen(p.deposit) });
  return (
    <dl className="zl-show-dates" data-testid="show-dates">
      {rows.map((r) => (
        <div key={r.key} className={`zl-show-dates-${r.key}`}>
          <dt>{r.label}</dt>
          <dd>{r.text}</dd>
        </div>
      ))}
    </dl>
  );
}
