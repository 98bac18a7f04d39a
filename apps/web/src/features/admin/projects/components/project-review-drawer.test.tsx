import { QueryClientProvider } from '@tanstack/react-query';
import { configure, render, screen } from '@testing-library/react';
import type { AdminProjectDetail } from '@zl/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../../lib/query-client.ts';
import { stubBrowser } from '../../../../lib/test-env.ts';
import { projectFixture } from '../../../../lib/test-project.ts';
import { envelope, jsonResponse, mockFetch } from '../../../../lib/test-utils.ts';
import { ProjectReviewDrawer } from './project-review-drawer.tsx';

configure({ asyncUtilTimeout: 10_000 });

function detail(over: Partial<AdminProjectDetail> = {}): AdminProjectDetail {
  return {
    ...projectFixture({ status: 0, statusText: '待审核', checked: 0 }),
    customer: {
      cardno: '20000002',
      name: '华东会展有限公司',
      nickname: '华东',
      mobile: '13900000002',
      company: '华东会展有限公司',
      realname: '',
      personauth: 3,
      businsauth: 1,
    },
    suggestedCoins: 5,
    quoteCount: 0,
    ...over,
  };
}

function renderDrawer(d: AdminProjectDetail) {
  mockFetch((url) =>
    url.endsWith('Admin/projectDetail')
      ? jsonResponse(envelope('success', d))
      : jsonResponse(envelope('success', null)),
  );
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <ProjectReviewDrawer id={d.id} onClose={() => {}} onDecided={() => {}} />
    </QueryClientProvider>,
  );
}

/** The 项目信息 list as label → text. */
function facts(): Record<string, string> {
  const out: Record<string, string> = {};
  for (const label of document.querySelectorAll('.ant-descriptions-item-label')) {
    const content = label.parentElement?.querySelector('.ant-descriptions-item-content');
    out[label.textContent ?? ''] = content?.textContent ?? '';
  }
  return out;
}

beforeEach(() => stubBrowser());
afterEach(() => vi.unstubAllGlobals());

describe('项目审核 drawer', { timeout: 30_000 }, () => {
  it('before the award: the plan the customer chose, never a 预付款 figure', async () => {
    // a pending project: no prepayment yet (and a stale figure from before 付款计划 is not shown)
    renderDrawer(
      detail({ prepay: 2_000_000, payPlan: { prepay: 20, progress: 50, final: 30, retention: 5 } }),
    );
    expect(await screen.findByText('付款计划')).toBeTruthy();
    const f = facts();
    expect(f.付款计划).toBe('预付款 20% · 进场款 50% · 尾款 30%（含质保金 5%）');
    expect(f).not.toHaveProperty('预付款');
    expect(f).not.toHaveProperty('合同金额');
    expect(document.body.textContent).not.toMatch(/¥/);
  });

  it('after the award: the contract amount and the first stage too', async () => {
    renderDrawer(
      detail({ status: 2, statusText: '已中标', checked: 1, prepay: 300_000, contractAmount: 1_000_000 }),
    );
    expect(await screen.findByText('付款计划')).toBeTruthy();
    const f = facts();
    expect(f.付款计划).toBe('预付款 30% · 进场款 40% · 尾款 30%');
    expect(f.合同金额).toBe('¥10,000.00');
    expect(f.预付款).toBe('¥3,000.00');
  });
});
