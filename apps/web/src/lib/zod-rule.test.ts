import { inviteCodeSchema, mobileSchema, passwordSchema } from '@zl/shared';
import { describe, expect, it, vi } from 'vitest';
import { BizError } from './biz-error.ts';
import { applyFieldErrors, checkWith, zodRule } from './zod-rule.ts';

type Validator = (rule: unknown, value: unknown) => Promise<void>;
const run = (rule: ReturnType<typeof zodRule>, value: unknown) => (rule.validator as Validator)({}, value);

describe('zod → antd Form rule adapter', () => {
  it('resolves for valid input', async () => {
    await expect(run(zodRule(mobileSchema), '13800138000')).resolves.toBeUndefined();
  });

  it("rejects with the schema's first Chinese message", async () => {
    await expect(run(zodRule(mobileSchema), '123')).rejects.toThrow('请输入正确的 11 位手机号');
    await expect(run(zodRule(mobileSchema), undefined)).rejects.toThrow('请输入手机号');
    await expect(run(zodRule(passwordSchema), 'abcdefgh')).rejects.toThrow('密码需同时包含字母和数字');
  });

  it('optional fields let empty values through but still check filled ones', async () => {
    const rule = zodRule(inviteCodeSchema, { optional: true });
    await expect(run(rule, '')).resolves.toBeUndefined();
    await expect(run(rule, undefined)).resolves.toBeUndefined();
    await expect(run(rule, '12ab')).rejects.toThrow('邀请码为 8 位数字');
  });

  it('accepts a lazy schema loader', async () => {
    const loader = vi.fn(async () => mobileSchema);
    await expect(checkWith(loader, '12')).resolves.toBe('请输入正确的 11 位手机号');
    await expect(checkWith(loader, '13912345678')).resolves.toBeNull();
    expect(loader).toHaveBeenCalledTimes(2);
  });
});

describe('applyFieldErrors (VALIDATION_FAILED data.fields → form.setFields)', () => {
  const form = () => ({
    setFields: vi.fn(),
    getFieldsValue: vi.fn(() => ({ mobile: '', code: '', password: '' })),
  });

  it('maps each field message onto the form', () => {
    const f = form();
    const err = new BizError({
      code: 'VALIDATION_FAILED',
      message: '提交的信息有误',
      data: { fields: { mobile: '手机号格式不正确', code: '验证码为 6 位数字', unknown: '忽略' } },
    });
    expect(applyFieldErrors(f, err)).toBe(true);
    expect(f.setFields).toHaveBeenCalledWith([
      { name: 'mobile', errors: ['手机号格式不正确'] },
      { name: 'code', errors: ['验证码为 6 位数字'] },
    ]);
  });

  it('returns false for other errors', () => {
    const f = form();
    expect(applyFieldErrors(f, new BizError({ code: 'LOGIN_FAILED', message: 'x' }))).toBe(false);
    expect(applyFieldErrors(f, new BizError({ code: 'VALIDATION_FAILED', data: null }))).toBe(false);
    expect(f.setFields).not.toHaveBeenCalled();
  });
});
