import type { Orbit } from '@zl/shared';
import Timeline from 'antd/es/timeline';
import { formatDateTime } from '../../lib/project-dates.ts';

/** The project's timeline (`orbits`): every step with who and when; the customer's project page shows it too. */
export function Orbits({ orbits }: { orbits: Orbit[] }) {
  if (orbits.length === 0) return <span className="zl-od-muted">暂无记录</span>;
  return (
    <Timeline
      items={orbits.map((o, i) => ({
        key: `${o.status}-${o.at}-${i}`,
        color: i === orbits.length - 1 ? 'blue' : 'gray',
        content: (
          <>
            <b>{o.action || o.statusText}</b>
            <div className="zl-od-muted">
              {o.who && `${o.who} · `}
              {formatDateTime(o.at)}
              {o.action && o.action !== o.statusText && ` · ${o.statusText}`}
            </div>
          </>
        ),
      }))}
    />
  );
}
