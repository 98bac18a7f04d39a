import type { HomeInfo } from '@zl/shared';
import Skeleton from 'antd/es/skeleton';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { formatFen } from '../../../lib/money.ts';

type Chart = { setOption: (o: unknown, notMerge?: boolean) => void; resize: () => void; dispose: () => void };
type Earnings = HomeInfo['earnings'];

/** '2026-03' → '3月'; January carries its year so a year boundary reads right. */
function monthLabel(ym: string): string {
  const [y, m] = ym.split('-');
  return Number(m) === 1 ? `${y}年1月` : `${Number(m)}月`;
}

function chartOption(earnings: Earnings) {
  return {
    animationDuration: 300,
    grid: { left: 8, right: 8, top: 16, bottom: 4, containLabel: true },
    tooltip: {
      trigger: 'axis',
      axisPointer: { type: 'shadow' },
      // every amount shown is formatted from the integer 分; only the bar heights are in 元
      formatter: (params: Array<{ dataIndex: number }>) => {
        const row = earnings[params[0]?.dataIndex ?? 0]!;
        const [y, m] = row.month.split('-');
        return `${y}年${Number(m)}月<br/>收入 ${formatFen(row.amount)}`;
      },
    },
    xAxis: {
      type: 'category',
      data: earnings.map((e) => monthLabel(e.month)),
      axisTick: { alignWithLabel: true },
    },
    yAxis: { type: 'value', axisLabel: { formatter: (v: number) => `¥${v}` }, minInterval: 1 },
    series: [
      {
        name: '收入',
        type: 'bar',
        data: earnings.map((e) => e.amount / 100),
        itemStyle: { color: '#1d4ed8', borderRadius: [4, 4, 0, 0] },
        barMaxWidth: 22,
      },
    ],
  };
}

/**
 * 近 12 个月收入: the escrow released to the supplier per month. ECharts (lib/echarts-setup.ts) is
 * fetched only when this mounts, so no other page downloads it (docs/home.md).
 */
export function EarningsChart({ earnings }: { earnings: Earnings }) {
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<Chart | null>(null);
  const [failed, setFailed] = useState(false);
  const [ready, setReady] = useState(false);
  const empty = earnings.every((e) => e.amount === 0);

  useEffect(() => {
    if (empty) return;
    let alive = true;
    let observer: ResizeObserver | undefined;
    import('../../../lib/echarts-setup.ts')
      .then(({ echarts }) => {
        if (!alive || !box.current) return;
        chart.current = echarts.init(box.current, undefined, { renderer: 'canvas' }) as unknown as Chart;
        if (typeof ResizeObserver !== 'undefined') {
          observer = new ResizeObserver(() => chart.current?.resize());
          observer.observe(box.current);
        }
        setReady(true);
      })
      .catch(() => alive && setFailed(true));
    return () => {
      alive = false;
      observer?.disconnect();
      chart.current?.dispose();
      chart.current = null;
    };
  }, [empty]);

  useEffect(() => {
    if (ready && chart.current) chart.current.setOption(chartOption(earnings), true);
  }, [earnings, ready]);

  return (
    <section className="zl-panel zl-home-chart" aria-labelledby="home-earnings">
      <header>
        <h2 className="zl-home-h2" id="home-earnings">
          近 12 个月收入
        </h2>
        <Link to="/personCenter/businessList">收支明细 →</Link>
      </header>
      {empty ? (
        <div className="zl-home-empty">
          <p>还没有收入。中标的项目验收通过后，托管的预付款扣除服务费结算到您的余额，会按月显示在这里。</p>
        </div>
      ) : failed ? (
        <p className="zl-home-empty">图表加载失败，请刷新页面重试</p>
      ) : (
        <div className="zl-home-chart-wrap">
          <div className="zl-home-chart-box" ref={box} data-testid="home-earnings-chart" />
          {!ready && <Skeleton className="zl-home-chart-wait" active paragraph={{ rows: 4 }} />}
        </div>
      )}
    </section>
  );
}
