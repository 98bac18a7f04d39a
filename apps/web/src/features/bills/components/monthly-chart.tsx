import Segmented from 'antd/es/segmented';
import Skeleton from 'antd/es/skeleton';
import { useEffect, useState } from 'react';
import { BarChart, monthLabel } from '../../../components/bar-chart.tsx';
import { useMonthly } from '../api/bills.ts';
import { formatBillAmount } from '../lib/bills-filter.ts';

type Currency = 'CNY' | 'COIN';

/** 近 12 个月收支: bars of in and out per month (components/bar-chart.tsx). */
export function MonthlyChart({
  initialCurrency,
  currencies,
}: {
  initialCurrency: Currency;
  /** the currencies offered (customers quote nothing: ¥ only) */
  currencies: Currency[];
}) {
  const [currency, setCurrency] = useState<Currency>(initialCurrency);
  useEffect(() => setCurrency(initialCurrency), [initialCurrency]);
  const shown = currencies.includes(currency) ? currency : currencies[0]!;
  const q = useMonthly(shown);
  const rows = q.data?.listItem ?? [];
  // drawn in 元 (the bars only); every number shown goes through formatBillAmount from integers
  const scale = (n: number) => (shown === 'CNY' ? n / 100 : n);

  const totals = rows.reduce((s, r) => ({ in: s.in + r.in, out: s.out + r.out }), {
    in: 0,
    out: 0,
  });
  return (
    <section className="zl-bills-chart" aria-label="月度收支图">
      <header>
        <h2>近 12 个月收支</h2>
        {currencies.length > 1 && (
          <Segmented<Currency>
            aria-label="币种"
            size="small"
            value={shown}
            onChange={setCurrency}
            options={currencies.map((c) => ({ label: c === 'CNY' ? '人民币' : '金币', value: c }))}
          />
        )}
      </header>
      {/* its line is held while the figures load, so the chart below does not move */}
      <p className="zl-bills-chart-sum">
        {q.data ? (
          <>
            合计收入 <b className="zl-bills-in">{formatBillAmount(shown, totals.in)}</b>
            <span>
              支出 <b className="zl-bills-out">{formatBillAmount(shown, totals.out)}</b>
            </span>
          </>
        ) : (
          '\u00a0'
        )}
      </p>
      <div className="zl-bills-chart-wrap">
        {q.data ? (
          <BarChart
            testId="bills-chart"
            title={`近 12 个月收支（${shown === 'CNY' ? '人民币' : '金币'}）`}
            labels={rows.map((r) => monthLabel(r.month))}
            series={[
              { name: '收入', color: '#389e0d', values: rows.map((r) => scale(r.in)) },
              { name: '支出', color: '#cf1322', values: rows.map((r) => scale(r.out)) },
            ]}
            axisLabel={(v) => (shown === 'CNY' ? `¥${v}` : String(v))}
            describe={(i) => {
              const r = rows[i]!;
              const [y, m] = r.month.split('-');
              return [
                `${y}年${Number(m)}月`,
                `收入 ${formatBillAmount(shown, r.in)}`,
                `支出 ${formatBillAmount(shown, r.out)}`,
              ];
            }}
          />
        ) : q.isError ? (
          <p className="zl-bills-chart-failed">图表加载失败，请刷新页面重试</p>
        ) : (
          <Skeleton className="zl-bills-chart-wait" active paragraph={{ rows: 4 }} />
        )}
        {q.data && totals.in + totals.out === 0 && <p className="zl-bills-chart-none">近 12 个月暂无收支</p>}
      </div>
    </section>
  );
}
