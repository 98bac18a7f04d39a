import type { z } from 'zod';
import type { Guard } from '../plugins/guards.ts';
import { envelope } from './errors.ts';

/**
 * The options of a JSON route that takes a body (docs/api.md): who may call it (its guard) and
 * what the OpenAPI document says of it — tag, summary, description, the body and the data its
 * envelope answers. `routeOptions(guard, tag)` fixes what a group of routes shares.
 */
export function routeOptions(guard: Guard, tag: string) {
  return <B extends z.ZodType, D extends z.ZodType>(
    summary: string,
    description: string,
    body: B,
    data: D,
  ) => ({
    config: { guard },
    schema: { tags: [tag], summary, description, body, response: { 200: envelope(data) } },
  });
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
