import { type RefObject, useEffect, useRef, useState } from 'react';

interface Chart {
  setOption(option: unknown, notMerge?: boolean): void;
  resize(): void;
  dispose(): void;
}

/** '2026-03' → '3月'; January carries its year ('2026年1月') so a year boundary reads right. */
export function monthLabel(ym: string): string {
  const [y, m] = ym.split('-');
  return Number(m) === 1 ? `${y}年1月` : `${Number(m)}月`;
}

/**
 * An ECharts chart drawn into `box` (docs/web.md): the library (lib/echarts-setup.ts) is fetched only
 * when a chart first mounts, so pages without one never download it. `option` (memoised by the
 * caller) is drawn whenever it changes; `enabled` false mounts nothing (e.g. an empty state shown
 * instead). The chart follows its box's size and is disposed with the component.
 */
export function useEChart(
  option: unknown,
  enabled = true,
): { box: RefObject<HTMLDivElement | null>; ready: boolean; failed: boolean } {
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<Chart | null>(null);
  const [failed, setFailed] = useState(false);
  // counts the charts made: a chart made again (enabled again) is drawn again
  const [made, setMade] = useState(0);

  useEffect(() => {
    if (!enabled) return;
    let alive = true;
    let observer: ResizeObserver | undefined;
    import('./echarts-setup.ts')
      .then(({ echarts }) => {
        if (!alive || !box.current) return;
        chart.current = echarts.init(box.current, undefined, { renderer: 'canvas' }) as unknown as Chart;
        if (typeof ResizeObserver !== 'undefined') {
          observer = new ResizeObserver(() => chart.current?.resize());
          observer.observe(box.current);
        }
        setMade((n) => n + 1);
      })
      .catch(() => alive && setFailed(true));
    return () => {
      alive = false;
      observer?.disconnect();
      chart.current?.dispose();
      chart.current = null;
    };
  }, [enabled]);

  useEffect(() => {
    if (made > 0 && chart.current && option) chart.current.setOption(option, true);
  }, [option, made]);

  return { box, ready: made > 0 && chart.current !== null, failed };
}
