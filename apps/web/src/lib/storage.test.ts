import { afterEach, describe, expect, it, vi } from 'vitest';
import { submitLogin } from '../features/auth/api/login.ts';
import { readItem, type StorageKey, storage, writeItem } from './storage.ts';
import { envelope, jsonResponse, mockFetch } from './test-utils.ts';

afterEach(() => vi.unstubAllGlobals());

const PASSWORD = 'Secret123abc';

function everythingStored(): string {
  const all: string[] = [];
  for (const s of [localStorage, sessionStorage]) {
    for (let i = 0; i < s.length; i++) {
      const k = s.key(i) ?? '';
      all.push(k, s.getItem(k) ?? '');
    }
  }
  return all.join('\n');
}

describe('storage', () => {
  it('keeps cardno, loginState and name under the zlgys_ prefix', () => {
    storage.saveLogin('10000001');
    storage.saveName('13800138000');
    expect(localStorage.getItem('zlgys_cardno')).toBe('10000001');
    expect(localStorage.getItem('zlgys_loginState')).toBe('true');
    expect(localStorage.getItem('zlgys_name')).toBe('13800138000');
  });

  it('refuses any other key (there is no place for a password)', () => {
    expect(() => writeItem('pwd' as StorageKey, PASSWORD)).toThrow(/not allowed/);
    expect(() => readItem('pwd' as StorageKey)).toThrow(/not allowed/);
    expect(localStorage.length).toBe(0);
  });

  it('clearSession keeps the remembered mobile; clearAll forgets it', () => {
    storage.saveLogin('10000001');
    storage.saveName('13800138000');
    storage.clearSession();
    expect(storage.getCardno()).toBeNull();
    expect(storage.getName()).toBe('13800138000');
    storage.clearAll();
    expect(localStorage.length).toBe(0);
  });

  it.each([true, false])('a login (记住我=%s) never stores the password', async (remember) => {
    const fetchMock = mockFetch(() =>
      jsonResponse(
        envelope('success', {
          cardno: '10000001',
          cardtype: 'workshop',
          mobile: '13800138000',
          nickname: '',
          remembered: remember,
        }),
      ),
    );
    await submitLogin({ mobile: '13800138000', password: PASSWORD, remember });
    const body = JSON.parse(String((fetchMock.mock.calls[0] as [string, RequestInit])[1].body));
    expect(body).toEqual(
      remember
        ? { mobile: '13800138000', password: PASSWORD, autologin: 1 }
        : { mobile: '13800138000', password: PASSWORD },
    );
    expect(storage.getCardno()).toBe('10000001');
    expect(storage.getName()).toBe(remember ? '13800138000' : null);
    expect(everythingStored()).not.toContain(PASSWORD);
    expect(everythingStored().toLowerCase()).not.toContain('pwd');
    expect(everythingStored().toLowerCase()).not.toContain('password');
  });
});
