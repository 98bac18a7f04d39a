import type { z } from 'zod';
import type { Guard } from '../plugins/guards.ts';
import { envelope } from './errors.ts';

/**
 * The options of every route (docs/architecture.md § Routes): who may call it (its guard) and what
 * the OpenAPI document says of it. `routeOptions(guard, tag)` fixes what a group of routes shares;
 * the builder it answers makes one route's options:
 *
 * - `member(summary, description, body, data)`: a JSON call, the body in and the envelope of
 *   `data` out (docs/api.md);
 * - `member.other(summary, description, schema)`: any other route (a GET with a query string, a
 *   download, an upload, a page, an event stream), with its own schema parts.
 */
export function routeOptions(guard: Guard, tag: string) {
  const json = <B extends z.ZodType, D extends z.ZodType>(
    summary: string,
    description: string,
    body: B,
    data: D,
  ) => ({
    config: { guard },
    schema: { tags: [tag], summary, description, body, response: { 200: envelope(data) } },
  });
  const other = <S extends object>(summary: string, description: string, schema: S) => ({
    config: { guard },
    schema: { tags: [tag], summary, description, ...schema },
  });
  return Object.assign(json, { other });
}

/**
 * The same options, run once per `Idempotency-Key` (plugins/idempotency.ts,
 * docs/adr/0010-idempotency-keys.md): for submissions a double click must not repeat.
 */
export function idempotent<O extends { config: { guard: Guard } }>(
  options: O,
): O & { config: { guard: Guard; idempotent: true } } {
  return { ...options, config: { ...options.config, idempotent: true } };
}

/**
 * The same options for a GET that changes state: refused from another site's page like a POST
 * (plugins/origin-check.ts).
 */
export function changesState<O extends { config: { guard: Guard } }>(
  options: O,
): O & { config: { guard: Guard; changesState: true } } {
  return { ...options, config: { ...options.config, changesState: true } };
}
