import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction, RouteOptions } from 'fastify';
import type { Db } from '../db/client.ts';
import { claimKey, dropExpiredKeys, findKey, finishKey, releaseKey } from '../db/idempotency.repo.ts';
import { sha256 } from '../lib/crypto.ts';
import { AppError } from '../lib/errors.ts';
import type { App } from '../lib/types.ts';

/**
 * Idempotent submissions (docs/adr/0010-idempotency-keys.md, docs/api.md "Idempotency-Key"). A
 * route that declares `config: { idempotent: true }` (a member route) runs at most once per
 * member and `Idempotency-Key` header: the key is claimed by one atomic INSERT … ON CONFLICT before
 * the handler runs; the answer (status and body, errors below 500 included) is kept for 24 hours
 * and answered again to every repeat; a repeat that arrives while the first still runs waits for
 * its answer; the same key with another body is IDEMPOTENCY_KEY_REUSED (422). Without the header
 * the route runs as before.
 */

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route runs once per Idempotency-Key: plugins/idempotency.ts. */
    idempotent?: boolean;
  }
  interface FastifyRequest {
    /** the key this request claimed, if any: its answer is kept when it is sent */
    idempotencyClaim: { memberId: number; key: string } | null;
  }
}

export const IDEMPOTENCY_HEADER = 'idempotency-key';
/** What a client may send: printable ASCII, as the IETF draft and Stripe accept (a UUID fits). */
const KEY_RE = /^[\x21-\x7e]{8,255}$/;
/** A repeat waits this long for the first request's answer before it gives up (409). */
const WAIT_MS = 20_000;
const POLL_MS = 25;

/** The header, checked before the body (a malformed key is the client's fault, whatever the body). */
function keyOf(request: FastifyRequest): string | undefined {
  const raw = request.headers[IDEMPOTENCY_HEADER];
  if (raw === undefined) return undefined;
  const key = Array.isArray(raw) ? undefined : raw;
  if (key === undefined || !KEY_RE.test(key))
    throw new AppError('VALIDATION_FAILED', {
      message: '请求标识（Idempotency-Key）格式不正确，请刷新页面后重试',
    });
  return key;
}

/** Claims the key, or answers the kept result of the first request with it. */
async function before(
  db: Db,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<FastifyReply | undefined> {
  const key = keyOf(request);
  if (key === undefined) return undefined;
  const memberId = request.member?.memberId;
  if (memberId === undefined) throw new AppError('NOT_LOGGED_IN');
  const fingerprint = sha256(`${request.routeOptions.url}\n${JSON.stringify(request.body ?? null)}`);

  await dropExpiredKeys(db, memberId);
  const deadline = Date.now() + WAIT_MS;
  for (;;) {
    if (await claimKey(db, memberId, key, fingerprint)) {
      request.idempotencyClaim = { memberId, key };
      return undefined;
    }
    const row = await findKey(db, memberId, key);
    // gone: the first request failed inside (5xx) and released it; claim it again
    if (!row) continue;
    if (row.fingerprint !== fingerprint) throw new AppError('IDEMPOTENCY_KEY_REUSED');
    if (row.state === 'done' && row.httpStatus !== null && row.body !== null) {
      return reply
        .code(row.httpStatus)
        .header('content-type', 'application/json; charset=utf-8')
        .header('idempotent-replayed', 'true')
        .send(row.body);
    }
    if (Date.now() >= deadline) throw new AppError('IDEMPOTENCY_IN_PROGRESS');
    await sleep(POLL_MS);
  }
}

/** Keeps the answer of the request that claimed the key (or releases the key after a 5xx). */
async function after(
  db: Db,
  request: FastifyRequest,
  reply: FastifyReply,
  payload: unknown,
): Promise<unknown> {
  const claim = request.idempotencyClaim;
  if (!claim) return payload;
  request.idempotencyClaim = null;
  if (reply.statusCode >= 500 || typeof payload !== 'string') await releaseKey(db, claim.memberId, claim.key);
  else await finishKey(db, claim.memberId, claim.key, reply.statusCode, payload);
  return payload;
}

/**
 * Installs the hooks on each idempotent route as it is registered: call it after registerGuards
 * (the guard names the member first) and before the routes. The onSend hook goes first among the
 * route's own, so it keeps the JSON text before compression turns it into a stream.
 */
export function registerIdempotency(app: App, db: Db): void {
  app.decorateRequest('idempotencyClaim', null);
  app.addHook('onRoute', (route: RouteOptions) => {
    if (route.config?.idempotent !== true) return;
    const guard = route.config.guard;
    if (guard !== 'member' && guard !== 'customer' && guard !== 'supplier')
      throw new Error(`route ${route.method} ${route.url}: idempotent needs a member guard`);
    const pre = (request: FastifyRequest, reply: FastifyReply) => before(db, request, reply);
    const send = (request: FastifyRequest, reply: FastifyReply, payload: unknown) =>
      after(db, request, reply, payload);
    const check = (request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction) => {
      try {
        keyOf(request);
      } catch (e) {
        return done(e as Error);
      }
      done();
    };
    // after the guard (401/403 first), before the body's rules
    route.preValidation = [...toArray(route.preValidation), check];
    route.preHandler = [pre, ...toArray(route.preHandler)];
    route.onSend = [send, ...toArray(route.onSend)];
  });
}

function toArray<T>(v: T | T[] | undefined): T[] {
  return v === undefined ? [] : Array.isArray(v) ? v : [v];
}
