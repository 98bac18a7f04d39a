import { afterEach, describe, expect, it, vi } from 'vitest';
import { storage } from '../../../lib/storage.ts';
import { envelope, jsonResponse, mockFetch } from '../../../lib/test-utils.ts';
import { submitLogin } from './login.ts';

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

describe('login storage', () => {
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
