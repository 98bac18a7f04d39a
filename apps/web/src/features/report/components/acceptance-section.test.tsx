import { QueryClientProvider } from '@tanstack/react-query';
import { configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { PayPlanResult, ReportInfo, ReportLineView } from '@zl/shared';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../lib/query-client.ts';
import { stubBrowser } from '../../../lib/test-env.ts';
import { payPlanFixture } from '../../../lib/test-pay-plan.ts';
import { envelope, fakeFeedback, jsonResponse, mockFetch } from '../../../lib/test-utils.ts';
import { AcceptanceSection } from './acceptance-section.tsx';

configure({ asyncUtilTimeout: 10_000 });

const line = (key: string, name: string, state: ReportLineView['state'] = 'pending'): ReportLineView => ({
  line: key,
  category: key.split(':')[0]!,
  categoryName: key.startsWith('dimian') ? '地面' : '背板',
  index: 0,
  name,
  spec: '',
  unit: '㎡',
  qty: 10,
  price: 1000,
  amount: 10_000,
  photos: [{ id: 'p'.repeat(22), url: '/files/x', thumbUrl: '/files/x/thumb' }],
  note: '',
  state,
  reason: '',
  round: 1,
  submittedAt: null,
  reviewedAt: null,
});

function info(over: Partial<ReportInfo> = {}): ReportInfo {
  return {
    id: 7,
    orders: 'P202611230001',
    title: '展台',
    status: 5,
    reportck: 1,
    reportdate: '2026-11-22T12:00:00.000Z',
    role: 'customer',
    workpic: [],
    reports: [],
    remark: '',
    round: 1,
    lines: [line('dimian:0', '木地台'), line('beiban:0', '背景墙')],
    total: 20_000,
    prepayp: 600_000,
    complaintOpen: false,
    autoAcceptAt: '2026-11-29T12:00:00.000Z',
    accepted: null,
    ...over,
  };
}

function serve(data: ReportInfo, plan: PayPlanResult | null = null, review?: () => Response) {
  return mockFetch((url) => {
    if (url.endsWith('Projectcenter/reportInfo')) return jsonResponse(envelope('success', data));
    if (url.endsWith('Projectcenter/payPlan')) return jsonResponse(envelope('success', plan));
    if (url.endsWith('Customer/reportReview'))
      return review
        ? review()
        : jsonResponse(envelope('success', { status: 4, reportck: 3, released: 0, commission: 0 }));
    return jsonResponse(envelope('success', null));
  });
}

/** The fixture's plan with every stage paid (nothing stands in the acceptance's way). */
function paidPlan(): PayPlanResult {
  const plan = payPlanFixture();
  return {
    ...plan,
    stages: plan.stages.map((s) =>
      s.status === 'due' ? { ...s, status: 'paid', overdue: false, payable: false, paidAt: s.due } : s,
    ),
    escrow: { held: 750_000, released: 250_000, due: 0, overdue: 0 },
  };
}

function renderSection() {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>
        <AcceptanceSection projectId={7} status={5} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  stubBrowser();
  fakeFeedback();
});
afterEach(() => vi.unstubAllGlobals());

describe('验收 on the customer project page', { timeout: 30_000 }, () => {
  it('flags one line with a reason and sends exactly the decisions', async () => {
    const fetchMock = serve(info());
    renderSection();
    expect(await screen.findByText('木地台')).toBeTruthy();
    const reviewCalls = () =>
      fetchMock.mock.calls.filter(([u]) => String(u).endsWith('Customer/reportReview'));
    // nothing decided: 提交整改意见 is disabled, 全部通过并验收 asks for decisions first
    fireEvent.click(screen.getByRole('button', { name: '全部通过并验收' }));
    expect((await screen.findAllByText('请选择通过或有问题')).length).toBe(2);
    expect(reviewCalls()).toHaveLength(0);
    fireEvent.click(screen.getAllByText('通过', { selector: 'span' })[0]!);
    fireEvent.click(screen.getAllByText('有问题', { selector: 'span' })[1]!);
    // a flagged line blocks the acceptance; a too-short reason blocks the rework
    expect(screen.getByRole('button', { name: '全部通过并验收' }).hasAttribute('disabled')).toBe(true);
    fireEvent.change(screen.getByLabelText('背景墙 整改原因'), { target: { value: '差' } });
    fireEvent.click(screen.getByRole('button', { name: '提交整改意见' }));
    expect(await screen.findByText(/至少 2 个字/)).toBeTruthy();
    expect(reviewCalls()).toHaveLength(0);
    fireEvent.change(screen.getByLabelText('背景墙 整改原因'), { target: { value: '颜色偏暗' } });
    fireEvent.click(screen.getByRole('button', { name: '提交整改意见' }));
    await waitFor(() => expect(reviewCalls()).toHaveLength(1));
    expect(JSON.parse(String(reviewCalls()[0]![1]!.body))).toEqual({
      id: 7,
      approve: false,
      lines: [
        { line: 'dimian:0', ok: true },
        { line: 'beiban:0', ok: false, reason: '颜色偏暗' },
      ],
    });
  });

  it('accepted: 已验收 with the amounts, no decision controls', async () => {
    serve(
      info({
        status: 6,
        reportck: 2,
        lines: [line('dimian:0', '木地台', 'ok'), line('beiban:0', '背景墙', 'ok')],
        accepted: { at: '2026-11-23T12:00:00.000Z', by: 'customer', released: 600_000, commission: 30_000 },
      }),
    );
    renderSection();
    expect(await screen.findByText(/供应商实收 ¥5,700\.00/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: '全部通过并验收' })).toBeNull();
  });

  it('a stage unpaid: says so before the customer tries, and 全部通过并验收 waits', async () => {
    const fetchMock = serve(info(), payPlanFixture());
    renderSection();
    expect(
      await screen.findByText('尾款、质保金未支付（¥4,000.00）：请先在付款计划中支付，再验收'),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: '去支付' }).getAttribute('href')).toBe(
      '/customer/project?id=7#stages',
    );
    fireEvent.click(screen.getByRole('button', { name: '全部标为通过' }));
    const approve = screen.getByRole('button', { name: '全部通过并验收' });
    expect(approve.hasAttribute('disabled')).toBe(true);
    fireEvent.click(approve);
    expect(fetchMock.mock.calls.some(([u]) => String(u).endsWith('Customer/reportReview'))).toBe(false);
  });

  it('the server refuses for an unpaid stage: its words and the way to 付款计划', async () => {
    serve(info(), paidPlan(), () =>
      jsonResponse(
        envelope(
          'INVALID_STATE',
          { status: 5, href: '/customer/project?id=7#stages' },
          { errorMessage: '尾款未支付（¥3,000.00）：请先在项目页支付，再验收' },
        ),
      ),
    );
    renderSection();
    expect(await screen.findByText('木地台')).toBeTruthy();
    await waitFor(() => expect(screen.queryByText(/未支付（/)).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: '全部标为通过' }));
    fireEvent.click(screen.getByRole('button', { name: '全部通过并验收' }));
    // the confirmation names what the acceptance releases now: the held stages but the 质保金
    expect(
      await screen.findByText(/托管中的 ¥6,500\.00 将扣除平台佣金后结算给供应商，质保金 ¥1,000\.00/),
    ).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: '确认验收' }));
    expect(await screen.findByText('尾款未支付（¥3,000.00）：请先在项目页支付，再验收')).toBeTruthy();
    expect(screen.getByRole('link', { name: '去支付' }).getAttribute('href')).toBe(
      '/customer/project?id=7#stages',
    );
  });

  it('a complaint open: the acceptance is frozen', async () => {
    serve(info({ complaintOpen: true }));
    renderSection();
    expect(await screen.findByText('该项目有未处理的投诉，托管款已冻结，暂不能验收')).toBeTruthy();
    expect(screen.getByRole('button', { name: '全部通过并验收' }).hasAttribute('disabled')).toBe(true);
  });
});
