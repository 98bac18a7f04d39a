import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { DEFAULT_FILTERS } from '../lib/filters.ts';
import { areaBound, FilterPanel } from './filter-panel.tsx';

// the pickers' chunks (antd): a stand-in that shows it was opened by the click that loaded it
vi.mock('./region-filter.tsx', () => ({
  default: (p: { initialOpen?: boolean }) => <div>地区选择器{p.initialOpen ? '（已展开）' : ''}</div>,
}));
vi.mock('./date-range-filter.tsx', () => ({
  default: (p: { initialOpen?: boolean; onChange: (from: string, to: string) => void }) => (
    <div>
      日期选择器{p.initialOpen ? '（已展开）' : ''}
      <button type="button" onClick={() => p.onChange('2026-12-01', '2026-12-07')}>
        选定日期
      </button>
    </div>
  ),
}));

describe('the hall filters without antd (docs/web.md § Page speed)', () => {
  it('chips are pressed buttons; a second press of an area preset clears it', () => {
    const onChange = vi.fn();
    const { rerender } = render(<FilterPanel filters={DEFAULT_FILTERS} onChange={onChange} />);
    expect(screen.getByRole('button', { name: '全部' }).getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: '特装展台' }));
    expect(onChange).toHaveBeenLastCalledWith({ groupid: 1 });
    fireEvent.click(screen.getByRole('button', { name: '≤36㎡' }));
    const set = onChange.mock.lastCall?.[0];
    expect(set.areaMax).toBe(36);
    rerender(<FilterPanel filters={{ ...DEFAULT_FILTERS, ...set }} onChange={onChange} />);
    expect(screen.getByRole('button', { name: '≤36㎡' }).getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: '≤36㎡' }));
    expect(onChange).toHaveBeenLastCalledWith({ areaMin: null, areaMax: null });
  });

  it('custom bounds apply on Enter, whole square metres within 0–100,000, swapped when reversed', () => {
    expect([areaBound(''), areaBound('abc'), areaBound('-5'), areaBound('12.6'), areaBound('1e9')]).toEqual([
      null,
      null,
      0,
      13,
      100000,
    ]);
    const onChange = vi.fn();
    render(<FilterPanel filters={DEFAULT_FILTERS} onChange={onChange} />);
    fireEvent.change(screen.getByLabelText('最小面积'), { target: { value: '300' } });
    fireEvent.change(screen.getByLabelText('最大面积'), { target: { value: '100' } });
    expect(onChange).not.toHaveBeenCalled();
    fireEvent.keyDown(screen.getByLabelText('最大面积'), { key: 'Enter' });
    expect(onChange).toHaveBeenLastCalledWith({ areaMin: 100, areaMax: 300 });
  });

  it('a picker field shows the value and loads its picker, opened, on the first click', async () => {
    render(
      <FilterPanel filters={{ ...DEFAULT_FILTERS, prov: '广东省', city: '深圳市' }} onChange={() => {}} />,
    );
    const region = screen.getByRole('button', { name: /^地区/ });
    expect(region.textContent).toContain('广东省 / 深圳市');
    expect(screen.getByRole('button', { name: /^展期/ }).textContent).toContain('开始日期');
    fireEvent.click(region);
    expect(await screen.findByText('地区选择器（已展开）')).toBeTruthy();
    expect(screen.queryByText(/日期选择器/)).toBeNull();
  });

  it('进场日期 is a range field like 展期: it shows its days and sets buildFrom / buildTo', async () => {
    const onChange = vi.fn();
    render(
      <FilterPanel
        filters={{ ...DEFAULT_FILTERS, buildFrom: '2026-12-01', buildTo: '2026-12-07' }}
        onChange={onChange}
      />,
    );
    const build = screen.getByRole('button', { name: /^进场日期/ });
    expect(build.textContent).toContain('2026-12-01');
    expect(build.textContent).toContain('2026-12-07');
    expect(screen.getByRole('button', { name: /^展期/ }).textContent).toContain('开始日期');
    fireEvent.click(build);
    expect(await screen.findByText(/日期选择器（已展开）/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '选定日期' }));
    expect(onChange).toHaveBeenLastCalledWith({ buildFrom: '2026-12-01', buildTo: '2026-12-07' });
  });
});
