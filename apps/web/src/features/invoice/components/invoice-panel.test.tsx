import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { Invoice, InvoiceList } from '@zl/shared';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setNavigator } from '../../../lib/navigation.ts';
import { createQueryClient } from '../../../lib/query-client.ts';
import { stubBrowser } from '../../../lib/test-env.ts';
import { envelope, fakeFeedback, jsonResponse, mockFetch } from '../../../lib/test-utils.ts';
import { InvoicePanel } from './invoice-panel.tsx';

const INV = (over: Partial<Invoice>): Invoice => ({
  id: 1,
  projectId: 9,
  orders: 'ZL20261127001',
  projectTitle: '2026 深圳国际消费电子展特装展台',
  role: 'customer',
  counterpart: '上海华展展览工厂',
  kind: 'normal',
  kindText: '普通发票',
  title: '深圳华科电子有限公司',
  taxNo: '',
  address: '',
  bank: '',
  bankAccount: '',
  amount: 500_000,
  remark: '',
  status: 'requested',
  statusText: '待开票',
  number: '',
  file: null,
  reason: '',
  requested: '2026-11-27T02:00:00.000Z',
  decided: null,
  ...over,
});

const LIST = (over: Partial<InvoiceList>): InvoiceList => ({
  listItem: [],
  total: 0,
  page: 1,
  request: null,
  ...over,
});

function renderPanel(ui: React.ReactNode) {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>{ui}</MemoryRouter>
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

let feedback: ReturnType<typeof fakeFeedback>;
beforeEach(() => {
  stubBrowser();
  feedback = fakeFeedback();
});
afterEach(() => vi.unstubAllGlobals());

describe('发票', { timeout: 30_000 }, () => {
  it('the customer asks once in 分, prefilled; a refusal of a field lands under it in Chinese', async () => {
    let release: (r: Response) => void = () => {};
    const fetchMock = mockFetch((url) => {
      if (url.endsWith('Invoice/list'))
        return jsonResponse(
          envelope(
            'success',
            LIST({
              listItem: [
                INV({
                  id: 3,
                  status: 'issued',
                  statusText: '已开票',
                  number: '24440000000012345678',
                  file: { id: 'f'.repeat(22), url: '/files/inv.pdf', thumbUrl: null },
                  decided: '2026-11-28T02:00:00.000Z',
                }),
              ],
              total: 1,
              request: {
                paid: 1_280_000,
                invoiceable: 780_000,
                prefill: {
                  title: '深圳华科电子有限公司',
                  taxNo: '',
                  bank: '招商银行深圳分行',
                  bankAccount: '',
                },
              },
            }),
          ),
        );
      return new Promise<Response>((resolve) => {
        release = resolve;
      });
    });
    renderPanel(<InvoicePanel projectId={9} side="customer" />);
    const panel = await screen.findByRole('region', { name: '发票' });
    // the issued invoice with its file
    expect(within(panel).getByText('已开票')).toBeTruthy();
    expect(
      within(panel)
        .getByRole('link', { name: /查看发票/ })
        .getAttribute('href'),
    ).toBe('/files/inv.pdf');
    expect(within(panel).getByText('发票号码 24440000000012345678')).toBeTruthy();
    // what may still be invoiced, and the form prefilled from the verification
    expect(within(panel).getByText('¥7,800.00')).toBeTruthy();
    expect((within(panel).getByLabelText('发票抬头') as HTMLInputElement).value).toBe('深圳华科电子有限公司');
    expect((within(panel).getByLabelText('开户银行') as HTMLInputElement).value).toBe('招商银行深圳分行');
    const amount = within(panel).getByLabelText(/开票金额/) as HTMLInputElement;
    expect(amount.value).toBe('7800');

    fireEvent.change(amount, { target: { value: '1,234.56' } });
    fireEvent.change(within(panel).getByLabelText('备注（选填）'), { target: { value: '请注明展台搭建费' } });
    const submit = within(panel).getByRole('button', { name: /提交申请/ });
    fireEvent.click(submit);
    fireEvent.click(submit);
    await waitFor(() => expect(sent(fetchMock.mock.calls, 'Invoice/request')).toHaveLength(1));
    await waitFor(() => expect(submit.className).toMatch(/ant-btn-loading/));
    fireEvent.click(submit);
    release(
      jsonResponse(
        envelope(
          'VALIDATION_FAILED',
          { fields: { amount: '开票金额不能超过可开票金额 ¥1,000.00' } },
          { errorMessage: '开票金额不能超过可开票金额 ¥1,000.00', showType: 1 },
        ),
        400,
      ),
    );
    expect(await within(panel).findByText('开票金额不能超过可开票金额 ¥1,000.00')).toBeTruthy();
    const calls = sent(fetchMock.mock.calls, 'Invoice/request');
    expect(calls).toHaveLength(1);
    expect(calls[0]!.body).toEqual({
      id: 9,
      kind: 'normal',
      title: '深圳华科电子有限公司',
      taxNo: '',
      address: '',
      bank: '招商银行深圳分行',
      bankAccount: '',
      amount: 123_456,
      remark: '请注明展台搭建费',
    });
    expect(calls[0]!.key).toMatch(/^[\w-]{8,}$/);
    // the field's message, not a toast
    expect(feedback.message.error).not.toHaveBeenCalled();
  });

  it('a 专票 needs the tax number, address, bank and account before anything is sent; a state refusal shows in the form', async () => {
    const fetchMock = mockFetch((url) => {
      if (url.endsWith('Invoice/list'))
        return jsonResponse(
          envelope(
            'success',
            LIST({
              request: {
                paid: 500_000,
                invoiceable: 500_000,
                prefill: { title: '深圳华科电子有限公司', taxNo: '', bank: '', bankAccount: '' },
              },
            }),
          ),
        );
      return jsonResponse(
        envelope('INVALID_STATE', null, { errorMessage: '已付款项均已申请发票', showType: 2 }),
        409,
      );
    });
    renderPanel(<InvoicePanel projectId={9} side="customer" />);
    const panel = await screen.findByRole('region', { name: '发票' });
    expect(within(panel).getByText('暂无发票申请')).toBeTruthy();
    fireEvent.click(within(panel).getByLabelText('增值税专用发票'));
    fireEvent.click(within(panel).getByRole('button', { name: /提交申请/ }));
    expect(await within(panel).findByText('增值税专用发票须填写纳税人识别号')).toBeTruthy();
    expect(within(panel).getByText('增值税专用发票须填写银行账号')).toBeTruthy();
    expect(sent(fetchMock.mock.calls, 'Invoice/request')).toHaveLength(0);

    fireEvent.click(within(panel).getByLabelText('普通发票'));
    fireEvent.click(within(panel).getByRole('button', { name: /提交申请/ }));
    expect(await within(panel).findByText('已付款项均已申请发票')).toBeTruthy();
    expect(sent(fetchMock.mock.calls, 'Invoice/request').map((c) => c.body.amount)).toEqual([500_000]);
  });

  it('no form once everything paid is invoiced; says how to get one before anything is paid', async () => {
    mockFetch(() =>
      jsonResponse(
        envelope(
          'success',
          LIST({
            request: {
              paid: 0,
              invoiceable: 0,
              prefill: { title: '', taxNo: '', bank: '', bankAccount: '' },
            },
          }),
        ),
      ),
    );
    renderPanel(<InvoicePanel projectId={9} side="customer" />);
    const panel = await screen.findByRole('region', { name: '发票' });
    expect(within(panel).getByText('通过平台支付款项后，可在此向中标供应商申请发票。')).toBeTruthy();
    expect(within(panel).queryByRole('button', { name: /提交申请/ })).toBeNull();
  });

  it('the supplier reads the buyer details and rejects with a reason, once', async () => {
    const waiting = INV({
      id: 7,
      role: 'supplier',
      counterpart: '深圳华科电子有限公司',
      kind: 'special',
      kindText: '增值税专用发票',
      taxNo: '91440300MA5DC6QX9X',
      address: '深圳市南山区科技园 0755-88886666',
      bank: '招商银行深圳分行',
      bankAccount: '755912345678901',
    });
    const fetchMock = mockFetch((url) => {
      if (url.endsWith('Invoice/list'))
        return jsonResponse(envelope('success', LIST({ listItem: [waiting], total: 1 })));
      return jsonResponse(
        envelope('success', { ...waiting, status: 'rejected', statusText: '已拒绝', reason: '税号有误' }),
      );
    });
    renderPanel(<InvoicePanel projectId={9} side="supplier" />);
    const panel = await screen.findByRole('region', { name: '发票' });
    expect(within(panel).getByText('待开票')).toBeTruthy();
    expect(within(panel).getByText('91440300MA5DC6QX9X')).toBeTruthy();
    expect(within(panel).getByText('755912345678901')).toBeTruthy();
    expect(within(panel).getByRole('button', { name: '复制银行账号' })).toBeTruthy();
    expect(within(panel).queryByRole('button', { name: /提交申请/ })).toBeNull();

    fireEvent.click(within(panel).getByRole('button', { name: /^拒\s*绝$/ }));
    const dialog = await screen.findByRole('dialog');
    const ok = within(dialog).getByRole('button', { name: /确认拒绝/ });
    fireEvent.click(ok);
    expect(await within(dialog).findByText('请输入拒绝原因')).toBeTruthy();
    expect(sent(fetchMock.mock.calls, 'Invoice/reject')).toHaveLength(0);

    fireEvent.change(within(dialog).getByLabelText('拒绝原因'), {
      target: { value: '  纳税人识别号与抬头不符  ' },
    });
    fireEvent.click(ok);
    fireEvent.click(ok);
    await waitFor(() => expect(feedback.message.success).toHaveBeenCalledWith('已拒绝该发票申请'));
    const calls = sent(fetchMock.mock.calls, 'Invoice/reject');
    expect(calls.map((c) => c.body)).toEqual([{ invoiceId: 7, reason: '纳税人识别号与抬头不符' }]);
    expect(calls[0]!.key).toMatch(/^[\w-]{8,}$/);
  });

  it('the supplier uploads the issued invoice (purpose invoice) with its number', async () => {
    const uploads: FormData[] = [];
    class FakeXhr {
      status = 0;
      responseText = '';
      withCredentials = false;
      upload = { onprogress: null };
      onload: (() => void) | null = null;
      onerror: (() => void) | null = null;
      onabort: (() => void) | null = null;
      open() {}
      setRequestHeader() {}
      send(body: FormData) {
        uploads.push(body);
        this.status = 200;
        this.responseText = JSON.stringify(
          envelope('success', {
            id: 'a'.repeat(22),
            url: '/files/a.pdf',
            thumbUrl: null,
            mime: 'application/pdf',
          }),
        );
        queueMicrotask(() => this.onload?.());
      }
      abort() {}
    }
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const fetchMock = mockFetch((url) => {
      if (url.endsWith('Invoice/list'))
        return jsonResponse(
          envelope('success', LIST({ listItem: [INV({ id: 7, role: 'supplier' })], total: 1 })),
        );
      return jsonResponse(envelope('success', INV({ id: 7, role: 'supplier', status: 'issued' })));
    });
    renderPanel(<InvoicePanel projectId={9} side="supplier" />);
    const panel = await screen.findByRole('region', { name: '发票' });
    fireEvent.click(within(panel).getByRole('button', { name: /上传发票/ }));
    const dialog = await screen.findByRole('dialog');
    const input = dialog.querySelector('input[type="file"]') as HTMLInputElement;
    expect(input.getAttribute('accept')).toMatch(/pdf/);
    fireEvent.change(input, {
      target: { files: [new File(['%PDF'], 'invoice.pdf', { type: 'application/pdf' })] },
    });
    expect(await within(dialog).findByText('invoice.pdf')).toBeTruthy();
    expect(uploads[0]!.get('purpose')).toBe('invoice');
    fireEvent.change(within(dialog).getByLabelText('发票号码（选填）'), {
      target: { value: '24440000000012345678' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: /确认上传/ }));
    await waitFor(() =>
      expect(sent(fetchMock.mock.calls, 'Invoice/upload').map((c) => c.body)).toEqual([
        { invoiceId: 7, file: 'a'.repeat(22), number: '24440000000012345678' },
      ]),
    );
  });

  it('a stranger sees nothing: the list refused as NOT_FOUND leaves the page alone', async () => {
    const navigate = vi.fn();
    setNavigator(navigate);
    mockFetch(() =>
      jsonResponse(envelope('NOT_FOUND', null, { errorMessage: '项目不存在', showType: 9 }), 404),
    );
    const { container } = renderPanel(
      <>
        <p>项目详情</p>
        <InvoicePanel projectId={9} side="supplier" />
      </>,
    );
    await waitFor(() => expect(container.querySelector('.ant-skeleton')).toBeNull());
    expect(screen.getByText('项目详情')).toBeTruthy();
    expect(container.querySelector('.zl-inv')).toBeNull();
    expect(feedback.message.error).not.toHaveBeenCalled();
    expect(feedback.message.warning).not.toHaveBeenCalled();
    expect(navigate).not.toHaveBeenCalled();
    setNavigator(null);
  });
});
