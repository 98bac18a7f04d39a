import { describe, expect, it, vi } from 'vitest';
import { decideGuard, loginPathFor, runAutologin } from './guard.ts';

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
