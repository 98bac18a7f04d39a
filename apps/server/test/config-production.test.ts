import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config/env.ts';

/** What production refuses to start with (issue 8 §6; README, "部署"). */

const ALIYUN = {
  SMS_PROVIDER: 'aliyun',
  ALIYUN_ACCESS_KEY_ID: 'LTAIfakeKeyId0001',
  ALIYUN_ACCESS_KEY_SECRET: 'fakeAccessKeySecret0123456789',
  ALIYUN_SMS_SIGN_NAME: '展览供应商平台',
  ALIYUN_SMS_TEMPLATE: 'SMS_100000001',
};

function refusal(env: Record<string, string>): string {
  try {
    loadConfig(env);
  } catch (err) {
    return (err as Error).message;
  }
  throw new Error(`loadConfig accepted ${JSON.stringify(env)}`);
}

describe('production needs a real SMS provider', () => {
  it.each([
    ['no SMS_PROVIDER (the development sender)', { NODE_ENV: 'production' }],
    ['SMS_PROVIDER=dev', { NODE_ENV: 'production', SMS_PROVIDER: 'dev' }],
    ['SMS_PROVIDER empty', { NODE_ENV: 'production', SMS_PROVIDER: '' }],
  ])('%s → refused, naming every variable to set, in Chinese and English', (_label, env) => {
    const msg = refusal(env);
    expect(msg).toMatch(/^配置错误/);
    expect(msg).toContain('生产环境');
    for (const name of [
      'NODE_ENV=production',
      'SMS_PROVIDER=aliyun',
      'ALIYUN_ACCESS_KEY_ID',
      'ALIYUN_ACCESS_KEY_SECRET',
      'ALIYUN_SMS_SIGN_NAME',
      'ALIYUN_SMS_TEMPLATE',
    ]) {
      expect(msg).toContain(name);
    }
    expect(msg).toMatch(/production needs a real SMS provider/);
  });

  it('with Aliyun configured production starts: Aliyun sender, no demo data, secure cookies, HSTS', () => {
    // SMS_PROVIDER=aliyun without its keys is still refused, naming the missing keys
    const msg = refusal({ NODE_ENV: 'production', SMS_PROVIDER: 'aliyun', ALIYUN_ACCESS_KEY_ID: 'id' });
    expect(msg).toContain('ALIYUN_ACCESS_KEY_SECRET');
    expect(msg).toContain('ALIYUN_SMS_SIGN_NAME');
    const c = loadConfig({ NODE_ENV: 'production', ...ALIYUN });
    expect(c).toMatchObject({
      isProduction: true,
      sms: { provider: 'aliyun' },
      server: { demoData: false, cookieSecure: true, hsts: true },
    });
    expect(c.sms.aliyun?.templates).toEqual({
      regist: 'SMS_100000001',
      reset: 'SMS_100000001',
      bind: 'SMS_100000001',
    });
  });

  it('outside production the development sender and demo data stay the defaults, without HSTS', () => {
    for (const NODE_ENV of ['development', 'test']) {
      expect(loadConfig({ NODE_ENV })).toMatchObject({
        sms: { provider: 'dev', aliyun: null },
        server: { demoData: true, hsts: false },
      });
      expect(loadConfig({ NODE_ENV, DEMO_DATA: 'true' }).server.demoData).toBe(true);
    }
  });
});

describe('production refuses demo data', () => {
  it('DEMO_DATA on → refused, naming DEMO_DATA and the demo operator; off or unset → accepted', () => {
    for (const value of ['true', '1']) {
      const msg = refusal({ NODE_ENV: 'production', ...ALIYUN, DEMO_DATA: value });
      expect(msg).toMatch(/^配置错误/);
      expect(msg).toContain('DEMO_DATA');
      expect(msg).toContain('admin/admin1234');
      expect(msg).toMatch(/DEMO_DATA must be off in production/);
    }
    for (const value of ['false', '0', '']) {
      expect(loadConfig({ NODE_ENV: 'production', ...ALIYUN, DEMO_DATA: value }).server.demoData).toBe(false);
    }
  });

  it('every production problem is named at once', () => {
    const msg = refusal({
      NODE_ENV: 'production',
      DEMO_DATA: 'true',
      WECHAT_APPID: 'wx1',
      WECHAT_SECRET: 's',
    });
    expect(msg).toContain('SMS_PROVIDER=aliyun');
    expect(msg).toContain('DEMO_DATA');
    expect(msg).toContain('WECHAT_REDIRECT_URI');
  });
});
