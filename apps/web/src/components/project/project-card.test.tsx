import { render, screen } from '@testing-library/react';
import type { ProjectSummary } from '@zl/shared';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { buildDay, ProjectCard } from './project-card.tsx';

const P: ProjectSummary = {
  id: 7,
  orders: 'P202611220007',
  groupid: 1,
  groupname: '特装展台',
  title: '福州车展特装展台',
  length: 6,
  width: 4,
  height: 3,
  areas: 24,
  coins: 5,
  peoples: 2,
  cover: null,
  sdate: '2099-12-10',
  edate: '2099-12-12',
  // 08:00 on 12-08 in China is 00:00 UTC the same day
  buildStart: '2099-12-08T00:00:00.000Z',
  prov: '福建省',
  city: '福州市',
  biddl: '2099-12-01T10:00:00.000Z',
  status: 1,
  statusText: '竞标中',
  favorite: false,
  opens: 1,
  prepay: 0,
  dates: '2099-11-22',
  times: '10:00:00',
};

function renderCard(p: ProjectSummary) {
  return render(
    <MemoryRouter>
      <ProjectCard project={p} onToggleFavorite={() => {}} />
    </MemoryRouter>,
  );
}

describe('ProjectCard: the build-in day next to the show (docs/show-dates.md)', () => {
  it('shows 「进场 MM-DD」 after the 展期, the full time in its title', () => {
    renderCard(P);
    const build = screen.getByText('进场 12-08');
    expect(build.getAttribute('title')).toBe('进场布展 2099-12-08 08:00');
    expect(build.closest('.zl-oc-line')?.textContent).toContain('展期 2099-12-10 至 12-12');
  });

  it('the day is China’s: 20:00 UTC is the next morning in Shanghai', () => {
    expect(buildDay('2099-12-07T20:00:00.000Z')).toBe('12-08');
    expect(buildDay('2099-12-07T15:59:00.000Z')).toBe('12-07');
  });

  it('a row without a readable build-in start shows no 进场', () => {
    expect(buildDay('')).toBe('');
    expect(buildDay('soon')).toBe('');
    renderCard({ ...P, buildStart: '' });
    expect(screen.queryByText(/进场/)).toBeNull();
  });
});
