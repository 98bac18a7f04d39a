import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { LiteBadge, LiteButton, LiteMenuButton, LiteSearch, LiteSegmented, LiteTag } from './lite-ui.tsx';

function SearchBox({ onSearch }: { onSearch: (v: string) => void }) {
  const [v, setV] = useState('');
  return <LiteSearch value={v} onChange={setV} onSearch={onSearch} label="搜索项目" maxLength={50} />;
}

describe('lite controls (the frame and first screens before antd loads)', () => {
  it('LiteSearch: Enter and the button search the text; the clear button searches for everything', () => {
    const onSearch = vi.fn();
    render(<SearchBox onSearch={onSearch} />);
    const input = screen.getByLabelText('搜索项目') as HTMLInputElement;
    expect(input.maxLength).toBe(50);
    fireEvent.change(input, { target: { value: '车展' } });
    fireEvent.submit(input.closest('form') as HTMLFormElement);
    fireEvent.click(screen.getByRole('button', { name: '搜索' }));
    fireEvent.click(screen.getByRole('button', { name: '清除' }));
    expect(onSearch.mock.calls).toEqual([['车展'], ['车展'], ['']]);
    expect(input.value).toBe('');
    expect(screen.queryByRole('button', { name: '清除' })).toBeNull();
  });

  it('LiteSegmented: a radio group whose choice is the value', () => {
    const onChange = vi.fn();
    render(
      <LiteSegmented
        value="newest"
        label="排序"
        options={[
          { value: 'newest', label: '最新发布' },
          { value: 'area', label: '面积' },
        ]}
        onChange={onChange}
      />,
    );
    expect(screen.getByRole('radiogroup', { name: '排序' })).toBeTruthy();
    expect((screen.getByRole('radio', { name: '最新发布' }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByRole('radio', { name: '面积' }));
    expect(onChange).toHaveBeenCalledWith('area');
  });

  it('LiteMenuButton: opens, closes on a choice, on Escape (focus back) and on a click outside', () => {
    const chosen = vi.fn();
    render(
      <div>
        <p>outside</p>
        <LiteMenuButton label="138****0001">
          {(close) => (
            <button
              type="button"
              role="menuitem"
              onClick={() => {
                chosen();
                close();
              }}
            >
              退出登录
            </button>
          )}
        </LiteMenuButton>
      </div>,
    );
    const button = screen.getByRole('button', { name: '138****0001' });
    expect(button.getAttribute('aria-haspopup')).toBe('menu');
    expect(screen.queryByRole('menu')).toBeNull();
    fireEvent.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    fireEvent.click(screen.getByRole('menuitem', { name: '退出登录' }));
    expect(chosen).toHaveBeenCalledOnce();
    expect(screen.queryByRole('menu')).toBeNull();

    fireEvent.click(button);
    fireEvent.keyDown(screen.getByRole('menu'), { key: 'Escape' });
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(button);

    fireEvent.click(button);
    fireEvent.pointerDown(screen.getByText('outside'));
    expect(screen.queryByRole('menu')).toBeNull();
  });

  it('LiteBadge shows a count above 0 (99+ past the cap); LiteButton shows its busy state', () => {
    const { rerender, container } = render(
      <LiteBadge count={0} title="0 条未读消息">
        消息
      </LiteBadge>,
    );
    expect(container.querySelector('.zl-badge-count')).toBeNull();
    expect(screen.getByTitle('0 条未读消息')).toBeTruthy();
    rerender(<LiteBadge count={120}>消息</LiteBadge>);
    expect(container.querySelector('.zl-badge-count')?.textContent).toBe('99+');

    render(<LiteButton loading>加载更多</LiteButton>);
    const more = screen.getByRole('button', { name: '加载更多' }) as HTMLButtonElement;
    expect(more.disabled).toBe(true);
    expect(more.getAttribute('aria-busy')).toBe('true');
    render(<LiteTag color="blue">竞标中</LiteTag>);
    expect(screen.getByText('竞标中').className).toBe('zl-tag zl-tag-blue');
  });
});
