import { QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../lib/query-client.ts';
import { stubBrowser } from '../../../lib/test-env.ts';
import { userInfoFixture } from '../../../lib/test-user-info.ts';
import { envelope, fakeFeedback, jsonResponse, mockFetch } from '../../../lib/test-utils.ts';
import { WithdrawModal } from './withdraw-modal.tsx';

const SLOW = { timeout: 15_000 };
const USER = userInfoFixture({
  ispaycode: true,
  payout: { type: 'alipay', name: '张三', account: '138****8000', bank: '' },
  payees: ['张三'],
});
const ITEM = {
  id: 1,
  amount: 500_000,
  status: 'pending',
  statusText: '审核中',
  reason: '',
  payoutType: 'alipay',
  payoutAccount: '138****8000',
  created: '2026-11-27T01:00:00.000Z',
  reviewedAt: null,
};

function renderModal(user = USER) {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>
        <WithdrawModal open onClose={() => {}} user={user} cash={1_000_000} today={0} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

beforeEach(() => stubBrowser());
afterEach(() => vi.unstubAllGlobals());

async function fill(amount: string, paypwd: string) {
  const dialog = await screen.findByRole('dialog', undefined, SLOW);
  fireEvent.change(within(dialog).getByLabelText(/提现金额/), { target: { value: amount } });
  fireEvent.change(within(dialog).getByLabelText('支付密码'), { target: { value: paypwd } });
  return dialog;
}

describe('申请提现', { timeout: 30_000 }, () => {
  it('a double click on 确认提现 sends one request, with an Idempotency-Key; the button is busy meanwhile', async () => {
    fakeFeedback();
    const sent: RequestInit[] = [];
    let answer: (r: Response) => void = () => {};
    mockFetch((_url, init) => {
      sent.push(init!);
      return new Promise<Response>((resolve) => {
        answer = resolve;
      });
    });
    renderModal();
    const dialog = await fill('5000', '135790');
    const ok = within(dialog).getByRole('button', { name: /确认提现/ });
    fireEvent.click(ok);
    fireEvent.click(ok);
    await waitFor(() => expect(sent.length).toBe(1));
    expect(ok.className).toContain('ant-btn-loading');
    fireEvent.click(ok);
    await act(async () => {
      answer(jsonResponse(envelope('success', { item: ITEM, balance: { cash: 500_000, frozen: 500_000 } })));
    });
    expect(sent.length).toBe(1);
    expect(JSON.parse(String(sent[0]!.body))).toEqual({ amount: 500_000, paypwd: '135790' });
    expect((sent[0]!.headers as Record<string, string>)['Idempotency-Key']).toMatch(/^[\w-]{8,}$/);
  });

  it('a wrong pay password: its message under the field, no toast besides', async () => {
    const feedback = fakeFeedback();
    mockFetch(() =>
      jsonResponse(
        envelope(
          'PAYCODE_WRONG',
          { fields: { paypwd: '支付密码不正确，还可尝试 4 次' } },
          {
            errorMessage: '支付密码不正确，还可尝试 4 次',
            showType: 1,
          },
        ),
        400,
      ),
    );
    renderModal();
    const dialog = await fill('12.34', '000000');
    fireEvent.click(within(dialog).getByRole('button', { name: /确认提现/ }));
    expect(await within(dialog).findByText('支付密码不正确，还可尝试 4 次')).toBeTruthy();
    expect(feedback.message.error).not.toHaveBeenCalled();
    expect(feedback.message.warning).not.toHaveBeenCalled();
    expect(feedback.notification.error).not.toHaveBeenCalled();
  });

  it('a payee that is not a verified name: said, linked to 账号安全, and nothing can be sent', async () => {
    fakeFeedback();
    const sent = mockFetch(() => jsonResponse(envelope('success', null)));
    renderModal({
      ...USER,
      payout: { type: 'alipay', name: '李四', account: '138****8000', bank: '' },
      payees: ['王行走'],
    });
    const dialog = await fill('5000', '135790');
    expect(within(dialog).getByText('收款人须与实名认证的姓名或企业名称一致')).toBeTruthy();
    expect(within(dialog).getByRole('link', { name: '更新收款账户' }).getAttribute('href')).toBe(
      '/personCenter/securitySetting',
    );
    const ok = within(dialog).getByRole('button', { name: /确认提现/ }) as HTMLButtonElement;
    expect(ok.disabled).toBe(true);
    fireEvent.click(ok);
    expect(sent).not.toHaveBeenCalled();
  });
});
