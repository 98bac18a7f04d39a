import { describe, expect, it } from 'vitest';
import { Client, login, register } from './helpers.ts';
import { useTestApp } from './member-fixtures.ts';

const ctx = useTestApp();

describe('register → login → loginCheck → logout', () => {
  it('walks the whole account journey', async () => {
    const c = new Client(ctx.app);
    const { mobile, cardno } = await register(c);
    expect(cardno).toMatch(/^\d{8}$/);
    const res = await login(c, mobile);
    expect(res.body).toMatchObject({ success: true, errCode: 'success', data: { cardno } });
    const check = await c.get('User/loginCheck');
    expect(check.body.data).toMatchObject({ cardno, mobile });
    await c.get('User/logout');
    const after = await c.get('User/loginCheck');
    expect(after.status).toBe(401);
    expect(after.body.errCode).toBe('NOT_LOGGED_IN');
  });
});
