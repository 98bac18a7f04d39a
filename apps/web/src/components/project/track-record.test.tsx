import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TrackRecord } from './track-record.tsx';

describe('TrackRecord', () => {
  it('shows completed, the on-time rate in % and complaints upheld', () => {
    render(<TrackRecord record={{ completed: 4, onTimeRate: 0.5, readyCounted: 0, complaintsUpheld: 1 }} />);
    const el = screen.getByTestId('track-record');
    expect(el.textContent).toContain('完成 4 单');
    expect(el.textContent).toContain('准时率 50%');
    expect(el.textContent).toContain('投诉成立 1 次');
  });

  it('no completed project: no rate', () => {
    render(<TrackRecord record={{ completed: 0, onTimeRate: null, readyCounted: 0, complaintsUpheld: 0 }} />);
    expect(screen.getByTestId('track-record').textContent).toContain('准时率 —');
  });
});

describe('TrackRecord on /show', () => {
  it('says how many projects each rule judged', () => {
    render(
      <TrackRecord basis record={{ completed: 5, onTimeRate: 0.8, readyCounted: 2, complaintsUpheld: 0 }} />,
    );
    expect(screen.getByTestId('track-basis').textContent).toBe(
      '2 单按开展前展台就绪计，3 单按开展前提交完工报告计',
    );
  });

  it('without basis (cards) the line is not shown', () => {
    render(<TrackRecord record={{ completed: 5, onTimeRate: 0.8, readyCounted: 2, complaintsUpheld: 0 }} />);
    expect(screen.queryByTestId('track-basis')).toBeNull();
  });
});
