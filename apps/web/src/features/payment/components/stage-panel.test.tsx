import { QueryClientProvider } from '@tanstack/react-query';
import { act, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { PayPlanResult } from '@zl/shared';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../lib/query-client.ts';
import { stubBrowser } from '../../../lib/test-env.ts';
import { payPlanFixture, stageFixture } from '../../../lib/test-pay-plan.ts';
import { envelope, fakeFeedback, jsonResponse, mockFetch } from '../../../lib/test-utils.ts';
import { StagePanel } from './stage-panel.tsx';

configure({ asyncUtilTimeout: 10_000 });

type Handler = (url: string, init: RequestInit | undefined) => Response | Promise<Response> | undefined;

/** payPlan answers `plan`; `more` answers the other calls it knows. */
function serve(plan: PayPlanResult, more: Handler = () => undefined) {
  return mockFetch((url, init) => {
    if (url.endsWith('Projectcenter/payPlan')) return jsonResponse(envelope('success', plan));
    return more(url, init) ?? jsonResponse(envelope('success', null));
  });
}

const callsTo = (fetchMock: ReturnType<typeof mockFetch>, path: string) =>
  fetchMock.mock.calls.filter(([u]) => String(u).endsWith(path));

function renderPanel(status = 5) {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={['/customer/project?id=7']}>
        <StagePanel project={{ id: 7, status }} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

/** The amount under one label of the escrow summary. */
function sum(label: string): string {
  const summary = screen.getByLabelText('托管汇总');
  const dt = within(summary).getByText(label, { selector: 'dt' });
  return dt.nextElementSibling?.textContent ?? '';
}

beforeEach(() => {
  stubBrowser();
  fakeFeedback();
  const meta = document.createElement('meta');
  meta.name = 'zl-pay';
  meta.content = 'sandbox';
  document.head.appendChild(meta);
});
afterEach(() => {
  vi.unstubAllGlobals();
  document.head.querySelector('meta[name="zl-pay"]')?.remove();
});

describe('付款计划 on the customer project page (StagePanel)', { timeout: 30_000 }, () => {
  it('shows the contract, each stage and the escrow sums of the plan', async () => {
    serve(payPlanFixture());
    renderPanel();
    const panel = await screen.findByRole('region', { name: '付款计划' });
    expect(panel.id).toBe('stages');
    expect(sum('合同金额')).toBe('¥10,000.00');
    expect(sum('托管中')).toBe('¥3,500.00');
    expect(sum('已结算给供应商')).toBe('¥2,500.00');
    expect(sum('待支付')).toBe('¥4,000.00');
    expect(sum('逾期')).toBe('¥3,000.00');
    const rows = [...panel.querySelectorAll('tbody tr')].map((r) => r.textContent ?? '');
    expect(rows).toHaveLength(4);
    expect(rows[0]).toContain('预付款 25%');
    expect(rows[0]).toContain('¥2,500.00');
    expect(rows[0]).toContain('已结算');
    // times in China time, through lib/time.ts (16:00 UTC is the next day's 00:00)
    expect(rows[0]).toContain('2026-11-28 00:00');
    expect(rows[0]).toContain('结算于 2026-11-28 11:30');
    expect(rows[1]).toContain('进场款 35%');
    expect(rows[1]).toContain('托管中');
    expect(rows[1]).toContain('支付于 2026-11-26 09:00');
    expect(rows[2]).toContain('尾款 30%');
    expect(rows[2]).toContain('待支付');
    expect(rows[2]).toContain('逾期');
    expect(rows[2]).toContain('2026-12-04 00:00');
    expect(rows[2]).toContain('验收通过后结算给供应商');
    expect(rows[3]).toContain('质保金 10%');
    expect(rows[3]).not.toContain('逾期');
    // the overdue stage is asked for above the table
    expect(panel.textContent).toContain('已逾期：请支付尾款 ¥3,000.00（应付时间 2026-12-04 00:00）');
  });

  it('支付 on the payable stage only: a double click asks for one pay link for that stage', async () => {
    let answer: (r: Response) => void = () => {};
    const fetchMock = serve(payPlanFixture(), (url) =>
      url.endsWith('Alipay/getPayLink')
        ? new Promise<Response>((resolve) => {
            answer = resolve;
          })
        : undefined,
    );
    renderPanel();
    const button = await screen.findByRole('button', { name: '支付尾款 ¥3,000.00' });
    expect(screen.getAllByRole('button', { name: /^支付/ })).toHaveLength(1);
    fireEvent.click(button);
    fireEvent.click(button);
    await waitFor(() => expect(callsTo(fetchMock, 'Alipay/getPayLink')).toHaveLength(1));
    const [, init] = callsTo(fetchMock, 'Alipay/getPayLink')[0]!;
    expect(JSON.parse(String(init!.body))).toEqual({ purpose: 'stage', id: 7, stage: 3 });
    expect((init!.headers as Record<string, string>)['Idempotency-Key']).toMatch(/^[\w-]{8,}$/);
    await waitFor(() => expect(button.className).toContain('ant-btn-loading'));
    await act(async () => {
      answer(
        jsonResponse(
          envelope('success', { outTradeNo: 'Z1', amount: 300_000, payUrl: '#paid', sandbox: true }),
        ),
      );
    });
    fireEvent.click(button);
    expect(callsTo(fetchMock, 'Alipay/getPayLink')).toHaveLength(1);
  });

  it('no stage payable: no 支付 button', async () => {
    const plan = payPlanFixture();
    serve({ ...plan, stages: plan.stages.map((s) => ({ ...s, payable: false })) });
    renderPanel(3);
    await screen.findByRole('region', { name: '付款计划' });
    expect(screen.queryAllByRole('button', { name: /^支付/ })).toHaveLength(0);
  });

  it('确认进场: asks first, says what goes to the supplier, sends once, then reads the plan again', async () => {
    const plan = payPlanFixture({
      buildInConfirmed: false,
      stages: [
        stageFixture({ status: 'paid', releasedAt: null }),
        stageFixture({
          id: 2,
          kind: 'progress',
          percent: 35,
          amount: 350_000,
          status: 'paid',
          releasedAt: null,
        }),
        stageFixture({
          id: 3,
          kind: 'final',
          percent: 40,
          amount: 400_000,
          status: 'due',
          paidAt: null,
          releasedAt: null,
        }),
      ],
    });
    let answer: (r: Response) => void = () => {};
    const fetchMock = serve(plan, (url) =>
      url.endsWith('Customer/confirmBuildIn')
        ? new Promise<Response>((resolve) => {
            answer = resolve;
          })
        : undefined,
    );
    renderPanel(4);
    fireEvent.click(await screen.findByRole('button', { name: '确认进场' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('托管中的预付款 ¥2,500.00和进场款 ¥3,500.00将结算给供应商');
    expect(callsTo(fetchMock, 'Customer/confirmBuildIn')).toHaveLength(0);
    const ok = within(dialog).getByRole('button', { name: '确认进场' });
    fireEvent.click(ok);
    fireEvent.click(ok);
    await waitFor(() => expect(callsTo(fetchMock, 'Customer/confirmBuildIn')).toHaveLength(1));
    const [, init] = callsTo(fetchMock, 'Customer/confirmBuildIn')[0]!;
    expect(JSON.parse(String(init!.body))).toEqual({ id: 7 });
    expect((init!.headers as Record<string, string>)['Idempotency-Key']).toMatch(/^[\w-]{8,}$/);
    const before = callsTo(fetchMock, 'Projectcenter/payPlan').length;
    await act(async () => {
      answer(
        jsonResponse(
          envelope('success', {
            released: 600_000,
            commission: 30_000,
            confirmedAt: '2026-11-28T02:00:00.000Z',
          }),
        ),
      );
    });
    await waitFor(() => expect(callsTo(fetchMock, 'Projectcenter/payPlan').length).toBeGreaterThan(before));
    expect(callsTo(fetchMock, 'Customer/confirmBuildIn')).toHaveLength(1);
  });

  it.each([
    ['签约中', 3, {}],
    ['已确认进场', 4, { buildInConfirmed: true }],
    ['投诉处理中', 5, { buildInConfirmed: false, complaintOpen: true }],
  ] as const)('确认进场 is not offered: %s', async (_what, status, over) => {
    serve(payPlanFixture({ buildInConfirmed: false, ...over }));
    renderPanel(status);
    await screen.findByRole('region', { name: '付款计划' });
    expect(screen.queryByRole('button', { name: '确认进场' })).toBeNull();
    if ('complaintOpen' in over) expect(screen.getByText('投诉处理中，托管款已冻结')).toBeTruthy();
  });

  it('a refused 确认进场 shows the server’s words', async () => {
    serve(payPlanFixture({ buildInConfirmed: false }), (url) =>
      url.endsWith('Customer/confirmBuildIn')
        ? jsonResponse(
            envelope('ACCEPTANCE_FROZEN', null, { errorMessage: '该项目有未处理的投诉，托管款已冻结' }),
          )
        : undefined,
    );
    renderPanel(4);
    fireEvent.click(await screen.findByRole('button', { name: '确认进场' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: '确认进场' }));
    expect(await screen.findByText('该项目有未处理的投诉，托管款已冻结')).toBeTruthy();
  });

  it('on a phone the stages are cards, the 支付 button in its card', async () => {
    const original = window.matchMedia;
    Object.defineProperty(window, 'matchMedia', {
      configurable: true,
      writable: true,
      value: (query: string) => ({
        matches: true,
        media: query,
        onchange: null,
        addListener: () => {},
        removeListener: () => {},
        addEventListener: () => {},
        removeEventListener: () => {},
        dispatchEvent: () => false,
      }),
    });
    try {
      serve(payPlanFixture());
      renderPanel();
      const list = await screen.findByRole('list', { name: '付款阶段' });
      const cards = within(list).getAllByRole('listitem');
      expect(cards).toHaveLength(4);
      expect(cards[2]!.textContent).toContain('尾款 30%');
      expect(within(cards[2]!).getByRole('button', { name: '支付尾款 ¥3,000.00' })).toBeTruthy();
      expect(document.querySelector('table')).toBeNull();
    } finally {
      Object.defineProperty(window, 'matchMedia', { configurable: true, writable: true, value: original });
    }
  });
});
