import {
  type Attributes,
  type Link,
  type Span,
  type SpanContext,
  SpanStatusCode,
  trace,
} from '@opentelemetry/api';

/**
 * Spans of the platform's own work (docs/operations.md § Traces). Through the OpenTelemetry API
 * only: with tracing off no SDK is registered (src/launch.ts), the tracer is the API's no-op one and
 * a span costs a call. Attributes are fixed words (an event's type, a handler's name), never an id,
 * a mobile, an amount or anything a member typed.
 */
const tracer = trace.getTracer('zl-platform');

/**
 * Paths probed every few seconds by load balancers and scrapers: no spans for them (the HTTP and
 * Fastify instrumentations, lib/tracing.ts and plugins/tracing.ts).
 */
export const UNTRACED_PATHS = /^\/(livez|healthz|readyz|metrics)(?:[/?]|$)/;

export interface SpanOptions {
  /** a trace of its own rather than a child of the active span */
  root?: boolean;
  links?: Link[];
}

/** Runs `fn` inside a new active span `name`; the span ends when `fn` settles (ERROR when it throws). */
export function inSpan<T>(
  name: string,
  attributes: Attributes,
  fn: (span: Span) => Promise<T>,
  options: SpanOptions = {},
): Promise<T> {
  return tracer.startActiveSpan(name, { attributes, ...options }, async (span) => {
    try {
      return await fn(span);
    } catch (err) {
      span.setStatus({ code: SpanStatusCode.ERROR });
      throw err;
    } finally {
      span.end();
    }
  });
}

/**
 * The spans that recorded outbox events in this process, by event id, so that delivering an event
 * links back to the request that recorded it. Kept only while spans are recorded, and only the
 * latest RECENT_SPANS (an event delivered by another process, or much later, has no link).
 */
const RECENT_SPANS = 1000;
const recordedBy = new Map<number, SpanContext>();

/** Remembers the active span (when it is recorded) as the one that recorded event `id`. */
export function rememberActiveSpan(id: number): void {
  const span = trace.getActiveSpan();
  if (!span?.isRecording()) return;
  recordedBy.set(id, span.spanContext());
  if (recordedBy.size > RECENT_SPANS) recordedBy.delete(recordedBy.keys().next().value as number);
}

/** A link to the span that recorded event `id` in this process, when it is still known. */
export function linksToRecorder(id: number): Link[] {
  const context = recordedBy.get(id);
  return context ? [{ context }] : [];
}
