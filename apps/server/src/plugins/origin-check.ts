import type { FastifyRequest } from 'fastify';
import type { Config } from '../config/env.ts';
import { AppError } from '../lib/errors.ts';
import type { App } from '../lib/types.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A GET that changes state (Admin/logout): the cross-site check applies to it as to a POST. */
    changesState?: boolean;
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** An http(s) origin, normalised as browsers send it (lower case, no default port); else null. */
function normaliseOrigin(value: string): string | null {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : null;
  } catch {
    return null;
  }
}

/**
 * The site's own origin as this request names it: its scheme and Host. With TRUST_PROXY, Fastify
 * takes both from X-Forwarded-Proto / X-Forwarded-Host (the public name behind a reverse proxy).
 */
export function ownOrigin(request: FastifyRequest): string | null {
  return request.host ? normaliseOrigin(`${request.protocol}://${request.host}`) : null;
}

export type CrossSiteVerdict = 'allowed' | 'refused';

/**
 * Whether a state-changing request comes from the site's own pages (docs/api.md, "Cross-site
 * requests"). A browser names the page's origin in `Origin` on every POST; when it is absent, a
 * `Sec-Fetch-Site: cross-site` still gives a foreign page away. Requests with neither (curl,
 * server-to-server) are not a browser acting for someone else, and pass.
 */
export function crossSiteVerdict(
  request: FastifyRequest,
  allowedOrigins: readonly string[],
): CrossSiteVerdict {
  const origin = request.headers.origin;
  if (origin === undefined) {
    return request.headers['sec-fetch-site'] === 'cross-site' ? 'refused' : 'allowed';
  }
  // `Origin: null` (sandboxed frames, some redirects) and anything unparsable is never the site's own.
  const normalised = normaliseOrigin(origin);
  if (normalised === null) return 'refused';
  if (normalised === ownOrigin(request) || allowedOrigins.includes(normalised)) return 'allowed';
  return 'refused';
}

/**
 * CSRF defence beside the SameSite=Strict cookies: every non-GET/HEAD/OPTIONS request, and every GET
 * route marked `changesState`, from another site's page is refused with 403 CROSS_SITE_REFUSED
 * before the session is looked up or a body (upload) is read. `GET User/logout` is left unmarked:
 * the seed names it as a GET link, and a cross-site logout carries no session cookie anyway.
 */
export function registerOriginCheck(app: App, config: Config): void {
  // A callback hook: every request passes here, and a promise per request is a cost the check does
  // not need (docs/bench/search.md, "Per request").
  app.addHook('onRequest', (request, _reply, done) => {
    const stateChanging =
      !SAFE_METHODS.has(request.method) || request.routeOptions.config?.changesState === true;
    if (!stateChanging) return done();
    if (crossSiteVerdict(request, config.server.allowedOrigins) === 'allowed') return done();
    request.log.warn(
      {
        origin: request.headers.origin?.slice(0, 200),
        secFetchSite: request.headers['sec-fetch-site'],
        expected: ownOrigin(request),
      },
      'cross-site request refused (set ALLOWED_ORIGINS or TRUST_PROXY if this origin is the site)',
    );
    done(new AppError('CROSS_SITE_REFUSED'));
  });
}
