import type { HomeInfo } from '@zl/shared';
import { Link } from 'react-router';
import { BarChart, monthLabel } from '../../../components/bar-chart.tsx';
import { formatFen } from '../../../lib/money.ts';

type Earnings = HomeInfo['earnings'];

/** 近 12 个月收入: the escrow released to the supplier per month (components/bar-chart.tsx, docs/home.md). */
export function EarningsChart({ earnings }: { earnings: Earnings }) {
  const empty = earnings.every((e) => e.amount === 0);

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
      ) : (
        <BarChart
          testId="home-earnings-chart"
          title="近 12 个月收入"
          labels={earnings.map((e) => monthLabel(e.month))}
          // bars in 元; every amount shown is formatted from the integer 分
          series={[{ name: '收入', color: '#1d4ed8', values: earnings.map((e) => e.amount / 100) }]}
          axisLabel={(v) => `¥${v}`}
          describe={(i) => {
            const e = earnings[i]!;
            const [y, m] = e.month.split('-');
            return [`${y}年${Number(m)}月`, `收入 ${formatFen(e.amount)}`];
          }}
        />
      )}
    </section>
  );
}
