import type { CookieSerializeOptions } from '@fastify/cookie';
import type { FastifyReply } from 'fastify';
import type { Config } from '../config/env.ts';
import type { Db } from '../db/client.ts';
import type { App } from '../lib/types.ts';
import { findSession, type SessionContext } from '../modules/user/session.service.ts';
import type { SessionCache } from '../modules/user/session-cache.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The member of a live session cookie; null when not logged in. */
    member: SessionContext | null;
  }
}

export const SID_COOKIE = 'zl_sid';
export const RT_COOKIE = 'zl_rt';
/** The remember cookie goes only to the account calls that use it. */
const RT_PATH = '/api/User';

export function sessionCookieOptions(config: Config): CookieSerializeOptions {
  // A browser-session cookie: closing the browser ends it; remember-me is the separate RT cookie.
  return { path: '/', httpOnly: true, sameSite: 'strict', secure: config.server.cookieSecure };
}

export function rememberCookieOptions(config: Config): CookieSerializeOptions {
  return {
    path: RT_PATH,
    httpOnly: true,
    sameSite: 'strict',
    secure: config.server.cookieSecure,
    maxAge: Math.floor(config.sessions.rememberMs / 1000),
  };
}

export function clearSessionCookies(reply: FastifyReply, config: Config): void {
  reply.clearCookie(SID_COOKIE, sessionCookieOptions(config));
  reply.clearCookie(RT_COOKIE, { ...rememberCookieOptions(config), maxAge: 0 });
}

export function registerSessionHook(app: App, db: Db, config: Config, cache?: SessionCache): void {
  app.decorateRequest('member', null);
  // A callback hook: a request without a session cookie (or for a static file) goes on without a
  // promise (docs/bench/search.md, "Per request").
  app.addHook('onRequest', (request, reply, done) => {
    // The API and the private-file route need the member; static assets do not.
    if (!request.url.startsWith('/api/') && !request.url.startsWith('/files/')) return done();
    const token = request.cookies[SID_COOKIE];
    if (!token) return done();
    findSession(db, config, token, cache).then((member) => {
      request.member = member;
      try {
        // A tampered, foreign or dead cookie is dropped, so the browser stops sending it.
        if (!member) reply.clearCookie(SID_COOKIE, sessionCookieOptions(config));
      } catch (e) {
        return done(e as Error);
      }
      done();
    }, done);
  });
}
