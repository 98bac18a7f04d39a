/**
 * The server's entry point: `npm start`, the container and `node apps/server/dist/server.js` run
 * this (build.mjs bundles it as dist/server.js, the server itself as dist/main.js). With
 * OTEL_EXPORTER_OTLP_ENDPOINT set it starts OpenTelemetry first — the module hook through which pg
 * is traced must exist before pg is imported — then the server (docs/adr/0017-traces.md). Unset:
 * nothing of the SDK is loaded. (The one other reader of process.env beside config/env.ts: it runs
 * before the configuration exists; config/tracing.ts checks the same variable.)
 */
if (process.env.OTEL_EXPORTER_OTLP_ENDPOINT) {
  const { startTracing } = await import('./lib/tracing.ts');
  startTracing();
}
await import('./server.ts');

export {};
