import { QueryClientProvider } from '@tanstack/react-query';
import { configure, render, screen, within } from '@testing-library/react';
import type { CustomerQuote, ProjectDetail as Project } from '@zl/shared';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../lib/query-client.ts';
import { stubBrowser } from '../../../lib/test-env.ts';
import { projectFixture } from '../../../lib/test-project.ts';
import { envelope, jsonResponse, mockFetch } from '../../../lib/test-utils.ts';
import ProjectPage from './project-page.tsx';

configure({ asyncUtilTimeout: 10_000 });

/** One pending quote of ¥10,000.01 (the odd 分 shows where splitPlan puts the rounding rest). */
const QUOTE: CustomerQuote = {
  quoteId: 3,
  supplier: {
    cardno: '10000003',
    name: '丙工厂',
    nickname: '用户0003',
    company: '',
    score: null,
    personauth: 1,
    businsauth: 1,
    trackRecord: { completed: 0, onTimeRate: null, readyCounted: 0, complaintsUpheld: 0 },
  },
  subtotals: { dimian: 1_000_001 },
  total: 1_000_001,
  days: 5,
  remark: '',
  attachments: [],
  status: 0,
  created: '2026-11-22T02:00:00Z',
  updated: '2026-11-22T02:00:00Z',
  lines: {},
};

function serve(p: Project) {
  return mockFetch((url) => {
    if (url.endsWith('Customer/projectInfo')) return jsonResponse(envelope('success', p));
    if (url.endsWith('Customer/quoteList'))
      return jsonResponse(envelope('success', { listItem: [QUOTE], total: 1, page: 1 }));
    return jsonResponse(envelope('success', null));
  });
}

beforeEach(() => stubBrowser());
afterEach(() => vi.unstubAllGlobals());

describe('the customer project page while bidding', { timeout: 30_000 }, () => {
  it("splits each quote by the project's own payment plan in the comparison", async () => {
    serve(projectFixture({ payPlan: { prepay: 20, progress: 50, final: 30, retention: 10 } }));
    render(
      <QueryClientProvider client={createQueryClient()}>
        <MemoryRouter initialEntries={['/customer/project?id=7']}>
          <ProjectPage />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    const head = await screen.findByRole('rowheader', { name: '付款计划' });
    const cell = within(head.closest('tr') as HTMLElement).getByRole('cell');
    expect(cell.textContent).toBe('预付款 ¥2,000.00 · 进场款 ¥5,000.00 · 尾款 ¥2,000.00 · 质保金 ¥1,000.01');
  });
});
