import type { HomeInfo } from '@zl/shared';
import Skeleton from 'antd/es/skeleton';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { formatFen } from '../../../lib/money.ts';
import { monthLabel, useEChart } from '../../../lib/use-echart.ts';

type Earnings = HomeInfo['earnings'];

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
  const empty = earnings.every((e) => e.amount === 0);
  const option = useMemo(() => chartOption(earnings), [earnings]);
  const { box, ready, failed } = useEChart(option, !empty);

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
