import { QueryClientProvider } from '@tanstack/react-query';
import { configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ProjectDetail } from '@zl/shared';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../lib/query-client.ts';
import { stubBrowser } from '../../../lib/test-env.ts';
import { projectFixture } from '../../../lib/test-project.ts';
import { envelope, fakeFeedback, jsonResponse, mockFetch } from '../../../lib/test-utils.ts';
import { ContractReview } from './contract-review.tsx';
import { ProgressCard } from './progress-card.tsx';

configure({ asyncUtilTimeout: 10_000 });
beforeEach(() => stubBrowser());
afterEach(() => vi.unstubAllGlobals());

const wrap = (ui: React.ReactNode) =>
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>{ui}</MemoryRouter>
    </QueryClientProvider>,
  );

const uploaded = (): ProjectDetail =>
  projectFixture({
    status: 3,
    contctck: 1,
    contract: '["AAAAAAAAAAAAAAAAAAAAAA"]',
    contctckdt: '2026-11-20 10:00:00',
  });

describe('合同审核 on the customer page', { timeout: 30_000 }, () => {
  it('approves: posts Customer/contractReview', async () => {
    fakeFeedback();
    const fetch = mockFetch(() => jsonResponse(envelope('success', { status: 3, contctck: 2 })));
    wrap(<ContractReview project={uploaded()} />);
    expect(screen.getByRole('link', { name: /合同文件 1/ }).getAttribute('href')).toBe(
      '/files/AAAAAAAAAAAAAAAAAAAAAA',
    );
    fireEvent.click(screen.getByRole('button', { name: /通\s*过/ }));
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    const [url, init] = fetch.mock.calls[0]!;
    expect(String(url)).toContain('Customer/contractReview');
    expect(JSON.parse(String(init?.body))).toEqual({ id: 7, approve: true });
  });

  it('rejects with a reason; the server field message shows in the dialog', async () => {
    fakeFeedback();
    mockFetch(() =>
      jsonResponse(
        envelope(
          'VALIDATION_FAILED',
          { fields: { reason: '驳回原因至少 2 个字' } },
          { errorMessage: '驳回原因至少 2 个字' },
        ),
        400,
      ),
    );
    wrap(<ContractReview project={uploaded()} />);
    fireEvent.click(screen.getByRole('button', { name: /驳\s*回/ }));
    fireEvent.change(await screen.findByLabelText('驳回原因'), { target: { value: '缺' } });
    fireEvent.click(screen.getByRole('button', { name: /确认驳回/ }));
    expect(await screen.findByText('驳回原因至少 2 个字')).toBeTruthy();
  });

  it('shows the rejection reason after a rejection', () => {
    wrap(<ContractReview project={projectFixture({ status: 3, contctck: 3, reason: '缺少盖章' })} />);
    expect(screen.getByText('已驳回：缺少盖章')).toBeTruthy();
  });
});

describe('交付进度 card', { timeout: 30_000 }, () => {
  it('shows the step, the one action of the party and overdue milestones in red', () => {
    const p = projectFixture({
      status: 2,
      sdate: '2026-12-10',
      edate: '2026-12-12',
      buildStart: '2026-12-08T00:00:00.000Z',
    });
    wrap(<ProgressCard project={p} party="supplier" now={new Date('2026-12-09T04:00:00Z')} />);
    expect(screen.getByText('待签合同')).toBeTruthy();
    expect(screen.getByRole('button', { name: '下载并签订合同' })).toBeTruthy();
    expect(screen.getAllByText('已逾期').length).toBeGreaterThan(0);
  });

  it('the customer only waits while the supplier signs', () => {
    wrap(<ProgressCard project={projectFixture({ status: 2 })} party="customer" />);
    expect(screen.getByText('等待供应商上传合同')).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
  });
});
