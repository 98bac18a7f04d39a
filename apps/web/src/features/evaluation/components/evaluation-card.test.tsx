import { render, screen } from '@testing-library/react';
import type { EvaluationView } from '@zl/shared';
import { describe, expect, it } from 'vitest';
import { ScoreBadge } from '../../../components/project/score-badge.tsx';
import { EvaluationCard } from './evaluation-card.tsx';

const base: EvaluationView = {
  id: 1,
  projectId: 9,
  projectTitle: '车展展台',
  side: 'customer',
  mine: false,
  revealed: true,
  hidden: false,
  score: null,
  quality: 5,
  service: 4,
  punctuality: 3,
  content: '搭建质量很好',
  pictures: [],
  authorName: '华展科技',
  reply: '感谢认可',
  repliedAt: '2026-11-22T02:00:00Z',
  changeRequested: false,
  changeReason: '',
  changeUsed: false,
  created: '2026-11-22T02:00:00Z',
  updated: '2026-11-22T02:00:00Z',
};

describe('EvaluationCard', () => {
  it('shows marks, text and the reply of a revealed evaluation', () => {
    const { container } = render(<EvaluationCard e={base} />);
    expect(screen.getByText('搭建质量很好')).toBeTruthy();
    expect(screen.getByText('感谢认可')).toBeTruthy();
    expect(screen.getByText('已公开')).toBeTruthy();
    expect(container.querySelectorAll('.zl-eval-mark')).toHaveLength(3);
  });

  it('says a hidden evaluation waits for the other side, with no content', () => {
    const { container } = render(
      <EvaluationCard
        e={{
          ...base,
          revealed: false,
          hidden: true,
          content: '',
          quality: null,
          service: null,
          punctuality: null,
          reply: '',
        }}
      />,
    );
    expect(screen.getByText('待对方评价后公开')).toBeTruthy();
    expect(screen.queryByText('搭建质量很好')).toBeNull();
    expect(container.querySelectorAll('.zl-eval-mark')).toHaveLength(0);
  });
});

describe('ScoreBadge', () => {
  it('shows one decimal, or 暂无评分 for none', () => {
    const { rerender } = render(<ScoreBadge score={4.25} />);
    expect(screen.getByText('4.3')).toBeTruthy();
    rerender(<ScoreBadge score={null} />);
    expect(screen.getByText('暂无评分')).toBeTruthy();
  });
});
