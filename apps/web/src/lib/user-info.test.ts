import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from './session-store.ts';
import { readItem, storage } from './storage.ts';
import { envelope, jsonResponse, mockFetch } from './test-utils.ts';
import { fetchUserInfo } from './user-info.ts';

const INFO = {
  cardno: '10000001',
  businsauth: 0,
  personauth: 1,
  ispaycode: true,
  pwd: '',
  mobile: '13800000001',
};

beforeEach(() => {
  storage.saveLogin('10000001');
  useSession.setState({ cardno: '10000001', loginState: true });
});
afterEach(() => vi.unstubAllGlobals());

describe('Member/userInfo storage rules (docs/seed-map.md § Browser storage, § Client state)', () => {
  it('stores the business-auth status and the pay-code flag after success, never a password', async () => {
    const fetchMock = mockFetch(() => jsonResponse(envelope('success', INFO)));
    const data = await fetchUserInfo();
    expect(data.cardno).toBe('10000001');
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/Member/userInfo');
    expect(init.method).toBe('POST');
    expect(readItem('businsauth')).toBe('0');
    expect(readItem('ispaycode')).toBe('1');
    expect(readItem('cardno')).toBe('10000001');
    expect(Object.keys(localStorage).some((k) => /pwd|password/i.test(k))).toBe(false);
  });

  it('stores ispaycode 0 when no pay password is set', async () => {
    mockFetch(() => jsonResponse(envelope('success', { ...INFO, ispaycode: false, businsauth: 3 })));
    await fetchUserInfo();
    expect(readItem('ispaycode')).toBe('0');
    expect(readItem('businsauth')).toBe('3');
  });

  it.each([
    ['NOT_LOGGED_IN', 401],
    ['INTERNAL', 500],
  ])('an answer that is not success (%s) removes the stored cardno', async (code, status) => {
    mockFetch(() => jsonResponse(envelope(code, null), status));
    await expect(fetchUserInfo()).rejects.toMatchObject({ code });
    expect(readItem('cardno')).toBeNull();
    expect(useSession.getState().cardno).toBeNull();
    expect(readItem('businsauth')).toBeNull();
  });

  it('a network failure (no answer at all) keeps the session hint', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await expect(fetchUserInfo()).rejects.toMatchObject({ code: 'NETWORK_ERROR' });
    expect(readItem('cardno')).toBe('10000001');
  });
});
