import { QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../lib/query-client.ts';
import { stubBrowser } from '../../../lib/test-env.ts';
import { userInfoFixture } from '../../../lib/test-user-info.ts';
import { envelope, jsonResponse, mockFetch } from '../../../lib/test-utils.ts';
import ChargingPage from './charging-page.tsx';

beforeEach(() => {
  stubBrowser();
  const meta = document.createElement('meta');
  meta.name = 'zl-pay';
  meta.content = 'sandbox';
  document.head.appendChild(meta);
});
afterEach(() => {
  vi.unstubAllGlobals();
  document.head.querySelector('meta[name="zl-pay"]')?.remove();
});

function renderAt(url: string) {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={[url]}>
        <ChargingPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('/personCenter/charging (充值)', () => {
  it('offers 金币 packages with their ¥ price, a free amount, and says 沙箱', async () => {
    mockFetch(() => jsonResponse(envelope('success', userInfoFixture({ coins: 12 }))));
    renderAt('/personCenter/charging');
    expect(await screen.findByText('12', undefined, { timeout: 15_000 })).toBeTruthy();
    expect(screen.getByText('支付宝沙箱环境')).toBeTruthy();
    for (const [coins, price] of [
      [50, '¥50.00'],
      [100, '¥100.00'],
      [200, '¥200.00'],
      [500, '¥500.00'],
    ] as const) {
      const b = screen.getByRole('button', { name: new RegExp(`^${coins} 金币`) });
      expect(b.textContent).toContain(price);
    }
    fireEvent.click(screen.getByRole('button', { name: /^200 金币/ }));
    expect(document.querySelector('.zl-pay-amount')?.textContent).toBe('¥200.00');
    fireEvent.change(screen.getByLabelText('自定义金币数量'), { target: { value: '1234' } });
    fireEvent.blur(screen.getByLabelText('自定义金币数量'));
    expect(document.querySelector('.zl-pay-amount')?.textContent).toBe('¥1,234.00');
    expect(screen.getByRole('button', { name: /支付宝支付（沙箱）/ })).toBeTruthy();
  }, 30_000);

  it('the return page shows 支付成功 with the coins and the balance once the order is paid', async () => {
    mockFetch((url) =>
      String(url).includes('Alipay/orderStatus')
        ? jsonResponse(
            envelope('success', {
              status: 'paid',
              purpose: 'coins',
              amount: 5000,
              coins: 50,
              projectId: null,
            }),
          )
        : jsonResponse(envelope('success', userInfoFixture({ coins: 62 }))),
    );
    renderAt('/personCenter/charging?outTradeNo=Z20261123160000123');
    expect(await screen.findByText('支付成功', undefined, { timeout: 15_000 })).toBeTruthy();
    expect((await screen.findByText(/已到账/)).textContent).toMatch(/已到账 50 金币，当前余额 62 金币/);
  }, 30_000);

  it('自定义数量: what is shown is what is charged; a number out of range or not whole is said in words', async () => {
    const calls: Array<{ url: string; body: unknown }> = [];
    mockFetch((url, init) => {
      calls.push({ url, body: init?.body ? JSON.parse(String(init.body)) : null });
      return url.includes('Alipay/getPayLink')
        ? jsonResponse(
            envelope('success', { outTradeNo: 'Z1', amount: 123_400, payUrl: '#paid', sandbox: true }),
          )
        : jsonResponse(envelope('success', userInfoFixture({ coins: 12 })));
    });
    renderAt('/personCenter/charging');
    expect(await screen.findByText('12', undefined, { timeout: 15_000 })).toBeTruthy();
    const input = screen.getByLabelText('自定义金币数量');
    const amount = () => document.querySelector('.zl-pay-amount')?.textContent;
    const payButton = () => screen.getByRole('button', { name: /支付宝支付（沙箱）/ }) as HTMLButtonElement;
    for (const [typed, words] of [
      ['6000', '每次最多购买 5000 金币'],
      ['5', '每次至少购买 10 金币'],
      ['12.5', '金币数量须为整数'],
      ['abc', '请输入整数金币数量'],
    ] as const) {
      fireEvent.change(input, { target: { value: typed } });
      fireEvent.blur(input);
      expect(amount(), typed).toBe('—');
      expect(document.getElementById('zl-pay-custom-note')?.textContent, typed).toContain(words);
      expect(payButton().disabled, typed).toBe(true);
      // no package is shown as chosen while a typed number is in the box
      expect(document.querySelector('.zl-pay-package.is-active'), typed).toBeNull();
    }
    fireEvent.change(input, { target: { value: '1234' } });
    fireEvent.blur(input);
    expect(amount()).toBe('¥1,234.00');
    fireEvent.click(payButton());
    await waitFor(() => expect(calls.some((c) => c.url.includes('Alipay/getPayLink'))).toBe(true));
    expect(calls.find((c) => c.url.includes('Alipay/getPayLink'))?.body).toEqual({
      purpose: 'coins',
      coins: 1234,
    });
  }, 30_000);

  it('a double click on 支付宝支付 asks for one pay link, with an Idempotency-Key', async () => {
    let answer: (r: Response) => void = () => {};
    const links: RequestInit[] = [];
    mockFetch((url, init) => {
      if (!url.includes('Alipay/getPayLink'))
        return jsonResponse(envelope('success', userInfoFixture({ coins: 12 })));
      links.push(init!);
      return new Promise<Response>((resolve) => {
        answer = resolve;
      });
    });
    renderAt('/personCenter/charging');
    expect(await screen.findByText('12', undefined, { timeout: 15_000 })).toBeTruthy();
    const button = screen.getByRole('button', { name: /支付宝支付（沙箱）/ });
    fireEvent.click(button);
    fireEvent.click(button);
    await waitFor(() => expect(links.length).toBe(1));
    await act(async () => {
      answer(
        jsonResponse(
          envelope('success', { outTradeNo: 'Z1', amount: 10_000, payUrl: '#paid', sandbox: true }),
        ),
      );
    });
    fireEvent.click(button);
    expect(links.length).toBe(1);
    expect((links[0]!.headers as Record<string, string>)['Idempotency-Key']).toMatch(/^[\w-]{8,}$/);
  }, 30_000);
});
