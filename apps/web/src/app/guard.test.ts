import { describe, expect, it, vi } from 'vitest';
import { decideGuard, decideRole, loginPathFor, pageAreaOf, runAutologin } from './guard.ts';

describe('guard (docs/seed-map.md § Guard + docs/product.md § Accounts and identity)', () => {
  it('rule 1: a stored cardno shows the page', () => {
    expect(decideGuard({ cardno: '10000001', name: null }, '/orderCenter')).toEqual({ action: 'allow' });
    expect(decideGuard({ cardno: '10000001', name: '13800138000' }, '/orderCenter')).toEqual({
      action: 'allow',
    });
  });

  it('rule 2: no cardno but a remembered mobile → /login while auto-login runs', () => {
    expect(decideGuard({ cardno: null, name: '13800138000' }, '/message')).toEqual({
      action: 'autologin',
      redirectTo: '/login?redirect=%2Fmessage',
    });
  });

  it('rule 5: neither → /login remembering the requested path', () => {
    expect(decideGuard({ cardno: null, name: null }, '/orderCenter?id=3')).toEqual({
      action: 'login',
      redirectTo: `/login?redirect=${encodeURIComponent('/orderCenter?id=3')}`,
    });
    expect(loginPathFor('/')).toBe('/login');
  });

  it('an empty string is not a member number', () => {
    expect(decideGuard({ cardno: '', name: null }, '/mainPage').action).toBe('login');
  });

  it('rule 3: auto-login success stores the member and goes to /', async () => {
    const onSuccess = vi.fn();
    const onFailure = vi.fn();
    const login = vi.fn().mockResolvedValue({ cardno: '10000001', mobile: '13800138000' });
    await expect(runAutologin({ login, onSuccess, onFailure })).resolves.toBe('/');
    expect(onSuccess).toHaveBeenCalledWith({ cardno: '10000001', mobile: '13800138000' });
    expect(onFailure).not.toHaveBeenCalled();
  });

  it('rule 4: auto-login failure goes to /login and forgets the mobile', async () => {
    const onSuccess = vi.fn();
    const onFailure = vi.fn();
    const login = vi.fn().mockRejectedValue(new Error('REMEMBER_INVALID'));
    await expect(runAutologin({ login, onSuccess, onFailure })).resolves.toBe('/login');
    expect(onFailure).toHaveBeenCalledTimes(1);
    expect(onSuccess).not.toHaveBeenCalled();
  });

  it('rule 4: an answer without a cardno is a failure too', async () => {
    const onSuccess = vi.fn();
    const onFailure = vi.fn();
    await expect(runAutologin({ login: vi.fn().mockResolvedValue({}), onSuccess, onFailure })).resolves.toBe(
      '/login',
    );
    expect(onSuccess).not.toHaveBeenCalled();
  });
});

describe('guard rule 3: auto-login lands on the page that was asked for', () => {
  const ok = () => ({
    login: vi.fn().mockResolvedValue({ cardno: '10000001' }),
    onSuccess: vi.fn(),
    onFailure: vi.fn(),
  });

  it('goes to the requested path and query, never off the site', async () => {
    await expect(runAutologin(ok(), '/orderDetail?id=7')).resolves.toBe('/orderDetail?id=7');
    await expect(runAutologin(ok(), '/personCenter/securitySetting')).resolves.toBe(
      '/personCenter/securitySetting',
    );
    // anything but a same-site path goes to /
    for (const evil of [
      'https://evil.example/',
      '//evil.example/x',
      '/\\evil.example',
      '/\t/evil.example',
      '/\n/evil.example',
      'javascript:alert(1)',
      '/login?redirect=/x',
    ]) {
      await expect(runAutologin(ok(), evil)).resolves.toBe('/');
    }
  });

  it('a failure still goes to /login', async () => {
    const deps = { ...ok(), login: vi.fn().mockRejectedValue(new Error('REMEMBER_INVALID')) };
    await expect(runAutologin(deps, '/orderDetail?id=7')).resolves.toBe('/login');
  });
});

describe('guard rule 6: pages by role, as the server decides them', () => {
  it('knows the customer portal, the shared pages and the supplier app', () => {
    expect(pageAreaOf('/customer')).toBe('customer');
    expect(pageAreaOf('/customer/message')).toBe('customer');
    expect(pageAreaOf('/about')).toBe('any');
    expect(pageAreaOf('/help')).toBe('any');
    expect(pageAreaOf('/noPage')).toBe('any');
    expect(pageAreaOf('/show')).toBe('any');
    for (const p of [
      '/mainPage',
      '/orderPrice',
      '/orderDetail',
      '/message',
      '/collect',
      '/personCenter/charging',
    ]) {
      expect(pageAreaOf(p)).toBe('supplier');
    }
  });

  it('a customer opening a supplier page goes to /customer', () => {
    for (const p of [
      '/personCenter/defaultPage',
      '/personCenter/charging',
      '/personCenter/showRoomSetting',
      '/orderPrice',
      '/mainPage',
    ]) {
      expect(decideRole({ cardtype: 'customer' }, p)).toEqual({ action: 'redirect', to: '/customer' });
    }
    expect(decideRole({ cardtype: 'customer' }, '/customer/projects')).toEqual({ action: 'allow' });
  });

  it('a page both roles have sends each member to their own copy, query kept, not home', () => {
    expect(decideRole({ cardtype: 'customer' }, '/message')).toEqual({
      action: 'redirect',
      to: '/customer/message',
    });
    expect(decideRole({ cardtype: 'customer' }, '/message/', '?tab=unread')).toEqual({
      action: 'redirect',
      to: '/customer/message?tab=unread',
    });
    expect(decideRole({ cardtype: 'customer' }, '/personCenter/businessList')).toEqual({
      action: 'redirect',
      to: '/customer/bills',
    });
    expect(decideRole({ cardtype: 'customer' }, '/personCenter/complaint', '?id=7')).toEqual({
      action: 'redirect',
      to: '/customer/complaint?id=7',
    });
    expect(decideRole({ cardtype: 'workshop' }, '/customer/message')).toEqual({
      action: 'redirect',
      to: '/message',
    });
    expect(decideRole({ cardtype: 'workshop' }, '/customer/bills')).toEqual({
      action: 'redirect',
      to: '/personCenter/businessList',
    });
  });

  it('a supplier opening /customer/* goes to /mainPage', () => {
    expect(decideRole({ cardtype: 'workshop' }, '/customer/publish')).toEqual({
      action: 'redirect',
      to: '/mainPage',
    });
    expect(decideRole({ cardtype: 'workshop' }, '/personCenter/charging')).toEqual({ action: 'allow' });
  });

  it('both may read the shared pages', () => {
    expect(decideRole({ cardtype: 'customer' }, '/help')).toEqual({ action: 'allow' });
    expect(decideRole({ cardtype: 'workshop' }, '/about')).toEqual({ action: 'allow' });
    expect(decideRole({ cardtype: null }, '/about')).toEqual({ action: 'allow' });
  });

  it('until the server says who the member is, nothing of a role page is shown', () => {
    expect(decideRole({ cardtype: null }, '/personCenter/charging')).toEqual({ action: 'wait' });
    expect(decideRole({ cardtype: null }, '/customer/projects')).toEqual({ action: 'wait' });
  });

  it('a check that failed without an answer shows the page (the server still refuses)', () => {
    expect(decideRole({ cardtype: null, checkFailed: true }, '/orderPrice')).toEqual({ action: 'allow' });
  });
});
