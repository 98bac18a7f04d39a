import { QueryClientProvider } from '@tanstack/react-query';
import { configure, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../lib/query-client.ts';
import { stubBrowser } from '../../../lib/test-env.ts';
import { payPlanFixture } from '../../../lib/test-pay-plan.ts';
import { envelope, jsonResponse, mockFetch } from '../../../lib/test-utils.ts';
import { WinnerStages } from './winner-stages.tsx';

configure({ asyncUtilTimeout: 10_000 });

function renderStages(plan: unknown) {
  const fetchMock = mockFetch((url) =>
    url.endsWith('Projectcenter/payPlan')
      ? jsonResponse(envelope('success', plan))
      : jsonResponse(envelope('success', null)),
  );
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>
        <WinnerStages projectId={7} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return fetchMock;
}

beforeEach(() => stubBrowser());
afterEach(() => vi.unstubAllGlobals());

describe("付款计划 on the winner's order detail (read-only)", { timeout: 30_000 }, () => {
  it('says what is held, released, due and overdue, stage by stage, with nothing to press', async () => {
    const fetchMock = renderStages(payPlanFixture());
    const panel = await screen.findByRole('region', { name: '付款计划' });
    expect(JSON.parse(String(fetchMock.mock.calls[0]![1]!.body))).toEqual({ id: 7 });
    const summary = within(panel).getByLabelText('托管汇总');
    const sum = (label: string) =>
      within(summary).getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;
    expect(sum('托管中')).toBe('¥3,500.00');
    expect(sum('已结算给您')).toBe('¥2,500.00');
    expect(sum('待参展商支付')).toBe('¥4,000.00');
    expect(sum('逾期未付')).toBe('¥3,000.00');
    const rows = [...panel.querySelectorAll('tbody tr')].map((r) => r.textContent ?? '');
    expect(rows[1]).toContain('托管中');
    expect(rows[2]).toContain('尾款逾期未付');
    expect(rows[3]).toContain('待参展商支付');
    expect(panel.textContent).toContain('尾款逾期未付（¥3,000.00），平台已提醒参展商支付');
    expect(within(panel).queryAllByRole('button')).toHaveLength(0);
    expect(panel.textContent).not.toContain('确认进场后，');
  });

  it('a complaint open: the escrow is frozen', async () => {
    renderStages(payPlanFixture({ complaintOpen: true }));
    expect(await screen.findByText('投诉处理中，托管款已冻结')).toBeTruthy();
  });
});
