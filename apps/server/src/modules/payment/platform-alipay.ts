import { createSign, createVerify, generateKeyPair, randomInt } from 'node:crypto';
import { promisify } from 'node:util';
import type { Config } from '../../config/env.ts';
import type { Db } from '../../db/client.ts';
import type { AlipayGateway } from './alipay-gateway.ts';
import { createAlipayGateway } from './alipay-sdk-gateway.ts';
import { findSandboxKeys, insertSandboxKeys, type SandboxKeysRow } from './sandbox.repo.ts';

/** Where the built-in sandbox gateway answers (docs/payments.md "The sandbox"). */
export const SANDBOX_GATEWAY_PATH = '/sandbox/alipay/gateway.do';
/** The sandbox merchant's PID: its notifications name it as seller_id, and it is checked. */
export const SANDBOX_SELLER_ID = '2088000000000001';

/** What the payment module needs besides the gateway calls: whose notifications to believe. */
export interface MerchantIdentity {
  appId: string;
  /** null: not configured, not checked */
  sellerId: string | null;
}

/**
 * The gateway the app is wired with (`deps.alipay`). The sandbox's keys live in the database, so
 * its client is built on first use: `ready()` answers once it is (the payment calls await it; the
 * asynchronous calls of AlipayGateway await it themselves).
 */
export interface PlatformAlipay extends AlipayGateway {
  ready(): Promise<MerchantIdentity>;
}

/** Generated once per process and offered to the database; the stored pair wins. */
let generated: Promise<Omit<SandboxKeysRow, 'id' | 'createdAt'>> | null = null;

const generateRsa = promisify(generateKeyPair);

/**
 * Two RSA-2048 pairs, made in libuv's thread pool side by side: made on the main thread they held
 * every request for ≈0.12 s of a fresh start's first reconciliation (docs/adr/0018-demo-template.md
 * § Start time).
 */
async function generateSandboxKeys(): Promise<Omit<SandboxKeysRow, 'id' | 'createdAt'>> {
  const pair = () =>
    generateRsa('rsa', {
      modulusLength: 2048,
      publicKeyEncoding: { type: 'spki', format: 'pem' },
      privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    });
  const [app, alipay] = await Promise.all([pair(), pair()]);
  return {
    appId: `90210000${String(randomInt(10_000_000, 99_999_999))}`,
    appPrivateKey: app.privateKey,
    appPublicKey: app.publicKey,
    alipayPrivateKey: alipay.privateKey,
    alipayPublicKey: alipay.publicKey,
  };
}

/** The sandbox's key pairs of this database, created on first use (stable across restarts). */
export async function sandboxKeys(db: Db): Promise<SandboxKeysRow> {
  const found = await findSandboxKeys(db);
  if (found) return found;
  generated ??= generateSandboxKeys().catch((err: unknown) => {
    generated = null; // the next call tries again
    throw err;
  });
  await insertSandboxKeys(db, await generated);
  return (await findSandboxKeys(db))!;
}

/**
 * Alipay's side of the RSA2 signature, for the sandbox only (the production path never signs
 * what Alipay sends): parameters sorted by name, `k=v` joined with `&`, SHA256withRSA, base64.
 */
export function signParams(
  params: Record<string, string>,
  privateKey: string,
  omit: readonly string[],
): string {
  const content = Object.keys(params)
    .filter((k) => !omit.includes(k) && params[k] !== '' && params[k] !== undefined)
    .sort()
    .map((k) => `${k}=${params[k]}`)
    .join('&');
  return createSign('RSA-SHA256').update(content, 'utf8').sign(privateKey, 'base64');
}

/** The sandbox's check of a request signed by alipay-sdk (every parameter but `sign`). */
export function verifyRequestSignature(params: Record<string, string>, publicKey: string): boolean {
  const signature = params.sign;
  if (!signature) return false;
  const content = Object.keys(params)
    .filter((k) => k !== 'sign')
    .sort()
    .map((k) => `${k}=${params[k]}`)
    .join('&');
  try {
    return createVerify('RSA-SHA256').update(content, 'utf8').verify(publicKey, signature, 'base64');
  } catch {
    return false;
  }
}

/** A signed `{"<method>_response":{…},"sign":"…"}` answer, as Alipay's gateway writes it. */
export function signedResponse(method: string, body: Record<string, unknown>, privateKey: string): string {
  const inner = JSON.stringify(body);
  const sign = createSign('RSA-SHA256').update(inner, 'utf8').sign(privateKey, 'base64');
  return `{"${method.replaceAll('.', '_')}_response":${inner},"sign":"${sign}"}`;
}

/**
 * `deps.alipay` for a configuration: Alipay itself with ALIPAY_APP_ID; else, outside production,
 * the same SDK client pointed at the server's own sandbox gateway; else null (PAYMENT_NOT_CONFIGURED).
 * Either way the client — and the SDK, some 200 modules — is made on first use, not at start
 * (docs/adr/0018-demo-template.md "Start time").
 */
export function createPlatformAlipay(config: Config, db: Db): PlatformAlipay | null {
  const real = config.alipay;
  if (real) {
    const identity = { appId: real.appId, sellerId: real.sellerId };
    return lazyGateway(false, async () => ({
      identity,
      client: await createAlipayGateway({
        appId: real.appId,
        privateKey: real.privateKey,
        alipayPublicKey: real.alipayPublicKey,
        gateway: real.gateway,
        sandbox: false,
      }),
    }));
  }
  if (config.isProduction) return null;
  const gateway = lazyGateway(true, async () => {
    const keys = await sandboxKeys(db);
    return {
      identity: { appId: keys.appId, sellerId: SANDBOX_SELLER_ID },
      client: await createAlipayGateway({
        appId: keys.appId,
        privateKey: keys.appPrivateKey,
        alipayPublicKey: keys.alipayPublicKey,
        gateway: `${config.server.publicBaseUrl}${SANDBOX_GATEWAY_PATH}`,
        sandbox: true,
      }),
    };
  });
  return {
    ...gateway,
    pagePayUrl: (order) => {
      // The browser stays on whatever origin it uses for the site (the sandbox is the site itself).
      const url = new URL(gateway.pagePayUrl(order));
      return `${url.pathname}${url.search}`;
    },
  };
}

/** A gateway whose client `load` makes on the first `ready()` (again after a failed attempt). */
function lazyGateway(
  sandbox: boolean,
  load: () => Promise<{ identity: MerchantIdentity; client: AlipayGateway }>,
): PlatformAlipay {
  let client: AlipayGateway | null = null;
  let loading: Promise<MerchantIdentity> | null = null;
  const ready = (): Promise<MerchantIdentity> => {
    loading ??= load().then(
      (made) => {
        client = made.client;
        return made.identity;
      },
      (err) => {
        loading = null; // the database may answer next time
        throw err;
      },
    );
    return loading;
  };
  const loaded = (): AlipayGateway => {
    if (!client) throw new Error('the Alipay gateway is used before ready()');
    return client;
  };
  return {
    sandbox,
    ready,
    pagePayUrl: (order) => loaded().pagePayUrl(order),
    verifyNotify: (form) => loaded().verifyNotify(form),
    query: async (outTradeNo) => {
      await ready();
      return loaded().query(outTradeNo);
    },
    refund: async (r) => {
      await ready();
      return loaded().refund(r);
    },
    transfer: async (t) => {
      await ready();
      return loaded().transfer(t);
    },
  };
}
