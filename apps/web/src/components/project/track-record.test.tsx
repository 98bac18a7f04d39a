import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TrackRecord } from './track-record.tsx';

describe('TrackRecord', () => {
  it('shows completed, the on-time rate in % and complaints upheld', () => {
    render(<TrackRecord record={{ completed: 4, onTimeRate: 0.5, complaintsUpheld: 1 }} />);
    const el = screen.getByTestId('track-record');
    expect(el.textContent).toContain('完成 4 单');
    expect(el.textContent).toContain('准时率 50%');
    expect(el.textContent).toContain('投诉成立 1 次');
  });

  it('no completed project: no rate', () => {
    render(<TrackRecord record={{ completed: 0, onTimeRate: null, complaintsUpheld: 0 }} />);
    expect(screen.getByTestId('track-record').textContent).toContain('准时率 —');
  });
});
