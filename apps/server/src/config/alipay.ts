import { createPrivateKey, createPublicKey } from 'node:crypto';
import { z } from 'zod';

/** Alipay 电脑网站支付 (docs/payments.md); without ALIPAY_APP_ID: the sandbox (not in production). */
export const alipayEnv = z.object({
  ALIPAY_APP_ID: z.string().max(32).optional(),
  ALIPAY_PRIVATE_KEY: z.string().max(8192).optional(),
  ALIPAY_PUBLIC_KEY: z.string().max(4096).optional(),
  ALIPAY_GATEWAY: z.url().default('https://openapi.alipay.com/gateway.do'),
  ALIPAY_SELLER_ID: z.string().max(32).optional(),
});

export type AlipayEnv = z.output<typeof alipayEnv>;

export interface AlipayConfig {
  appId: string;
  /** the app's RSA2 private key, normalised to PKCS#8 PEM */
  privateKey: string;
  /** Alipay's public key, normalised to SPKI PEM */
  alipayPublicKey: string;
  gateway: string;
  /** the merchant's PID (2088…): a notify naming another seller is refused */
  sellerId: string | null;
}

/** null: no ALIPAY_APP_ID (the sandbox outside production, PAYMENT_NOT_CONFIGURED in production). */
export function alipayConfig(e: AlipayEnv): AlipayConfig | null {
  if (!e.ALIPAY_APP_ID) return null;
  const missing: string[] = [];
  const privateKey = e.ALIPAY_PRIVATE_KEY ? normalisePrivateKey(e.ALIPAY_PRIVATE_KEY) : null;
  const publicKey = e.ALIPAY_PUBLIC_KEY ? normalisePublicKey(e.ALIPAY_PUBLIC_KEY) : null;
  if (!e.ALIPAY_PRIVATE_KEY)
    missing.push('ALIPAY_PRIVATE_KEY: 缺少应用私钥 (the app private key is missing)');
  else if (!privateKey)
    missing.push(
      'ALIPAY_PRIVATE_KEY: 不是有效的 RSA 私钥（PEM 的 PKCS#1/PKCS#8，或密钥工具输出的 base64） (not an RSA private key)',
    );
  if (!e.ALIPAY_PUBLIC_KEY) missing.push('ALIPAY_PUBLIC_KEY: 缺少支付宝公钥 (Alipay public key is missing)');
  else if (!publicKey)
    missing.push('ALIPAY_PUBLIC_KEY: 不是有效的 RSA 公钥（PEM 或 base64） (not an RSA public key)');
  if (missing.length > 0) {
    throw new Error(`配置错误（环境变量，支付宝）：\n${missing.map((m) => `  ${m}`).join('\n')}`);
  }
  return {
    appId: e.ALIPAY_APP_ID,
    privateKey: privateKey!,
    alipayPublicKey: publicKey!,
    gateway: e.ALIPAY_GATEWAY,
    sellerId: e.ALIPAY_SELLER_ID ?? null,
  };
}

/** PEM (PKCS#1 or PKCS#8) or the bare base64 body Alipay's key tool prints → PKCS#8 PEM; null if no key. */
export function normalisePrivateKey(raw: string): string | null {
  const text = raw.trim().replace(/\\n/g, '\n');
  const attempts: Array<() => ReturnType<typeof createPrivateKey>> = text.includes('-----BEGIN')
    ? [() => createPrivateKey(text)]
    : (['pkcs8', 'pkcs1'] as const).map(
        (type) => () =>
          createPrivateKey({ key: Buffer.from(text.replace(/\s+/g, ''), 'base64'), format: 'der', type }),
      );
  for (const attempt of attempts) {
    try {
      const key = attempt();
      if (key.asymmetricKeyType !== 'rsa') return null;
      return key.export({ format: 'pem', type: 'pkcs8' }).toString();
    } catch {}
  }
  return null;
}

/** PEM (SPKI or PKCS#1) or bare base64 → SPKI PEM; null if no RSA public key. */
export function normalisePublicKey(raw: string): string | null {
  const text = raw.trim().replace(/\\n/g, '\n');
  const attempts: Array<() => ReturnType<typeof createPublicKey>> = text.includes('-----BEGIN')
    ? [() => createPublicKey(text)]
    : (['spki', 'pkcs1'] as const).map(
        (type) => () =>
          createPublicKey({ key: Buffer.from(text.replace(/\s+/g, ''), 'base64'), format: 'der', type }),
      );
  for (const attempt of attempts) {
    try {
      const key = attempt();
      if (key.asymmetricKeyType !== 'rsa') return null;
      return key.export({ format: 'pem', type: 'spki' }).toString();
    } catch {}
  }
  return null;
}
