import { QueryClientProvider } from '@tanstack/react-query';
import { configure, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../lib/query-client.ts';
import { stubBrowser } from '../../../lib/test-env.ts';
import { payPlanFixture } from '../../../lib/test-pay-plan.ts';
import { projectFixture } from '../../../lib/test-project.ts';
import { envelope, jsonResponse, mockFetch } from '../../../lib/test-utils.ts';
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

// docs/staged-escrow.md: a stage due after the prepayment is the customer's next action
describe('交付进度 with the payment plan', { timeout: 30_000 }, () => {
  it('awaiting acceptance with the 尾款 due: the customer pays it first, the supplier waits for it', async () => {
    mockFetch((url) =>
      url.endsWith('Projectcenter/payPlan')
        ? jsonResponse(envelope('success', payPlanFixture()))
        : jsonResponse(envelope('success', {})),
    );
    const p = projectFixture({ status: 5, contctck: 2, ispaid: true, reportck: 1 });
    wrap(<ProgressCard project={p} party="customer" />);
    expect(await screen.findByRole('button', { name: '支付尾款' })).toBeTruthy();
    expect(screen.getByText('待付尾款')).toBeTruthy();
  });

  it('nothing due: the acceptance is the customer action', async () => {
    const paid = payPlanFixture();
    mockFetch(() =>
      jsonResponse(
        envelope('success', {
          ...paid,
          stages: paid.stages.map((s) => ({ ...s, status: 'paid', payable: false, overdue: false })),
        }),
      ),
    );
    const p = projectFixture({ status: 5, contctck: 2, ispaid: true, reportck: 1 });
    wrap(<ProgressCard project={p} party="customer" />);
    expect(await screen.findByRole('button', { name: '验收完工报告' })).toBeTruthy();
  });
});
