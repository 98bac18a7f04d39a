import { type KeyboardEvent, useLayoutEffect, useRef, useState } from 'react';
import './bar-chart.css';

export interface BarSeries {
  name: string;
  color: string;
  /** one value per label, in the unit the axis shows (元, 金币) */
  values: number[];
}

/** '2026-03' → '3月'; January carries its year ('2026年1月') so a year boundary reads right. */
export function monthLabel(ym: string): string {
  const [y, m] = ym.split('-');
  return Number(m) === 1 ? `${y}年1月` : `${Number(m)}月`;
}

/** The axis' ticks: 0 up to at least `max` in 4–6 steps of 1, 2 or 5 × 10ⁿ (whole numbers). */
export function niceTicks(max: number): number[] {
  if (!(max > 0)) return [0, 1];
  const rough = max / 4;
  const pow = 10 ** Math.floor(Math.log10(rough));
  const step = Math.max(1, [1, 2, 5, 10].map((k) => k * pow).find((s) => s >= rough) ?? 10 * pow);
  const ticks = [0];
  while (ticks[ticks.length - 1]! < max) ticks.push(ticks[ticks.length - 1]! + step);
  return ticks;
}

const HEIGHT = 240;
const TOP = 10;
const BOTTOM = 24;
const FONT = 12;

/**
 * Bars per month, drawn as SVG by the page itself (docs/web.md § Page speed: what a page loads): the
 * supplier home's earnings and 收支明细's in and out. No chart library — ECharts was 132 KB on the
 * wire and a canvas drawn after the page, for a dozen bars. The box is as wide as its column and
 * 240 px high from the first paint, so nothing moves when it is drawn. A pointer over a month, or
 * ← → once the chart has the focus, shows that month's figures (`describe`); a screen reader gets
 * the same figures as a table.
 */
export function BarChart({
  labels,
  series,
  axisLabel,
  describe,
  title,
  testId,
}: {
  labels: string[];
  series: BarSeries[];
  /** a tick's text on the value axis */
  axisLabel: (v: number) => string;
  /** the figures of month `i`, a line each (shown on hover or focus, and in the hidden table) */
  describe: (i: number) => string[];
  /** what the chart shows, for its accessible name */
  title: string;
  testId?: string;
}) {
  const box = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);
  const [active, setActive] = useState<number | null>(null);

  // measured before the first paint, then followed
  useLayoutEffect(() => {
    const el = box.current;
    if (!el) return;
    setWidth(el.clientWidth);
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => setWidth(el.clientWidth));
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  const max = Math.max(0, ...series.flatMap((s) => s.values));
  const ticks = niceTicks(max);
  const top = ticks[ticks.length - 1]!;
  const left = Math.max(...ticks.map((t) => axisLabel(t).length)) * 7 + 10;
  const plotW = Math.max(0, width - left - 4);
  const plotH = HEIGHT - TOP - BOTTOM;
  const band = labels.length > 0 ? plotW / labels.length : 0;
  const barW = Math.max(2, Math.min(series.length > 1 ? 14 : 22, (band * 0.7) / series.length));
  const y = (v: number) => TOP + plotH - (v / top) * plotH;
  // every other month's label when they would crowd (a phone)
  const labelEvery = band < 34 ? 2 : 1;

  const onKey = (e: KeyboardEvent) => {
    if (e.key !== 'ArrowLeft' && e.key !== 'ArrowRight') return;
    e.preventDefault();
    const last = labels.length - 1;
    setActive((a) =>
      e.key === 'ArrowLeft' ? Math.max(0, (a ?? last + 1) - 1) : Math.min(last, (a ?? -1) + 1),
    );
  };

  return (
    <div className="zl-bar-chart" data-testid={testId}>
      {series.length > 1 && (
        <ul className="zl-bar-legend" aria-hidden="true">
          {series.map((s) => (
            <li key={s.name}>
              <span style={{ background: s.color }} />
              {s.name}
            </li>
          ))}
        </ul>
      )}
      {/* biome-ignore lint/a11y/useSemanticElements: a group of bars, not of form fields */}
      <div
        ref={box}
        className="zl-bar-box"
        role="group"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: the bars are read month by month with ← → once focused (the figures are in the table too)
        tabIndex={0}
        aria-label={`${title}（按 ← → 逐月查看）`}
        onKeyDown={onKey}
        onBlur={() => setActive(null)}
        onMouseLeave={() => setActive(null)}
      >
        {width > 0 && (
          <svg width={width} height={HEIGHT} aria-hidden="true" focusable="false">
            {ticks.map((t) => (
              <g key={t}>
                <line x1={left} x2={width - 4} y1={y(t)} y2={y(t)} className="zl-bar-grid" />
                <text x={left - 6} y={y(t) + FONT / 3} textAnchor="end" className="zl-bar-tick">
                  {axisLabel(t)}
                </text>
              </g>
            ))}
            {labels.map((label, i) => {
              const x0 = left + i * band;
              const groupW = barW * series.length;
              return (
                // biome-ignore lint/a11y/noStaticElementInteractions: the pointer's way to a month; the keyboard's is ← → on the group
                <g key={label} onMouseEnter={() => setActive(i)}>
                  <rect
                    x={x0}
                    y={TOP}
                    width={band}
                    height={plotH}
                    className={active === i ? 'zl-bar-band zl-bar-band-on' : 'zl-bar-band'}
                  />
                  {series.map((s, k) => {
                    const v = s.values[i] ?? 0;
                    const h = Math.max(0, y(0) - y(v));
                    return (
                      <rect
                        key={s.name}
                        x={x0 + (band - groupW) / 2 + k * barW}
                        y={y(0) - h}
                        width={barW}
                        height={h}
                        rx={Math.min(3, barW / 4)}
                        fill={s.color}
                      />
                    );
                  })}
                  {i % labelEvery === (labels.length - 1) % labelEvery && (
                    <text x={x0 + band / 2} y={HEIGHT - 6} textAnchor="middle" className="zl-bar-tick">
                      {label}
                    </text>
                  )}
                </g>
              );
            })}
          </svg>
        )}
        {active !== null && (
          <div
            className="zl-bar-tip"
            style={{ left: Math.min(Math.max(left + (active + 0.5) * band, 70), width - 70) }}
            aria-live="polite"
          >
            {describe(active).map((line) => (
              <div key={line}>{line}</div>
            ))}
          </div>
        )}
      </div>
      {/* in a box: a table is as wide as its content, whatever width it is given */}
      <div className="zl-visually-hidden">
        <table>
          <caption>{title}</caption>
          <tbody>
            {labels.map((label, i) => (
              <tr key={label}>
                <th scope="row">{label}</th>
                <td>{describe(i).join('，')}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
