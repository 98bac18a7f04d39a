import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Pager, pagesToShow } from './pager.tsx';

describe('Pager', () => {
  it('shows the first, the last and two either side of the current page', () => {
    expect(pagesToShow(1, 3)).toEqual([1, 2, 3]);
    expect(pagesToShow(6, 12)).toEqual([1, 'gap', 4, 5, 6, 7, 8, 'gap', 12]);
    expect(pagesToShow(1, 12)).toEqual([1, 2, 3, 'gap', 12]);
  });

  it('is absent when everything fits on one page', () => {
    const { container } = render(<Pager page={1} pageSize={10} total={10} onChange={() => {}} />);
    expect(container.innerHTML).toBe('');
  });

  it('moves a page and cannot go before the first or past the last', () => {
    const onChange = vi.fn();
    render(<Pager page={1} pageSize={10} total={25} onChange={onChange} />);
    expect((screen.getByRole('button', { name: '上一页' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByRole('button', { name: '第 1 页' }).getAttribute('aria-current')).toBe('page');
    fireEvent.click(screen.getByRole('button', { name: '下一页' }));
    fireEvent.click(screen.getByRole('button', { name: '第 3 页' }));
    fireEvent.click(screen.getByRole('button', { name: '第 1 页' }));
    expect(onChange.mock.calls).toEqual([[2], [3]]);
  });
});
