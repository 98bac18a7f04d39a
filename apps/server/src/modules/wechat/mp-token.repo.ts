import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { wechatMpTokens } from '../../db/schema/index.ts';

/** The 服务号's access_token as stored: `token` is '' until the first fetch. */
export interface StoredMpToken {
  token: string;
  expiresAt: Date;
}

/** The appid's token row, unlocked (the common case: another process has fetched a fresh one). */
export async function findToken(db: DbOrTx, appid: string): Promise<StoredMpToken | undefined> {
  const [row] = await db
    .select({ token: wechatMpTokens.token, expiresAt: wechatMpTokens.expiresAt })
    .from(wechatMpTokens)
    .where(eq(wechatMpTokens.appid, appid))
    .limit(1);
  return row;
}

/**
 * The appid's row, created first as an expired placeholder if there is none (two processes may
 * both insert: the second does nothing), then locked `for update` until the transaction ends: the
 * process holding it is the only one fetching a new token.
 */
export async function lockToken(tx: Tx, appid: string): Promise<StoredMpToken> {
  await tx
    .insert(wechatMpTokens)
    .values({ appid, token: '', expiresAt: new Date(0) })
    .onConflictDoNothing({ target: wechatMpTokens.appid });
  const [row] = await tx
    .select({ token: wechatMpTokens.token, expiresAt: wechatMpTokens.expiresAt })
    .from(wechatMpTokens)
    .where(eq(wechatMpTokens.appid, appid))
    .for('update');
  if (!row) throw new Error('wechat_mp_tokens: the row just ensured is missing');
  return row;
}

/** Stores a fetched token (under the row's lock). */
export async function storeToken(tx: Tx, appid: string, token: string, expiresAt: Date): Promise<void> {
  await tx
    .update(wechatMpTokens)
    .set({ token, expiresAt, updatedAt: sql`now()` })
    .where(eq(wechatMpTokens.appid, appid));
}

/**
 * Marks the stored token expired if it is still `token` (WeChat refused it); a newer one that
 * another process stored meanwhile stays. True when it was marked.
 */
export async function expireToken(db: DbOrTx, appid: string, token: string): Promise<boolean> {
  const rows = await db
    .update(wechatMpTokens)
    .set({ expiresAt: new Date(0), updatedAt: sql`now()` })
    .where(and(eq(wechatMpTokens.appid, appid), eq(wechatMpTokens.token, token)))
    .returning({ appid: wechatMpTokens.appid });
  return rows.length > 0;
}
