import { z } from 'zod';

/** The Prometheus endpoint (docs/operations.md § Metrics): off until a token is set. */
export const metricsEnv = z.object({
  /** `Authorization: Bearer <token>` opens GET /metrics; unset: /metrics answers 404 */
  METRICS_TOKEN: z
    .string()
    .min(16, 'METRICS_TOKEN 至少 16 个字符')
    .max(200)
    .regex(/^[\x21-\x7e]+$/, 'METRICS_TOKEN 只能是可见的 ASCII 字符')
    .optional(),
  /** also serve /metrics (same token) on this port of HOST, e.g. for a scraper on an internal network */
  METRICS_PORT: z.coerce.number().int().min(1).max(65535).optional(),
});

export type MetricsEnv = z.output<typeof metricsEnv>;

export function metricsConfig(e: MetricsEnv) {
  return {
    /** null: /metrics is off */
    token: e.METRICS_TOKEN ?? null,
    /** null: only on the app's own port */
    port: e.METRICS_TOKEN ? (e.METRICS_PORT ?? null) : null,
  };
}
