import { fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { BarChart, monthLabel, niceTicks } from './bar-chart.tsx';

const labels = ['11月', '12月', '2027年1月'];
const describeMonth = (i: number) => [`第 ${i + 1} 个月`, `收入 ¥${[100, 0, 250][i]}.00`];

// jsdom lays nothing out: the box is given a width, as a browser would measure it (an own property
// of HTMLElement.prototype over Element's, removed after each test: the test files share one jsdom)
afterEach(() => {
  Reflect.deleteProperty(HTMLElement.prototype, 'clientWidth');
});

function renderChart() {
  Object.defineProperty(HTMLElement.prototype, 'clientWidth', { configurable: true, get: () => 600 });
  const r = render(
    <BarChart
      testId="chart"
      title="近 3 个月收入"
      labels={labels}
      series={[
        { name: '收入', color: '#1d4ed8', values: [100, 0, 250] },
        { name: '支出', color: '#cf1322', values: [30, 60, 0] },
      ]}
      axisLabel={(v) => `¥${v}`}
      describe={describeMonth}
    />,
  );
  return r;
}

describe('BarChart', () => {
  it('draws a bar per month and series, its height from the value, zero as no height', () => {
    renderChart();
    const bars = [...screen.getByTestId('chart').querySelectorAll('rect[fill]')];
    expect(bars).toHaveLength(6);
    const heights = bars.map((b) => Number(b.getAttribute('height')));
    // 收入, 支出 per month: 250 is the tallest, 0 draws nothing, 100 is 2/5 of 250
    expect(Math.max(...heights)).toBe(heights[4]);
    expect(heights[2]).toBe(0);
    expect(heights[0]! / heights[4]!).toBeCloseTo(100 / 250, 5);
    // the axis: ticks up to at least the tallest bar, in the caller's words
    expect(screen.getByText('¥300')).toBeTruthy();
    expect(screen.getByText('¥0')).toBeTruthy();
    // a legend when there are two series
    expect(screen.getByText('支出')).toBeTruthy();
  });

  it('shows a month by pointer or by ← →, and the figures as a table for a screen reader', () => {
    renderChart();
    const group = screen.getByRole('group', { name: /近 3 个月收入/ });
    group.focus();
    fireEvent.keyDown(group, { key: 'ArrowRight' });
    expect(screen.getByText('第 1 个月')).toBeTruthy();
    fireEvent.keyDown(group, { key: 'ArrowRight' });
    fireEvent.keyDown(group, { key: 'ArrowRight' });
    fireEvent.keyDown(group, { key: 'ArrowRight' });
    // stops at the last month
    expect(screen.getAllByText('第 3 个月')).toHaveLength(1);
    fireEvent.blur(group);
    expect(screen.queryByText('第 3 个月')).toBeNull();
    const rows = within(screen.getByRole('table', { name: '近 3 个月收入' })).getAllByRole('row');
    expect(rows.map((r) => r.textContent)).toEqual([
      '11月第 1 个月，收入 ¥100.00',
      '12月第 2 个月，收入 ¥0.00',
      '2027年1月第 3 个月，收入 ¥250.00',
    ]);
  });

  it('ticks: whole steps of 1, 2 or 5 × 10ⁿ from 0 past the maximum; an empty chart still has an axis', () => {
    expect(niceTicks(250)).toEqual([0, 100, 200, 300]);
    expect(niceTicks(9_500)).toEqual([0, 5_000, 10_000]);
    expect(niceTicks(3)).toEqual([0, 1, 2, 3]);
    expect(niceTicks(0)).toEqual([0, 1]);
    expect(monthLabel('2027-01')).toBe('2027年1月');
    expect(monthLabel('2026-11')).toBe('11月');
  });
});
