import { QueryClientProvider } from '@tanstack/react-query';
import { configure, render, screen } from '@testing-library/react';
import type { ProjectDetail as Project } from '@zl/shared';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../lib/query-client.ts';
import { stubBrowser } from '../../../lib/test-env.ts';
import { payPlanFixture } from '../../../lib/test-pay-plan.ts';
import { projectFixture } from '../../../lib/test-project.ts';
import { envelope, jsonResponse, mockFetch } from '../../../lib/test-utils.ts';
import { projectActions } from '../lib/status.tsx';
import ProjectPage from './project-page.tsx';

configure({ asyncUtilTimeout: 10_000 });

function serve(p: Project, invoices: unknown = null, plan: unknown = null, changes: unknown = null) {
  return mockFetch((url) => {
    if (url.endsWith('Projectcenter/changeOrderList')) return jsonResponse(envelope('success', changes));
    if (url.endsWith('Customer/projectInfo')) return jsonResponse(envelope('success', p));
    if (url.endsWith('Projectcenter/payPlan')) return jsonResponse(envelope('success', plan));
    if (url.endsWith('Customer/quoteList'))
      return jsonResponse(envelope('success', { listItem: [], total: 0, page: 1 }));
    if (url.endsWith('Invoice/list') && invoices) return jsonResponse(envelope('success', invoices));
    return jsonResponse(envelope('success', null));
  });
}

function renderPage() {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={['/customer/project?id=7']}>
        <ProjectPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

beforeEach(() => stubBrowser());
afterEach(() => vi.unstubAllGlobals());

describe('a closed project on the customer pages', { timeout: 30_000 }, () => {
  it.each([
    ['cancelled', '项目已取消'],
    ['rejected', '审核未通过'],
    ['expired', '竞标已截止且未选择中标方'],
  ])('%s: no 比价, no promise of quotes', async (closedBy, notice) => {
    const fetchMock = serve(
      projectFixture({ status: 7, closedBy, checked: closedBy === 'rejected' ? 2 : 1, statusText: '已关闭' }),
    );
    renderPage();
    expect(await screen.findByText(new RegExp(notice))).toBeTruthy();
    expect(screen.queryByText('报价对比')).toBeNull();
    expect(screen.queryByText(/会陆续收到报价/)).toBeNull();
    expect(fetchMock.mock.calls.some(([u]) => String(u).endsWith('Customer/quoteList'))).toBe(false);
    expect(fetchMock.mock.calls.some(([u]) => String(u).endsWith('Invoice/list'))).toBe(false);
    expect(fetchMock.mock.calls.some(([u]) => String(u).endsWith('changeOrderList'))).toBe(false);
    expect(projectActions({ status: 7, closedBy }).compare).toBe(false);
  });

  it('the bid deadline shows only until bidding is over (docs/web.md "Bid deadline")', async () => {
    serve(projectFixture({ status: 4, statusText: '施工中' }));
    const { unmount } = renderPage();
    // the project's facts (the delivery timeline keeps its 竞标截止 milestone as history)
    const labels = () =>
      [...document.querySelectorAll('.ant-descriptions-item-label')].map((e) => e.textContent ?? '');
    expect(await screen.findByText('展馆')).toBeTruthy();
    expect(labels()).not.toContain('竞标截止');
    unmount();
    serve(projectFixture());
    renderPage();
    expect(await screen.findByText('展馆')).toBeTruthy();
    expect(labels()).toContain('竞标截止');
  });

  it('展期: the build-in, the show and teardown, and 施工押金 when there is one', async () => {
    const p = projectFixture({
      sdate: '2099-12-01',
      edate: '2099-12-03',
      buildStart: '2099-11-29T00:00:00.000Z',
      buildEnd: '2099-11-30T14:00:00.000Z',
      teardownStart: '2099-12-03T09:00:00.000Z',
      teardownEnd: '2099-12-03T15:00:00.000Z',
      deposit: 300000,
    });
    serve(p);
    renderPage();
    const block = await screen.findByTestId('show-dates');
    expect(block.previousElementSibling?.textContent).toBe('展期');
    const text = block.textContent ?? '';
    expect(text).toContain('进场布展2099-11-29 08:00 – 11-30 22:00');
    expect(text).toContain('开展2099-12-01 – 12-03');
    expect(text).toContain('撤场2099-12-03 17:00 – 23:00');
    expect(text).toContain('施工押金¥3,000.00');
    // no 报馆截止, 馆号 or 展位号 were given
    expect(text).not.toMatch(/报馆截止|馆号|展位号/);
  });

  it('bidding: the comparison is there and says quotes will come', async () => {
    const fetchMock = serve(projectFixture());
    renderPage();
    expect(await screen.findByText('报价对比')).toBeTruthy();
    expect(await screen.findByText(/会陆续收到报价/)).toBeTruthy();
    expect(projectActions({ status: 1 }).compare).toBe(true);
    // no payment plan and no change orders before the award
    expect(fetchMock.mock.calls.some(([u]) => String(u).endsWith('Projectcenter/payPlan'))).toBe(false);
    expect(fetchMock.mock.calls.some(([u]) => String(u).endsWith('changeOrderList'))).toBe(false);
  });

  it("awarded: 联系供应商 beside the winner opens the project's conversation (docs/conversation.md)", async () => {
    const p = projectFixture({ status: 2, statusText: '已选标' });
    mockFetch((url) => {
      if (url.endsWith('Customer/projectInfo')) return jsonResponse(envelope('success', p));
      if (url.endsWith('Projectcenter/winnerInfo'))
        return jsonResponse(
          envelope('success', {
            awarded: true,
            winner: {
              cardno: '10000001',
              name: '华展工厂',
              score: null,
              trackRecord: { completed: 0, onTimeRate: null, complaintsUpheld: 0 },
            },
            contact: null,
          }),
        );
      return jsonResponse(envelope('success', null));
    });
    renderPage();
    const link = await screen.findByRole('link', { name: /联系供应商/ });
    expect(link.getAttribute('href')).toBe('/customer/message?project=7');
  });

  it('awarded: 付款计划 at #stages with the stages and 支付 (docs/staged-escrow.md)', async () => {
    serve(projectFixture({ status: 4, statusText: '施工中' }), null, payPlanFixture());
    renderPage();
    const stages = await screen.findByRole('region', { name: '付款计划' });
    expect(stages.id).toBe('stages');
    expect(stages.textContent).toContain('尾款 30%');
    expect(screen.getByRole('button', { name: '支付尾款 ¥3,000.00' })).toBeTruthy();
  });

  it('awarded: 变更单 at #changes with 同意 and 拒绝 on a pending order', async () => {
    serve(projectFixture({ status: 4, statusText: '施工中' }), null, payPlanFixture(), {
      listItem: [
        {
          id: 5,
          seq: 1,
          kind: 'add',
          kindText: '增项',
          status: 'pending',
          statusText: '待确认',
          lines: [
            {
              category: 'beiban',
              categoryName: '背板',
              name: '背板加高',
              spec: '',
              unit: '㎡',
              qty: 2,
              price: 50_000,
              amount: 100_000,
            },
          ],
          amount: 100_000,
          reason: '现场要求加高',
          photos: [],
          reviewReason: '',
          createdAt: '2026-11-27T02:00:00.000Z',
          reviewedAt: null,
          contractBefore: null,
          contractAfter: null,
          refunded: 0,
          pdfUrl: null,
        },
      ],
      contractAmount: 1_000_000,
      role: 'customer',
      canAdd: false,
      reducible: 400_000,
    });
    renderPage();
    const panel = await screen.findByRole('region', { name: '变更单' });
    expect(panel.id).toBe('changes');
    expect(panel.textContent).toContain('背板加高');
    expect(screen.getByRole('button', { name: /^同\s*意$/ })).toBeTruthy();
    expect(screen.getByRole('button', { name: /^拒\s*绝$/ })).toBeTruthy();
  });

  it('施工中: 现场 at #site with the timeline and 确认进场 (docs/site.md); not before 签约中', async () => {
    const site = {
      listItem: [
        {
          id: 1,
          kind: 'checkin',
          photos: [],
          note: '',
          at: '2026-11-25T01:30:00.000Z',
          lat: null,
          lng: null,
          confirmedAt: null,
          confirmedBy: null,
        },
      ],
      role: 'customer',
      checkInOpens: '2026-11-24T16:00:00.000Z',
      showOpens: '2026-11-27T16:00:00.000Z',
      canCheckIn: false,
      canLog: false,
      canReady: false,
      canConfirm: true,
      onTime: null,
    };
    const answer = (p: Project) =>
      mockFetch((url) => {
        if (url.endsWith('Projectcenter/siteTimeline')) return jsonResponse(envelope('success', site));
        if (url.endsWith('Customer/projectInfo')) return jsonResponse(envelope('success', p));
        return jsonResponse(envelope('success', null));
      });
    answer(projectFixture({ status: 4, statusText: '施工中' }));
    const { unmount } = renderPage();
    const panel = await screen.findByRole('region', { name: '现场' });
    expect(panel.id).toBe('site');
    expect(panel.textContent).toContain('已进场（待参展商确认）');
    expect(screen.getByRole('button', { name: /确认进场$/ })).toBeTruthy();
    unmount();

    const fetchMock = answer(projectFixture({ status: 2, statusText: '已选标' }));
    renderPage();
    expect(await screen.findByText('展馆')).toBeTruthy();
    expect(screen.queryByRole('region', { name: '现场' })).toBeNull();
    expect(fetchMock.mock.calls.some(([u]) => String(u).endsWith('siteTimeline'))).toBe(false);
  });

  it('awarded: 发票 with what may be invoiced and the form (docs/invoices.md)', async () => {
    serve(projectFixture({ status: 4, statusText: '施工中' }), {
      listItem: [],
      total: 0,
      page: 1,
      request: {
        paid: 1_280_000,
        invoiceable: 1_280_000,
        prefill: { title: '深圳华科电子有限公司', taxNo: '', bank: '', bankAccount: '' },
      },
    });
    renderPage();
    const panel = await screen.findByRole('region', { name: '发票' });
    expect(panel.textContent).toContain('暂无发票申请');
    expect(panel.textContent).toContain('可开票金额 ¥12,800.00');
    expect(screen.getByRole('button', { name: /提交申请/ })).toBeTruthy();
  });
});
