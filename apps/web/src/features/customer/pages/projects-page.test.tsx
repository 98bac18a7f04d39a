import { QueryClientProvider } from '@tanstack/react-query';
import { configure, render, screen, within } from '@testing-library/react';
import type { CustomerProjectItem } from '@zl/shared';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../lib/query-client.ts';
import { stubBrowser } from '../../../lib/test-env.ts';
import { projectFixture } from '../../../lib/test-project.ts';
import { envelope, jsonResponse, mockFetch } from '../../../lib/test-utils.ts';
import ProjectsPage from './projects-page.tsx';

configure({ asyncUtilTimeout: 10_000 });

function item(id: number, status: number, statusText: string, title: string): CustomerProjectItem {
  return {
    ...projectFixture({ id, status, statusText, title }),
    cover: null,
    favorite: false,
    quoteCount: 2,
    checked: 1,
    reason: '',
    closedBy: '',
  };
}

beforeEach(() => {
  stubBrowser();
  mockFetch(() =>
    jsonResponse(
      envelope('success', {
        listItem: [item(1, 1, '竞标中', '竞标中的项目'), item(2, 4, '施工中', '施工中的项目')],
        total: 2,
        page: 1,
      }),
    ),
  );
});
afterEach(() => vi.unstubAllGlobals());

function renderPage() {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={['/customer/projects']}>
        <ProjectsPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('我的项目', { timeout: 30_000 }, () => {
  it('filters by every stage: 签约中, 施工中, 待验收 and 已完成 too', async () => {
    renderPage();
    const filter = await screen.findByRole('radiogroup', { name: '项目状态' });
    const labels = within(filter)
      .getAllByRole('radio')
      .map((r) => r.closest('label')?.textContent ?? r.getAttribute('aria-label') ?? '');
    for (const s of ['全部', '待审核', '竞标中', '已选标', '签约中', '施工中', '待验收', '已完成', '已关闭'])
      expect(labels.join(' ')).toContain(s);
  });

  it('the bid deadline shows only while bidding is open', async () => {
    renderPage();
    const building = (await screen.findByRole('link', { name: '施工中的项目' })).closest('tr') as HTMLElement;
    const bidding = screen.getByRole('link', { name: '竞标中的项目' }).closest('tr') as HTMLElement;
    const col = screen.getAllByRole('columnheader').findIndex((h) => h.textContent === '竞标截止');
    expect(within(building).getAllByRole('cell')[col]?.textContent).toBe('—');
    expect(within(bidding).getAllByRole('cell')[col]?.textContent).toMatch(/\d{2}:\d{2}/);
  });
});
