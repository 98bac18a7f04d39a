import { z } from 'zod';

/**
 * Traces (docs/operations.md § Traces): off until an OTLP endpoint is set. The launcher
 * (src/launch.ts) starts the OpenTelemetry SDK on the same variable before anything else is
 * imported; the SDK itself reads the rest of the OTEL_* variables (service name, sampler, headers).
 */
export const tracingEnv = z.object({
  /** the collector's OTLP/HTTP base URL (http://collector:4318); spans go to <url>/v1/traces */
  OTEL_EXPORTER_OTLP_ENDPOINT: z
    .url({ protocol: /^https?$/, error: 'OTEL_EXPORTER_OTLP_ENDPOINT 须为 http(s) 地址' })
    .optional(),
});

export type TracingEnv = z.output<typeof tracingEnv>;

export function tracingConfig(e: TracingEnv) {
  return {
    /** spans are recorded and exported (the launcher started the SDK) */
    enabled: e.OTEL_EXPORTER_OTLP_ENDPOINT !== undefined,
  };
}
