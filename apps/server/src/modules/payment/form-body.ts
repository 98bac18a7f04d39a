import type { FastifyInstance } from 'fastify';

/** Largest form accepted (Alipay's notifications are a few kB). */
const FORM_BODY_LIMIT = 64 * 1024;

/**
 * `application/x-www-form-urlencoded` → a flat object of strings (the first value of a repeated
 * name), for the few routes that speak Alipay's protocol; the scope's JSON parser is removed, so
 * JSON there is UNSUPPORTED_MEDIA_TYPE.
 */
export function addFormParser(scope: FastifyInstance): void {
  scope.removeContentTypeParser('application/json');
  scope.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT },
    (_request, body, done) => {
      // no prototype: a field named __proto__ or constructor is just a field
      const out: Record<string, string> = Object.create(null);
      for (const [k, v] of new URLSearchParams(String(body))) if (!Object.hasOwn(out, k)) out[k] = v;
      done(null, out);
    },
  );
}
