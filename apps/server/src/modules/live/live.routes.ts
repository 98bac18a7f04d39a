import { PassThrough } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import { AppError, fieldError } from '../../lib/errors.ts';
import { routeOptions } from '../../lib/route.ts';
import type { App, Deps } from '../../lib/types.ts';
import { memberOf } from '../../plugins/guards.ts';
import { crossSiteVerdict } from '../../plugins/origin-check.ts';
import { unreadOf } from '../tip/tip.service.ts';
import { type LiveHub, type LiveStream, RETRY_MS, sseFrame } from './live.hub.ts';
import { lastTipId, tipsAfter } from './live.repo.ts';

/** Tips replayed to a resumed stream at most; more missed ones send `resync` instead. */
export const REPLAY_LIMIT = 50;

/** `Last-Event-ID` (the browser sends the last `id:` it saw when it reconnects): a tip id, or none. */
function lastEventId(request: FastifyRequest): number | undefined {
  const raw = request.headers['last-event-id'];
  if (raw === undefined || raw === '') return undefined;
  const value = Array.isArray(raw) ? raw[0] : raw;
  if (typeof value !== 'string' || !/^\d{1,15}$/.test(value))
    throw fieldError('VALIDATION_FAILED', 'lastEventId', 'Last-Event-ID 须为消息编号（正整数）');
  return Number(value);
}

/**
 * GET /api/Tipcenter/stream (docs/messages.md "Live updates", docs/adr/0007-live-events.md): the
 * signed-in member's server-sent events — `tip` (a new tip and the unread count), `unread` (the
 * count after a read or delete elsewhere), `project` (a project of theirs changed), `resync`
 * (something may have been missed: read again).
 */
export function registerLiveRoutes(app: App, deps: Deps, hub: LiveHub): void {
  const member = routeOptions('member', 'Tipcenter');
  app.get(
    '/api/Tipcenter/stream',
    {
      ...member.other(
        '实时消息流（SSE）',
        '当前会员的服务器推送事件流（text/event-stream，用 EventSource 连接）：tip 新消息（消息与未读数，id 为消息编号）、unread 未读数变化（在别处已读或删除）、project 自己的项目有变化（id、what：quote 新报价 / project 状态等、status、quotes 报价数）、resync 可能漏收，请重新读取。每 25 秒一行注释保活；断线后浏览器带 Last-Event-ID 重连，补发其后的消息（最多 50 条，更多时发 resync）。同一账号最多同时 10 个连接（RATE_LIMITED）。需登录。',
        {},
      ),
      // compression would hold events back until a block fills
      compress: false,
      // a HEAD would open a stream that sends nothing: only GET
      exposeHeadRoute: false,
      // EventSource sends no Origin on the site's own pages; another site's page is refused as for a POST
      onRequest: async (request) => {
        if (crossSiteVerdict(request, deps.config.server.allowedOrigins) === 'refused')
          throw new AppError('CROSS_SITE_REFUSED');
      },
    },
    async (request, reply) => {
      const { memberId, sessionHash } = memberOf(request);
      const after = lastEventId(request);
      deps.log.debug({ memberId }, 'live stream');
      hub.admit(memberId);
      const out = new PassThrough();
      const lifetime = hub.options.lifetimeMs;
      const stream: LiveStream = {
        memberId,
        sessionHash,
        lastId: 0,
        out,
        endsAt: Date.now() + lifetime * (0.9 + Math.random() * 0.2),
        recent: [],
      };
      // counted at once (no await since admit): concurrent opens cannot pass the caps together
      hub.add(stream);
      // a client gone while the replay is read frees its place too
      reply.raw.once('close', () => out.destroy());
      try {
        // listening before the replay is read: nothing committed in between is lost
        await hub.ready();
        out.write(`retry: ${RETRY_MS}\n\n`);
        const unread = await unreadOf(deps.db, memberId);
        if (after === undefined) {
          stream.lastId = Math.max(stream.lastId, await lastTipId(deps.db, memberId));
        } else {
          stream.lastId = Math.max(stream.lastId, after);
          const missed = await tipsAfter(deps.db, memberId, after, REPLAY_LIMIT + 1);
          if (missed.length > REPLAY_LIMIT) {
            stream.lastId = Math.max(stream.lastId, await lastTipId(deps.db, memberId));
            hub.write(stream, sseFrame('resync', {}, stream.lastId));
          } else {
            hub.sendTips(stream, missed, unread);
          }
        }
        // the count now, with the id to resume from
        hub.write(stream, sseFrame('unread', { unread }, stream.lastId));
      } catch (err) {
        hub.remove(stream);
        out.destroy();
        throw err;
      }
      return reply
        .header('content-type', 'text/event-stream; charset=utf-8')
        .header('cache-control', 'no-store')
        .header('x-accel-buffering', 'no')
        .send(out);
    },
  );
}
