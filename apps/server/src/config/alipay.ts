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

/** The two keys, each missing or unreadable told apart (docs/payments.md § Configuration). */
const KEYS = [
  {
    name: 'ALIPAY_PRIVATE_KEY',
    kind: 'private',
    missing: '缺少应用私钥 (the app private key is missing)',
    invalid: '不是有效的 RSA 私钥（PEM 的 PKCS#1/PKCS#8，或密钥工具输出的 base64） (not an RSA private key)',
  },
  {
    name: 'ALIPAY_PUBLIC_KEY',
    kind: 'public',
    missing: '缺少支付宝公钥 (Alipay public key is missing)',
    invalid: '不是有效的 RSA 公钥（PEM 或 base64） (not an RSA public key)',
  },
] as const;

/** null: no ALIPAY_APP_ID (the sandbox outside production, PAYMENT_NOT_CONFIGURED in production). */
export function alipayConfig(e: AlipayEnv): AlipayConfig | null {
  if (!e.ALIPAY_APP_ID) return null;
  const problems: string[] = [];
  const [privateKey, publicKey] = KEYS.map((k) => {
    const raw = e[k.name];
    const pem = raw ? normaliseKey(raw, k.kind) : null;
    if (!pem) problems.push(`${k.name}: ${raw ? k.invalid : k.missing}`);
    return pem;
  });
  if (problems.length > 0) {
    throw new Error(`配置错误（环境变量，支付宝）：\n${problems.map((m) => `  ${m}`).join('\n')}`);
  }
  return {
    appId: e.ALIPAY_APP_ID,
    privateKey: privateKey!,
    alipayPublicKey: publicKey!,
    gateway: e.ALIPAY_GATEWAY,
    sellerId: e.ALIPAY_SELLER_ID ?? null,
  };
}

/**
 * A key as PEM (PKCS#1, or PKCS#8 / SPKI) or the bare base64 body Alipay's key tool prints →
 * PKCS#8 PEM (private) or SPKI PEM (public); null if it is no RSA key of that kind.
 */
function normaliseKey(raw: string, kind: 'private' | 'public'): string | null {
  const text = raw.trim().replace(/\\n/g, '\n');
  const create = (kind === 'private' ? createPrivateKey : createPublicKey) as (
    input: string | { key: Buffer; format: 'der'; type: 'pkcs1' | 'pkcs8' | 'spki' },
  ) => ReturnType<typeof createPublicKey>;
  const derTypes = kind === 'private' ? (['pkcs8', 'pkcs1'] as const) : (['spki', 'pkcs1'] as const);
  const attempts: Array<() => ReturnType<typeof createPublicKey>> = text.includes('-----BEGIN')
    ? [() => create(text)]
    : derTypes.map(
        (type) => () => create({ key: Buffer.from(text.replace(/\s+/g, ''), 'base64'), format: 'der', type }),
      );
  for (const attempt of attempts) {
    try {
      const key = attempt();
      if (key.asymmetricKeyType !== 'rsa') return null;
      return kind === 'private'
        ? key.export({ format: 'pem', type: 'pkcs8' }).toString()
        : key.export({ format: 'pem', type: 'spki' }).toString();
    } catch {}
  }
  return null;
}

export const normalisePrivateKey = (raw: string): string | null => normaliseKey(raw, 'private');
export const normalisePublicKey = (raw: string): string | null => normaliseKey(raw, 'public');
