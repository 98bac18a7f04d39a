import type { BillsMonthlyResult } from '@zl/shared';
import Segmented from 'antd/es/segmented';
import Skeleton from 'antd/es/skeleton';
import { useEffect, useMemo, useState } from 'react';
import { monthLabel, useEChart } from '../../../lib/use-echart.ts';
import { useMonthly } from '../api/bills.ts';
import { formatBillAmount } from '../lib/bills-filter.ts';

type Currency = 'CNY' | 'COIN';

function chartOption(data: BillsMonthlyResult) {
  const { currency, listItem } = data;
  // drawn in 元 (the bars only); every number shown goes through formatBillAmount from integers
  const scale = (n: number) => (currency === 'CNY' ? n / 100 : n);
  return {
    animationDuration: 300,
    grid: { left: 8, right: 8, top: 36, bottom: 4, containLabel: true },
    legend: { top: 0, right: 0, data: ['收入', '支出'] },
    tooltip: {
      trigger: 'axis',
      axisPointer: { type: 'shadow' },
      formatter: (params: Array<{ dataIndex: number }>) => {
        const i = params[0]?.dataIndex ?? 0;
        const row = listItem[i]!;
        const [y, m] = row.month.split('-');
        return `${y}年${Number(m)}月<br/>收入 ${formatBillAmount(currency, row.in)}<br/>支出 ${formatBillAmount(currency, row.out)}`;
      },
    },
    xAxis: {
      type: 'category',
      data: listItem.map((r) => monthLabel(r.month)),
      axisTick: { alignWithLabel: true },
    },
    yAxis: {
      type: 'value',
      axisLabel: { formatter: (v: number) => (currency === 'CNY' ? `¥${v}` : String(v)) },
      minInterval: 1,
    },
    series: [
      {
        name: '收入',
        type: 'bar',
        data: listItem.map((r) => scale(r.in)),
        itemStyle: { color: '#389e0d' },
        barMaxWidth: 18,
      },
      {
        name: '支出',
        type: 'bar',
        data: listItem.map((r) => scale(r.out)),
        itemStyle: { color: '#cf1322' },
        barMaxWidth: 18,
      },
    ],
  };
}

/** 近 12 个月收支: bars of in and out per month; ECharts is fetched only when this mounts. */
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
  const option = useMemo(() => (q.data ? chartOption(q.data) : null), [q.data]);
  const { box, ready, failed } = useEChart(option);

  const totals = (q.data?.listItem ?? []).reduce((s, r) => ({ in: s.in + r.in, out: s.out + r.out }), {
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
      {q.data && (
        <p className="zl-bills-chart-sum">
          合计收入 <b className="zl-bills-in">{formatBillAmount(shown, totals.in)}</b>
          <span>
            支出 <b className="zl-bills-out">{formatBillAmount(shown, totals.out)}</b>
          </span>
        </p>
      )}
      {failed ? (
        <p className="zl-bills-chart-failed">图表加载失败，请刷新页面重试</p>
      ) : (
        <div className="zl-bills-chart-wrap">
          <div className="zl-bills-chart-box" ref={box} data-testid="bills-chart" />
          {(!ready || !q.data) && <Skeleton className="zl-bills-chart-wait" active paragraph={{ rows: 4 }} />}
          {ready && q.data && totals.in + totals.out === 0 && (
            <p className="zl-bills-chart-none">近 12 个月暂无收支</p>
          )}
        </div>
      )}
    </section>
  );
}
