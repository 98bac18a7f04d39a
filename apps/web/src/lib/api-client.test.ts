import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from './api-client.ts';
import { BizError, fieldErrorsOf } from './biz-error.ts';
import { envelope, jsonResponse, mockFetch } from './test-utils.ts';

afterEach(() => vi.unstubAllGlobals());

describe('api client', () => {
  it('POSTs JSON to /api/<path> with same-origin credentials and unwraps data', async () => {
    const fetchMock = mockFetch(() => jsonResponse(envelope('success', { resendIn: 60, expiresIn: 300 })));
    const data = await api.post('User/getCode', { mobile: '13800138000', type: 'regist' });
    expect(data).toEqual({ resendIn: 60, expiresIn: 300 });
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/User/getCode');
    expect(init.method).toBe('POST');
    expect(init.credentials).toBe('same-origin');
    expect(JSON.parse(String(init.body))).toEqual({ mobile: '13800138000', type: 'regist' });
    expect((init.headers as Record<string, string>)['Content-Type']).toBe('application/json');
  });

  it('GET puts the query in the URL and sends no body', async () => {
    const fetchMock = mockFetch(() => jsonResponse(envelope('success', { items: [] })));
    await api.get('Dev/smsOutbox', { mobile: '13800138000', skip: undefined });
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/Dev/smsOutbox?mobile=13800138000');
    expect(init.body).toBeUndefined();
  });

  it('a non-success errCode throws a BizError with code, message, showType, data and status', async () => {
    mockFetch(() =>
      jsonResponse(
        envelope(
          'SMS_TOO_FREQUENT',
          { retryAfter: 42 },
          { errorMessage: '验证码发送过于频繁，请稍后再试', showType: 1 },
        ),
        429,
      ),
    );
    const e = await api.post('User/getCode', {}, { skipErrorHandler: true }).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(BizError);
    expect(e).toMatchObject({
      code: 'SMS_TOO_FREQUENT',
      message: '验证码发送过于频繁，请稍后再试',
      showType: 1,
      data: { retryAfter: 42 },
      httpStatus: 429,
    });
  });

  it('ALREADY_LOGGED_IN counts as success only where the call says so', async () => {
    mockFetch(() => jsonResponse(envelope('ALREADY_LOGGED_IN', { cardno: '10000001' })));
    await expect(api.post('User/login', {}, { okCodes: ['ALREADY_LOGGED_IN'] })).resolves.toEqual({
      cardno: '10000001',
    });
    await expect(api.post('User/login', {}, { skipErrorHandler: true })).rejects.toBeInstanceOf(BizError);
  });

  it('a non-JSON answer (proxy error page) becomes a BizError with the fallback text', async () => {
    mockFetch(() => new Response('<html>502</html>', { status: 502 }));
    await expect(api.get('User/loginCheck', undefined, { skipErrorHandler: true })).rejects.toMatchObject({
      code: 'BAD_RESPONSE',
      httpStatus: 502,
    });
  });

  it('VALIDATION_FAILED exposes data.fields', async () => {
    mockFetch(() =>
      jsonResponse(
        envelope('VALIDATION_FAILED', { fields: { mobile: '请输入正确的 11 位手机号', n: 1 } }),
        400,
      ),
    );
    const e = await api.post('User/regist', {}, { skipErrorHandler: true }).catch((x: unknown) => x);
    expect(fieldErrorsOf(e)).toEqual({ mobile: '请输入正确的 11 位手机号' });
  });
});

describe('api client: Idempotency-Key (docs/adr/0010-idempotency-keys.md)', () => {
  const keyOf = (call: unknown) =>
    ((call as [string, RequestInit])[1].headers as Record<string, string>)['Idempotency-Key'];

  it('a retry of the same submission after no answer reuses its key; an answer or another body starts a new one', async () => {
    const { Submission } = await import('./submission.ts');
    const s = new Submission();
    let fail = true;
    const fetchMock = mockFetch(() => {
      if (fail) throw new TypeError('Failed to fetch');
      return jsonResponse(envelope('success', { ok: 1 }));
    });
    const body = { amount: 500_000, paypwd: '135790' };
    await api
      .post('Applycash/postNew', body, { skipErrorHandler: true, submission: s })
      .catch(() => undefined);
    fail = false;
    await api.post('Applycash/postNew', body, { skipErrorHandler: true, submission: s });
    await api.post('Applycash/postNew', body, { skipErrorHandler: true, submission: s });
    await api.post('Applycash/postNew', { ...body, amount: 1000 }, { skipErrorHandler: true, submission: s });
    const keys = fetchMock.mock.calls.map(keyOf);
    expect(keys[0]).toMatch(/^[\w-]{8,}$/);
    expect(keys[1]).toBe(keys[0]); // no answer came: the same submission
    expect(keys[2]).not.toBe(keys[1]); // answered: a new submission
    expect(keys[3]).not.toBe(keys[2]);
    // calls without a submission carry no key
    await api.post('User/getCode', {});
    expect(keyOf(fetchMock.mock.calls[4])).toBeUndefined();
  });
});
