import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { NOTICE_DEFAULTS } from '@zl/shared';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../lib/query-client.ts';
import { stubMatchMedia } from '../../../lib/test-env.ts';
import { userInfoFixture } from '../../../lib/test-user-info.ts';
import { envelope, jsonResponse, mockFetch } from '../../../lib/test-utils.ts';
import SecuritySettingPage from './security-setting-page.tsx';

beforeEach(() => {
  stubMatchMedia();
  mockFetch(() => jsonResponse(envelope('success', userInfoFixture())));
});
afterEach(() => vi.unstubAllGlobals());

function renderPage() {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>
        <SecuritySettingPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

/** The first render loads antd's form and password modules. */
const SLOW = { timeout: 15_000 };

describe('/personCenter/securitySetting', { timeout: 30_000 }, () => {
  it('no element id is used twice', async () => {
    renderPage();
    await screen.findByRole('form', { name: '支付密码与收款账户' }, SLOW);
    const ids = [...document.querySelectorAll('[id]')].map((e) => e.id);
    const twice = ids.filter((id, i) => ids.indexOf(id) !== i);
    expect(twice).toEqual([]);
  });

  it('each 登录密码 label points at the input of its own form', async () => {
    renderPage();
    const pay = await screen.findByRole('form', { name: '支付密码与收款账户' }, SLOW);
    const input = within(pay).getByLabelText('登录密码');
    expect(pay.contains(input)).toBe(true);
    const label = within(pay).getByText('登录密码', { selector: 'label' });
    fireEvent.click(label);
    expect(document.getElementById(label.getAttribute('for') ?? '')).toBe(input);
    const change = screen.getByRole('form', { name: '修改登录密码' });
    expect(change.contains(input)).toBe(false);
  });

  it('收款人 is the verified name, locked; an empty submit says 请输入收款账号 once', async () => {
    const calls: string[] = [];
    mockFetch((url) => {
      calls.push(url);
      return jsonResponse(envelope('success', userInfoFixture({ payees: ['王行走'] })));
    });
    renderPage();
    const pay = await screen.findByRole('form', { name: '支付密码与收款账户' }, SLOW);
    const payee = within(pay).getByLabelText('收款人') as HTMLInputElement;
    expect(payee.value).toBe('王行走');
    expect(payee.disabled).toBe(true);
    fireEvent.click(within(pay).getByRole('button', { name: /设置支付密码|更新支付设置/ }));
    await waitFor(() => expect(within(pay).getAllByText('请输入收款账号').length).toBeGreaterThan(0));
    // both rules of the field fail on an empty one: its message is shown once
    await new Promise((r) => setTimeout(r, 300));
    expect(within(pay).getAllByText('请输入收款账号')).toHaveLength(1);
    expect(calls.some((u) => u.includes('setPayment'))).toBe(false);
  });

  it('with a verified real name and company name the payee is one of the two', async () => {
    mockFetch(() =>
      jsonResponse(envelope('success', userInfoFixture({ payees: ['王行走', '上海行走展览有限公司'] }))),
    );
    renderPage();
    const pay = await screen.findByRole('form', { name: '支付密码与收款账户' }, SLOW);
    expect(within(pay).getByRole('radio', { name: '王行走' })).toBeTruthy();
    expect(within(pay).getByRole('radio', { name: '上海行走展览有限公司' })).toBeTruthy();
    expect(within(pay).queryByRole('textbox', { name: '收款人' })).toBeNull();
  });

  it('without a verification there is no payee to choose: it says so and links to 实名认证', async () => {
    mockFetch(() => jsonResponse(envelope('success', userInfoFixture({ payees: [] }))));
    renderPage();
    const pay = await screen.findByRole('form', { name: '支付密码与收款账户' }, SLOW);
    expect(within(pay).getByText('请先完成实名认证或企业认证')).toBeTruthy();
    expect(within(pay).getByRole('link', { name: '去认证' }).getAttribute('href')).toBe(
      '/personCenter/security_person',
    );
    expect(
      (within(pay).getByRole('button', { name: /设置支付密码|更新支付设置/ }) as HTMLButtonElement).disabled,
    ).toBe(true);
  });

  it('a customer is offered no pay password: it never withdraws (docs/withdrawals.md)', async () => {
    mockFetch(() => jsonResponse(envelope('success', { ...userInfoFixture(), cardtype: 'customer' })));
    renderPage();
    await screen.findByRole('form', { name: '修改登录密码' }, SLOW);
    expect(screen.getByText(/参展商账号无需支付密码/)).toBeTruthy();
    expect(screen.queryByRole('form', { name: '支付密码与收款账户' })).toBeNull();
    expect(screen.queryByText('设置支付密码')).toBeNull();
  });

  it('通知设置: each kind and the nudge save at once, with only what changed', async () => {
    const bodies: string[] = [];
    const settings = {
      messageSms: true,
      kinds: { ...NOTICE_DEFAULTS },
      wechatEnabled: false,
      wechatBound: false,
    };
    mockFetch((url, init) => {
      if (url.includes('Member/notifyInfo')) return jsonResponse(envelope('success', settings));
      if (url.includes('Member/notifySetting')) {
        bodies.push(String(init?.body));
        const b = JSON.parse(String(init?.body));
        return jsonResponse(
          envelope('success', {
            ...settings,
            messageSms: b.messageSms ?? true,
            kinds: { ...settings.kinds, ...(b.kinds ?? {}) },
          }),
        );
      }
      return jsonResponse(envelope('success', userInfoFixture()));
    });
    renderPage();
    const section = await screen.findByRole('region', { name: '通知设置' }, SLOW);
    // no WeChat choice while the platform has no 服务号
    expect(within(section).queryByText('站内 + 短信 + 微信')).toBeNull();
    const award = within(section).getByRole('radiogroup', { name: '中标结果' });
    fireEvent.click(within(award).getByText('站内 + 短信'));
    await waitFor(() => expect(bodies).toEqual([JSON.stringify({ kinds: { award: 'sms' } })]));
    const sw = within(section).getByRole('switch', { name: '项目消息短信提醒' });
    fireEvent.click(sw);
    await waitFor(() => expect(sw.getAttribute('aria-checked')).toBe('false'));
    expect(bodies[1]).toBe(JSON.stringify({ messageSms: false }));
  });
});
