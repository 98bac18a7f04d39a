import { register } from 'node:module';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { PgInstrumentation } from '@opentelemetry/instrumentation-pg';
import { NodeSDK, resources } from '@opentelemetry/sdk-node';
import { BatchSpanProcessor, type Span, type SpanProcessor } from '@opentelemetry/sdk-trace-base';
import { UNTRACED_PATHS } from './spans.ts';

/**
 * The OpenTelemetry SDK (docs/operations.md § Traces, docs/adr/0017-traces.md). Imported only by
 * the launcher (src/launch.ts) when OTEL_EXPORTER_OTLP_ENDPOINT is set, before the server's own
 * modules: pg must be loaded after the module hook that lets its instrumentation patch it.
 */

/** Attributes that hold a URL or a path: exported without their query string. */
const URL_ATTRIBUTES = ['http.url', 'http.target', 'url.full', 'url.path', 'http.route'];
/** Attributes that hold only a query string, or could hold values: never exported. */
const DROPPED_ATTRIBUTES = ['url.query', 'db.query.parameter', 'db.statement.parameters'];

/**
 * Makes every span safe to export while it ends, whatever instrumentation made it: URLs lose their
 * query string (a mobile in `?mobile=`, a signature, a code), an error's message and stack are
 * dropped (a driver's message can quote the value it refused; drizzle's quotes the parameters) —
 * the status stays ERROR and the exception's type stays; the log has the rest.
 */
export class ScrubSpanProcessor implements SpanProcessor {
  onStart(): void {}

  onEnding(span: Span): void {
    const attributes = span.attributes;
    for (const key of URL_ATTRIBUTES) {
      const value = attributes[key];
      if (typeof value === 'string' && value.includes('?'))
        span.setAttribute(key, value.slice(0, value.indexOf('?')));
    }
    for (const key of Object.keys(attributes)) {
      if (DROPPED_ATTRIBUTES.some((d) => key === d || key.startsWith(`${d}.`))) delete attributes[key];
    }
    if (span.status.message !== undefined) span.setStatus({ code: span.status.code });
    for (const event of span.events) {
      if (event.name !== 'exception' || !event.attributes) continue;
      delete event.attributes['exception.message'];
      delete event.attributes['exception.stacktrace'];
    }
  }

  onEnd(): void {}

  forceFlush(): Promise<void> {
    return Promise.resolve();
  }

  shutdown(): Promise<void> {
    return Promise.resolve();
  }
}

export interface TracingOptions {
  /** where spans go; default: batched to the OTLP/HTTP exporter (OTEL_EXPORTER_OTLP_* variables) */
  spanProcessors?: SpanProcessor[];
}

/**
 * Starts the SDK: the pg module hook, the HTTP and pg instrumentations (Fastify's is registered by
 * buildApp, plugins/tracing.ts), the scrubbing processor, then the exporter. Metrics and logs stay
 * with Prometheus and pino: the SDK exports traces only.
 */
export function startTracing(options: TracingOptions = {}): NodeSDK {
  // pg is CommonJS imported from ESM: its instrumentation sees it through import-in-the-middle's
  // hook, which must be registered before pg is imported, and for pg only (every other module
  // loads as it is).
  register('@opentelemetry/instrumentation/hook.mjs', import.meta.url, { data: { include: ['pg'] } });
  const sdk = new NodeSDK({
    // OTEL_SERVICE_NAME / OTEL_RESOURCE_ATTRIBUTES, read by the SDK, override the default name
    resource: resources
      .defaultResource()
      .merge(resources.resourceFromAttributes({ 'service.name': 'zl-platform' })),
    spanProcessors: [
      new ScrubSpanProcessor(),
      ...(options.spanProcessors ?? [new BatchSpanProcessor(new OTLPTraceExporter())]),
    ],
    instrumentations: [
      new HttpInstrumentation({
        ignoreIncomingRequestHook: (request) => UNTRACED_PATHS.test(request.url ?? ''),
      }),
      // the statement's text only (drizzle's placeholders, never the values: no
      // enhancedDatabaseReporting), and only inside a traced request or job — not pg-boss's polls
      new PgInstrumentation({ requireParentSpan: true, enhancedDatabaseReporting: false }),
    ],
    metricReaders: [],
    logRecordProcessors: [],
  });
  sdk.start();
  return sdk;
}
