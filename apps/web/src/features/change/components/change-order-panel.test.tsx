import { QueryClientProvider } from '@tanstack/react-query';
import { configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ChangeOrder, ChangeOrderListResult } from '@zl/shared';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setNavigator } from '../../../lib/navigation.ts';
import { createQueryClient } from '../../../lib/query-client.ts';
import { stubBrowser } from '../../../lib/test-env.ts';
import { payPlanFixture } from '../../../lib/test-pay-plan.ts';
import { envelope, fakeFeedback, jsonResponse, mockFetch } from '../../../lib/test-utils.ts';
import { ChangeOrderPanel } from './change-order-panel.tsx';

configure({ asyncUtilTimeout: 10_000 });

const PHOTO = 'p'.repeat(22);

const ORDER = (over: Partial<ChangeOrder> = {}): ChangeOrder => ({
  id: 1,
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
      spec: '0.5 米，木结构喷白',
      unit: '㎡',
      qty: 12,
      price: 8_550,
      amount: 102_600,
    },
    {
      category: 'meigong',
      categoryName: '美工',
      name: '加高部分喷绘',
      spec: '',
      unit: '项',
      qty: 1,
      price: 47_400,
      amount: 47_400,
    },
  ],
  amount: 150_000,
  reason: '参展商现场要求背板加高 0.5 米',
  photos: [{ id: PHOTO, url: `/files/${PHOTO}`, thumbUrl: `/files/${PHOTO}?thumb=1` }],
  reviewReason: '',
  createdAt: '2026-11-27T02:00:00.000Z',
  reviewedAt: null,
  contractBefore: null,
  contractAfter: null,
  refunded: 0,
  pdfUrl: null,
  ...over,
});

const LIST = (over: Partial<ChangeOrderListResult> = {}): ChangeOrderListResult => ({
  listItem: [],
  contractAmount: 1_000_000,
  role: 'supplier',
  canAdd: true,
  reducible: 400_000,
  ...over,
});

function renderPanel(side: 'customer' | 'supplier', before?: React.ReactNode) {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>
        {before}
        <ChangeOrderPanel projectId={9} side={side} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const sent = (calls: unknown[][], path: string) =>
  calls
    .filter(([u]) => String(u).endsWith(path))
    .map(([, init]) => ({
      body: JSON.parse(String((init as RequestInit).body)) as Record<string, unknown>,
      key: ((init as RequestInit).headers as Record<string, string>)['Idempotency-Key'],
    }));

const callsTo = (calls: unknown[][], path: string) => calls.filter(([u]) => String(u).endsWith(path)).length;

/** Picks `label` in the antd Select of `row`. */
async function choose(row: HTMLElement, label: string) {
  fireEvent.mouseDown(within(row).getByRole('combobox'));
  const option = await waitFor(() => {
    // the dropdown just opened is the last one in the document
    const found = [...document.querySelectorAll<HTMLElement>('.ant-select-item-option')]
      .filter((o) => o.getAttribute('title') === label)
      .at(-1);
    if (!found) throw new Error(`no option ${label}`);
    return found;
  });
  fireEvent.click(option);
}

const errorsIn = (el: Element) =>
  [...el.querySelectorAll('.ant-form-item-explain-error')].map((e) => e.textContent ?? '');

let feedback: ReturnType<typeof fakeFeedback>;
beforeEach(() => {
  stubBrowser();
  feedback = fakeFeedback();
});
afterEach(() => vi.unstubAllGlobals());

describe('变更单', { timeout: 40_000 }, () => {
  it('the supplier reads each order: lines, 合计, reason, photos, the outcome and the 补充协议', async () => {
    mockFetch(() =>
      jsonResponse(
        envelope(
          'success',
          LIST({
            listItem: [
              ORDER({ id: 3, seq: 3 }),
              ORDER({
                id: 2,
                seq: 2,
                kind: 'reduce',
                kindText: '减项',
                status: 'approved',
                statusText: '已同意',
                lines: [
                  {
                    category: 'zulin',
                    categoryName: '租赁',
                    name: '取消射灯租赁',
                    spec: '',
                    unit: '盏',
                    qty: 10,
                    price: 8_000,
                    amount: 80_000,
                  },
                ],
                amount: 80_000,
                photos: [],
                reviewedAt: '2026-11-28T03:00:00.000Z',
                contractBefore: 1_080_000,
                contractAfter: 1_000_000,
                refunded: 30_000,
                pdfUrl: '/api/Projectcenter/changeOrderPdf?id=9&orderId=2',
              }),
              ORDER({
                status: 'rejected',
                statusText: '已拒绝',
                reviewReason: '加高不在原设计范围内',
                reviewedAt: '2026-11-27T06:00:00.000Z',
              }),
            ],
          }),
        ),
      ),
    );
    renderPanel('supplier');
    const panel = await screen.findByRole('region', { name: '变更单' });
    expect(panel.id).toBe('changes');
    expect(panel.querySelector('.zl-chg-contract')?.textContent).toBe('当前合同金额 ¥10,000.00');
    expect(within(panel).getByRole('button', { name: /提出变更/ })).toBeTruthy();

    const pending = within(panel).getByRole('listitem', { name: '变更单 3' });
    expect(within(pending).getByText('增项')).toBeTruthy();
    expect(within(pending).getByText('待确认')).toBeTruthy();
    const table = within(pending).getByRole('table', { name: '变更明细' });
    expect([...table.querySelectorAll('th')].map((th) => th.textContent)).toEqual([
      '类别',
      '名称',
      '规格',
      '数量',
      '单价',
      '金额',
    ]);
    const first = within(table).getAllByRole('row')[1]!;
    expect([...first.querySelectorAll('td')].map((td) => td.textContent)).toEqual([
      '背板',
      '背板加高',
      '0.5 米，木结构喷白',
      '12 ㎡',
      '¥85.50',
      '¥1,026.00',
    ]);
    expect(within(table).getByText('¥1,500.00')).toBeTruthy();
    expect(within(pending).getByText('参展商现场要求背板加高 0.5 米')).toBeTruthy();
    expect(within(pending).getByRole('img', { name: '现场照片 1' }).getAttribute('src')).toBe(
      `/files/${PHOTO}?thumb=1`,
    );
    expect(within(pending).getByText('等待参展商确认')).toBeTruthy();
    expect(within(pending).queryByRole('button', { name: /同\s*意/ })).toBeNull();

    const approved = within(panel).getByRole('listitem', { name: '变更单 2' });
    expect(within(approved).getByText('减项')).toBeTruthy();
    expect(within(approved).getByText('−¥800.00', { exact: false })).toBeTruthy();
    expect(approved.querySelector('.zl-chg-approved')?.textContent).toContain(
      '合同金额 ¥10,800.00 → ¥10,000.00',
    );
    expect(approved.querySelector('.zl-chg-approved')?.textContent).toContain(
      '减项退款 ¥300.00，原路退回参展商的支付账户',
    );
    expect(
      within(approved)
        .getByRole('link', { name: /下载补充协议/ })
        .getAttribute('href'),
    ).toBe('/api/Projectcenter/changeOrderPdf?id=9&orderId=2');

    const rejected = within(panel).getByRole('listitem', { name: '变更单 1' });
    expect(within(rejected).getByText('已拒绝')).toBeTruthy();
    expect(within(rejected).getByText('加高不在原设计范围内')).toBeTruthy();
    expect(within(rejected).queryByRole('link', { name: /下载补充协议/ })).toBeNull();
  });

  it('提出变更: checks every field before sending, converts 元 to 分 exactly and sends once', async () => {
    let release: (r: Response) => void = () => {};
    const fetchMock = mockFetch((url) => {
      if (url.endsWith('changeOrderList')) return jsonResponse(envelope('success', LIST()));
      return new Promise<Response>((resolve) => {
        release = resolve;
      });
    });
    renderPanel('supplier');
    const panel = await screen.findByRole('region', { name: '变更单' });
    expect(within(panel).getByText(/可在此提出变更单/)).toBeTruthy();
    fireEvent.click(within(panel).getByRole('button', { name: /提出变更/ }));
    const dialog = await screen.findByRole('dialog');
    const ok = within(dialog).getByRole('button', { name: /提交变更单/ });

    // nothing filled in: every field says what it needs, nothing is sent
    fireEvent.change(within(dialog).getByLabelText('第 1 项单价'), { target: { value: '12.345' } });
    fireEvent.click(ok);
    await waitFor(() => expect(errorsIn(dialog)).toContain('请选择类别'));
    const errors = errorsIn(dialog);
    expect(errors).toContain('请输入项目名称');
    expect(errors).toContain('请输入单位');
    expect(errors).toContain('请输入正确的金额（最多两位小数）');
    expect(errors).toContain('请填写变更原因');
    expect(callsTo(fetchMock.mock.calls, 'changeOrderAdd')).toBe(0);

    // two lines; the amounts and the total follow the typing, in 分
    const row0 = within(dialog).getByTestId('change-line-0');
    await choose(row0, '背板');
    fireEvent.change(within(dialog).getByLabelText('第 1 项名称'), { target: { value: ' 背板加高 ' } });
    fireEvent.change(within(dialog).getByLabelText('第 1 项规格'), { target: { value: '0.5 米' } });
    fireEvent.change(within(dialog).getByLabelText('第 1 项单位'), { target: { value: '㎡' } });
    fireEvent.change(within(dialog).getByLabelText('第 1 项数量'), { target: { value: '3' } });
    fireEvent.change(within(dialog).getByLabelText('第 1 项单价'), { target: { value: '1,234.56' } });
    await waitFor(() =>
      expect(within(dialog).getByTestId('change-line-amount-0').textContent).toContain('¥3,703.68'),
    );
    fireEvent.click(within(dialog).getByRole('button', { name: /添加一项/ }));
    const row1 = await within(dialog).findByTestId('change-line-1');
    await choose(row1, '美工');
    fireEvent.change(within(dialog).getByLabelText('第 2 项名称'), { target: { value: '喷绘' } });
    fireEvent.change(within(dialog).getByLabelText('第 2 项单位'), { target: { value: '项' } });
    fireEvent.change(within(dialog).getByLabelText('第 2 项单价'), { target: { value: '0.1' } });
    await waitFor(() => expect(within(dialog).getByTestId('change-total').textContent).toBe('¥3,703.78'));
    fireEvent.change(within(dialog).getByLabelText('变更原因'), {
      target: { value: '  现场要求背板加高  ' },
    });

    fireEvent.click(ok);
    fireEvent.click(ok);
    await waitFor(() => expect(sent(fetchMock.mock.calls, 'changeOrderAdd')).toHaveLength(1));
    await waitFor(() => expect(ok.className).toMatch(/ant-btn-loading/));
    fireEvent.click(ok);
    release(
      jsonResponse(
        envelope(
          'VALIDATION_FAILED',
          { fields: { 'lines.1.price': '单价须精确到分', lines: '一张变更单最多 ¥10,000,000' } },
          { errorMessage: '单价须精确到分', showType: 1 },
        ),
        400,
      ),
    );
    expect(await within(row1).findByText('单价须精确到分')).toBeTruthy();
    expect(await within(dialog).findByText('一张变更单最多 ¥10,000,000')).toBeTruthy();
    const calls = sent(fetchMock.mock.calls, 'changeOrderAdd');
    expect(calls).toHaveLength(1);
    expect(calls[0]!.body).toEqual({
      id: 9,
      kind: 'add',
      lines: [
        { category: 'beiban', name: '背板加高', spec: '0.5 米', unit: '㎡', qty: 3, price: 123_456 },
        { category: 'meigong', name: '喷绘', spec: '', unit: '项', qty: 1, price: 10 },
      ],
      reason: '现场要求背板加高',
      photos: [],
    });
    expect(calls[0]!.key).toMatch(/^[\w-]{8,}$/);
    // on the fields, not a toast
    expect(feedback.message.error).not.toHaveBeenCalled();
  });

  it('a 减项 above what may be reduced is stopped before sending; within it, sent and the list read again', async () => {
    const fetchMock = mockFetch((url) => {
      if (url.endsWith('changeOrderList'))
        return jsonResponse(envelope('success', LIST({ reducible: 50_000 })));
      return jsonResponse(
        envelope('success', ORDER({ id: 4, seq: 4, kind: 'reduce', kindText: '减项', amount: 50_000 })),
      );
    });
    renderPanel('supplier');
    const panel = await screen.findByRole('region', { name: '变更单' });
    fireEvent.click(within(panel).getByRole('button', { name: /提出变更/ }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('radio', { name: '减项' }));
    expect(await within(dialog).findByText(/可减金额 ¥500.00/)).toBeTruthy();
    await choose(within(dialog).getByTestId('change-line-0'), '租赁');
    fireEvent.change(within(dialog).getByLabelText('第 1 项名称'), { target: { value: '取消射灯' } });
    fireEvent.change(within(dialog).getByLabelText('第 1 项单位'), { target: { value: '盏' } });
    fireEvent.change(within(dialog).getByLabelText('第 1 项数量'), { target: { value: '10' } });
    fireEvent.change(within(dialog).getByLabelText('第 1 项单价'), { target: { value: '80' } });
    fireEvent.change(within(dialog).getByLabelText('变更原因'), { target: { value: '射灯改用展馆自带' } });
    const ok = within(dialog).getByRole('button', { name: /提交变更单/ });
    fireEvent.click(ok);
    expect(await within(dialog).findByText('减项金额 ¥800.00 超过可减的 ¥500.00')).toBeTruthy();
    expect(callsTo(fetchMock.mock.calls, 'changeOrderAdd')).toBe(0);

    fireEvent.change(within(dialog).getByLabelText('第 1 项数量'), { target: { value: '6' } });
    fireEvent.click(ok);
    await waitFor(() =>
      expect(feedback.message.success).toHaveBeenCalledWith(
        '变更单 4 已提交（减项 ¥500.00），等待参展商确认',
      ),
    );
    const calls = sent(fetchMock.mock.calls, 'changeOrderAdd');
    expect(calls.map((c) => [c.body.kind, c.body.lines])).toEqual([
      ['reduce', [{ category: 'zulin', name: '取消射灯', spec: '', unit: '盏', qty: 6, price: 8_000 }]],
    ]);
    await waitFor(() => expect(callsTo(fetchMock.mock.calls, 'changeOrderList')).toBe(2));
  });

  it('the customer approves a 增项 after reading what it does; sent once, the plan and the checklist read again', async () => {
    const order = ORDER({ id: 5, seq: 2 });
    let release: (r: Response) => void = () => {};
    const fetchMock = mockFetch((url) => {
      if (url.endsWith('changeOrderList'))
        return jsonResponse(
          envelope('success', LIST({ role: 'customer', canAdd: false, listItem: [order] })),
        );
      if (url.endsWith('Projectcenter/payPlan')) return jsonResponse(envelope('success', payPlanFixture()));
      if (url.endsWith('Projectcenter/reportInfo')) return jsonResponse(envelope('success', null));
      return new Promise<Response>((resolve) => {
        release = resolve;
      });
    });
    renderPanel('customer');
    const panel = await screen.findByRole('region', { name: '变更单' });
    expect(within(panel).queryByRole('button', { name: /提出变更/ })).toBeNull();
    expect(within(panel).getByText('供应商提出了 1 张变更单，请查看明细后同意或拒绝')).toBeTruthy();
    fireEvent.click(within(panel).getByRole('button', { name: /^同\s*意$/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('同意变更单 2（增项 ¥1,500.00）？')).toBeTruthy();
    expect(dialog.querySelector('.zl-chg-confirm-sum')?.textContent).toBe(
      '合同金额 ¥10,000.00 → ¥11,500.00（增加 ¥1,500.00）',
    );
    // the next unpaid stage of the plan grows
    expect(
      await within(dialog).findByText(
        '增加的 ¥1,500.00 计入下一笔待付款项「尾款」（¥3,000.00 → ¥4,500.00），按付款计划支付。',
      ),
    ).toBeTruthy();
    const plans = callsTo(fetchMock.mock.calls, 'Projectcenter/payPlan');
    const ok = within(dialog).getByRole('button', { name: /同意变更/ });
    fireEvent.click(ok);
    fireEvent.click(ok);
    await waitFor(() => expect(sent(fetchMock.mock.calls, 'changeOrderReview')).toHaveLength(1));
    fireEvent.click(ok);
    release(
      jsonResponse(
        envelope('success', {
          order: {
            ...order,
            status: 'approved',
            statusText: '已同意',
            contractBefore: 1_000_000,
            contractAfter: 1_150_000,
          },
          contractAmount: 1_150_000,
          refundSent: true,
        }),
      ),
    );
    await waitFor(() =>
      expect(feedback.message.success).toHaveBeenCalledWith('已同意变更单 2，合同金额调整为 ¥11,500.00'),
    );
    const calls = sent(fetchMock.mock.calls, 'changeOrderReview');
    expect(calls.map((c) => c.body)).toEqual([{ id: 9, orderId: 5, approve: true }]);
    expect(calls[0]!.key).toMatch(/^[\w-]{8,}$/);
    await waitFor(() => expect(callsTo(fetchMock.mock.calls, 'changeOrderList')).toBe(2));
    // the plan is refetched (it is shown); the checklist is marked stale for its next reader
    await waitFor(() => expect(callsTo(fetchMock.mock.calls, 'Projectcenter/payPlan')).toBe(plans + 1));
  });

  it('with every stage paid, a 增项 becomes a new 增项款: the dialog says so', async () => {
    const order = ORDER({ id: 8, seq: 5, amount: 48_000 });
    const paid = payPlanFixture();
    paid.stages = paid.stages.map((s) => ({ ...s, status: 'paid' as const, overdue: false, payable: false }));
    mockFetch((url) => {
      if (url.endsWith('changeOrderList'))
        return jsonResponse(
          envelope('success', LIST({ role: 'customer', canAdd: false, listItem: [order] })),
        );
      return jsonResponse(envelope('success', paid));
    });
    renderPanel('customer');
    const panel = await screen.findByRole('region', { name: '变更单' });
    fireEvent.click(within(panel).getByRole('button', { name: /^同\s*意$/ }));
    const dialog = await screen.findByRole('dialog');
    expect(
      await within(dialog).findByText(
        '各期款项均已支付：将新增一笔「增项款」¥480.00，同意后即可在付款计划中支付。',
      ),
    ).toBeTruthy();
  });

  it('a 减项 says paid money beyond the new amount goes back; a state refusal shows in the dialog', async () => {
    const order = ORDER({ id: 6, seq: 3, kind: 'reduce', kindText: '减项', amount: 80_000 });
    mockFetch((url) => {
      if (url.endsWith('changeOrderList'))
        return jsonResponse(
          envelope('success', LIST({ role: 'customer', canAdd: false, listItem: [order] })),
        );
      if (url.endsWith('Projectcenter/payPlan')) return jsonResponse(envelope('success', payPlanFixture()));
      return jsonResponse(
        envelope('ACCEPTANCE_FROZEN', null, {
          errorMessage: '项目有未处理的投诉，托管款已冻结，暂不能确认变更',
          showType: 2,
        }),
        409,
      );
    });
    renderPanel('customer');
    const panel = await screen.findByRole('region', { name: '变更单' });
    fireEvent.click(within(panel).getByRole('button', { name: /^同\s*意$/ }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.querySelector('.zl-chg-confirm-sum')?.textContent).toBe(
      '合同金额 ¥10,000.00 → ¥9,200.00（减少 ¥800.00）',
    );
    expect(within(dialog).getByText(/原路退回您的原支付账户/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: /同意变更/ }));
    expect(await within(dialog).findByText('项目有未处理的投诉，托管款已冻结，暂不能确认变更')).toBeTruthy();
    expect(feedback.message.success).not.toHaveBeenCalled();
  });

  it('the customer rejects with a required reason, once', async () => {
    const order = ORDER({ id: 7, seq: 1 });
    const fetchMock = mockFetch((url) => {
      if (url.endsWith('changeOrderList'))
        return jsonResponse(
          envelope('success', LIST({ role: 'customer', canAdd: false, listItem: [order] })),
        );
      return jsonResponse(
        envelope('success', {
          order: { ...order, status: 'rejected', statusText: '已拒绝', reviewReason: '请先沟通方案' },
          contractAmount: 1_000_000,
          refundSent: true,
        }),
      );
    });
    renderPanel('customer');
    const panel = await screen.findByRole('region', { name: '变更单' });
    fireEvent.click(within(panel).getByRole('button', { name: /^拒\s*绝$/ }));
    const dialog = await screen.findByRole('dialog');
    const ok = within(dialog).getByRole('button', { name: /确认拒绝/ });
    fireEvent.change(within(dialog).getByLabelText('拒绝原因'), { target: { value: ' 否 ' } });
    fireEvent.click(ok);
    expect(await within(dialog).findByText('请填写拒绝原因（至少 2 个字）')).toBeTruthy();
    expect(callsTo(fetchMock.mock.calls, 'changeOrderReview')).toBe(0);

    fireEvent.change(within(dialog).getByLabelText('拒绝原因'), { target: { value: '  请先沟通方案  ' } });
    fireEvent.click(ok);
    fireEvent.click(ok);
    await waitFor(() =>
      expect(feedback.message.success).toHaveBeenCalledWith('已拒绝变更单 1，供应商会收到通知'),
    );
    expect(sent(fetchMock.mock.calls, 'changeOrderReview').map((c) => c.body)).toEqual([
      { id: 9, orderId: 7, approve: false, reason: '请先沟通方案' },
    ]);
  });

  it('stays away quietly: before the award (NOT_FOUND), and for a customer with no orders', async () => {
    const navigate = vi.fn();
    setNavigator(navigate);
    mockFetch(() =>
      jsonResponse(envelope('NOT_FOUND', null, { errorMessage: '项目不存在', showType: 9 }), 404),
    );
    const { container, unmount } = renderPanel('customer', <p>项目详情</p>);
    await waitFor(() => expect(container.querySelector('.ant-skeleton')).toBeNull());
    expect(screen.getByText('项目详情')).toBeTruthy();
    expect(container.querySelector('.zl-chg')).toBeNull();
    expect(feedback.message.error).not.toHaveBeenCalled();
    expect(navigate).not.toHaveBeenCalled();
    setNavigator(null);
    unmount();

    mockFetch(() => jsonResponse(envelope('success', LIST({ role: 'customer', canAdd: false }))));
    const second = renderPanel('customer');
    await waitFor(() => expect(second.container.querySelector('.ant-skeleton')).toBeNull());
    expect(second.container.querySelector('.zl-chg')).toBeNull();
  });
});
