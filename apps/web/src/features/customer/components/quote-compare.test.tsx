import { QueryClientProvider } from '@tanstack/react-query';
import { configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { PayPlan, CustomerQuote as Quote, RequirementCategory } from '@zl/shared';
import { formatFen, PAY_PLAN_DEFAULT, PAY_PLAN_FULL_PREPAY, splitPlan, stageKindLabels } from '@zl/shared';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setNavigator } from '../../../lib/navigation.ts';
import { createQueryClient } from '../../../lib/query-client.ts';
import { stubBrowser } from '../../../lib/test-env.ts';
import { envelope, fakeFeedback, jsonResponse, mockFetch } from '../../../lib/test-utils.ts';
import { lowestQuoteIds, planPreview, QuoteCompare } from './quote-compare.tsx';

configure({ asyncUtilTimeout: 10_000 });

function quote(quoteId: number, company: string, total: number, status = 0): Quote {
  return {
    quoteId,
    supplier: {
      cardno: `1000000${quoteId}`,
      // the verified name; the nickname and the profile's free-text company are not shown
      name: company,
      nickname: `用户000${quoteId}`,
      company: `资料里的公司${quoteId}`,
      score: 4.5,
      personauth: 1,
      businsauth: quoteId === 2 ? 1 : 3,
      trackRecord: {
        completed: quoteId - 1,
        onTimeRate: quoteId === 1 ? null : 0.5,
        readyCounted: 0,
        complaintsUpheld: 0,
      },
    },
    subtotals: { dimian: total - 10000, zulin: 10000 },
    total,
    days: 5 + quoteId,
    remark: `${company}的说明`,
    attachments: [],
    status,
    created: '2026-11-22T02:00:00Z',
    updated: '2026-11-22T02:00:00Z',
    lines: {
      dimian: [{ name: '地台', spec: '', unit: 'm²', qty: 27, price: 1000, amount: 27000, remark: '' }],
      zulin: [{ name: '桌椅', spec: '', unit: '套', qty: 2, price: 5000, amount: 10000, remark: '' }],
    },
  };
}

const QUOTES = [quote(1, '甲搭建', 3_850_000), quote(2, '乙展览', 3_612_345), quote(3, '丙工厂', 4_000_000)];

function renderCompare(quotes: Quote[], canAward = true) {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <QuoteCompare projectId={42} quotes={quotes} canAward={canAward} />
    </QueryClientProvider>,
  );
}

function renderWithPlan(payPlan: PayPlan, quotes = QUOTES) {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <QuoteCompare projectId={42} quotes={quotes} canAward payPlan={payPlan} />
    </QueryClientProvider>,
  );
}

/** The 付款计划 row's cells, one per quote, as [kind, text] per stage. */
function planCells() {
  const row = screen.getByRole('rowheader', { name: '付款计划' }).closest('tr') as HTMLElement;
  return within(row)
    .getAllByRole('cell')
    .map((c) =>
      [...c.querySelectorAll('[data-stage]')].map((s) => [
        s.getAttribute('data-stage'),
        (s.textContent ?? '').replace(/^ · /, ''),
      ]),
    );
}

function renderCompareRequested(requested: RequirementCategory[]) {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <QuoteCompare projectId={42} quotes={QUOTES} canAward requested={requested} />
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  stubBrowser();
  fakeFeedback();
});
afterEach(() => vi.unstubAllGlobals());

describe('quote comparison', { timeout: 30_000 }, () => {
  it('finds the lowest total (ties included, withdrawn quotes ignored)', () => {
    expect([...lowestQuoteIds(QUOTES)]).toEqual([2]);
    expect([...lowestQuoteIds([quote(1, 'a', 5), quote(2, 'b', 5), quote(3, 'c', 1, 3)])]).toEqual([1, 2]);
  });

  it('shows one column per supplier, totals in ¥ with two decimals, and marks the lowest', () => {
    renderCompare(QUOTES);
    const heads = screen.getAllByRole('columnheader').map((h) => h.textContent ?? '');
    expect(heads.slice(1).map((h) => h.slice(0, 3))).toEqual(['甲搭建', '乙展览', '丙工厂']);
    const totalRow = screen.getByRole('rowheader', { name: '报价合计' }).closest('tr') as HTMLElement;
    const cells = within(totalRow).getAllByRole('cell');
    expect(cells.map((c) => c.textContent)).toEqual(['¥38,500.00', '¥36,123.45最低价', '¥40,000.00']);
    expect(cells[1]?.className).toContain('zl-cmp-best');
    expect(cells[0]?.className).not.toContain('zl-cmp-best');
    expect(screen.getAllByText('最低价')).toHaveLength(1);
    // each supplier's name opens its showroom in a new tab (docs/showroom.md)
    const link = screen.getByRole('link', { name: '乙展览' });
    expect(link.getAttribute('href')).toBe('/show?id=10000002');
    expect(link.getAttribute('target')).toBe('_blank');
  });

  it('lists only the categories the customer asked for: no ¥0.00 rows for the others', () => {
    render(
      <QueryClientProvider client={createQueryClient()}>
        <QuoteCompare projectId={42} quotes={QUOTES} canAward requested={['dimian', 'zulin']} />
      </QueryClientProvider>,
    );
    const rowHeads = screen.getAllByRole('rowheader').map((h) => h.textContent);
    expect(rowHeads.slice(0, 3)).toEqual(['地面', '租赁', '报价合计']);
    for (const never of ['背板', '门头', '展示', '接待', '美工']) expect(rowHeads).not.toContain(never);
    expect(screen.queryByText('¥0.00')).toBeNull();
  });

  it('a requested category priced at 0 by everyone still shows', () => {
    renderCompareRequested(['dimian', 'beiban', 'zulin']);
    expect(screen.getAllByRole('rowheader').map((h) => h.textContent)).toContain('背板');
  });

  it('a closed project with no quotes does not promise quotes', () => {
    renderCompare([], false);
    expect(screen.getByText('没有收到报价')).toBeTruthy();
    expect(screen.queryByText(/会陆续收到报价/)).toBeNull();
  });

  it('expands the priced lines on demand', () => {
    renderCompare(QUOTES);
    expect(screen.queryAllByText(/27m² × ¥10.00 = ¥270.00/)).toHaveLength(0);
    fireEvent.click(screen.getByRole('switch'));
    expect(screen.getAllByText(/27m² × ¥10.00 = ¥270.00/)).toHaveLength(3);
  });

  it('names each supplier by its verified name, never its nickname or unverified profile company', () => {
    renderCompare(QUOTES);
    expect(screen.getByRole('link', { name: '甲搭建' })).toBeTruthy();
    expect(screen.queryByText(/用户000/)).toBeNull();
    expect(screen.queryByText(/资料里的公司/)).toBeNull();
  });

  it('an unverified customer is told before the click, with a link to verify, and cannot award', () => {
    render(
      <QueryClientProvider client={createQueryClient()}>
        <MemoryRouter>
          <QuoteCompare projectId={42} quotes={QUOTES} canAward verified={false} />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    expect(screen.getByText('选标前请先完成实名认证或企业认证')).toBeTruthy();
    expect(screen.getByRole('link', { name: '去认证' }).getAttribute('href')).toBe(
      '/customer/security_person',
    );
    for (const b of screen.getAllByRole('button', { name: /^选他中标：/ }))
      expect((b as HTMLButtonElement).disabled).toBe(true);
  });

  it('awards after confirmation and sends {id, quoteId}', async () => {
    const fetchMock = mockFetch((url) =>
      url.endsWith('Customer/award')
        ? jsonResponse(envelope('success', { project: { id: 42, status: 2 }, winner: QUOTES[1] }))
        : jsonResponse(envelope('success', null)),
    );
    renderCompare(QUOTES);
    fireEvent.click(screen.getByRole('button', { name: '选他中标：乙展览' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('¥36,123.45');
    expect(fetchMock).not.toHaveBeenCalled();
    fireEvent.click(within(dialog).getByRole('button', { name: /确认中标/ }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toMatch(/\/Customer\/award$/);
    expect(JSON.parse(String(init.body))).toEqual({ id: 42, quoteId: 2 });
  });

  it("联系 opens the customer's thread with that bidder (its cardno) and goes to 会话; once on a double click", async () => {
    const fetchMock = mockFetch((url) =>
      url.endsWith('Customer/openThread')
        ? jsonResponse(envelope('success', { id: 31, projectId: 42 }))
        : jsonResponse(envelope('success', null)),
    );
    const went: string[] = [];
    setNavigator((to) => went.push(to));
    try {
      renderCompare(QUOTES);
      const button = screen.getByRole('button', { name: '联系 乙展览' });
      fireEvent.click(button);
      fireEvent.click(button);
      await waitFor(() => expect(went).toEqual(['/customer/message?thread=31']));
      const sent = fetchMock.mock.calls.filter(([u]) => String(u).endsWith('Customer/openThread'));
      expect(sent).toHaveLength(1);
      expect(JSON.parse(String((sent[0]![1] as RequestInit).body))).toEqual({
        id: 42,
        supplierCardno: '10000002',
      });
    } finally {
      setNavigator(null);
    }
  });

  it('after the award: the winner is marked, the others greyed, no award buttons', () => {
    renderCompare(
      [quote(1, '甲搭建', 3_850_000, 2), quote(2, '乙展览', 3_612_345, 1), quote(3, '丙工厂', 4_000_000, 2)],
      false,
    );
    expect(screen.queryByRole('button', { name: /中标/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /^联系/ })).toBeNull();
    const heads = screen.getAllByRole('columnheader');
    expect(heads[2]?.className).toContain('zl-cmp-won');
    expect(heads[1]?.className).toContain('zl-cmp-lost');
    expect(heads[3]?.className).toContain('zl-cmp-lost');
    expect(within(heads[2] as HTMLElement).getByText('中标')).toBeTruthy();
  });

  it('shows each total split by the payment plan, the amounts of splitPlan, before the award', () => {
    const plan = { prepay: 30, progress: 40, final: 30, retention: 5 };
    renderWithPlan(plan);
    const cells = planCells();
    expect(cells).toHaveLength(QUOTES.length);
    QUOTES.forEach((q, i) => {
      const stages = splitPlan(q.total, plan);
      expect(stages.reduce((t, s) => t + s.amount, 0)).toBe(q.total);
      expect(cells[i]).toEqual(
        stages.map((s) => [s.kind, `${stageKindLabels[s.kind]} ${formatFen(s.amount)}`]),
      );
    });
    // 乙展览 ¥36,123.45 at 30 / 40 / 25 + 5: the rounding rest is on the last stage
    expect(cells[1]?.map(([, t]) => t)).toEqual([
      '预付款 ¥10,837.03',
      '进场款 ¥14,449.38',
      '尾款 ¥9,030.86',
      '质保金 ¥1,806.18',
    ]);
  });

  it('a full prepayment plan is one stage, the whole total; no plan given, no row', () => {
    const view = renderWithPlan(PAY_PLAN_FULL_PREPAY);
    expect(planCells()).toEqual(QUOTES.map((q) => [['prepay', `预付款 ${formatFen(q.total)}`]]));
    view.unmount();
    renderCompare(QUOTES);
    expect(screen.queryByRole('rowheader', { name: '付款计划' })).toBeNull();
  });

  it('the award dialog repeats what the plan makes of the chosen total', async () => {
    renderWithPlan(PAY_PLAN_DEFAULT);
    fireEvent.click(screen.getByRole('button', { name: '选他中标：丙工厂' }));
    const line = await screen.findByTestId('award-plan');
    expect(line.textContent).toBe(
      `按付款计划：${planPreview(4_000_000, PAY_PLAN_DEFAULT)
        .map((s) => `${stageKindLabels[s.kind]} ${formatFen(s.amount)}`)
        .join(' · ')}`,
    );
    expect(line.textContent).toBe('按付款计划：预付款 ¥12,000.00 · 进场款 ¥16,000.00 · 尾款 ¥12,000.00');
  });
});
