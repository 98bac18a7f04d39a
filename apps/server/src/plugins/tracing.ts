import { trace } from '@opentelemetry/api';
import { UNTRACED_PATHS } from '../lib/spans.ts';
import type { App } from '../lib/types.ts';

/** How long closing the app waits for the last spans to reach the collector. */
const FLUSH_MS = 2_000;

/**
 * With traces on (docs/operations.md § Traces): Fastify's own instrumentation, registered before
 * every hook and route so a request's span covers them all (`request` and `handler - <plugin
 * path>`); spans go to the provider the launcher registered (src/launch.ts). Closing the app sends
 * what is still batched. Query strings and error messages are taken out of the spans by the SDK's
 * first processor (lib/tracing.ts ScrubSpanProcessor).
 */
export async function registerTracing(app: App): Promise<void> {
  const { FastifyOtelInstrumentation } = await import('@fastify/otel');
  const instrumentation = new FastifyOtelInstrumentation({
    // a span for the request and one for its handler; not one per hook of every plugin
    instrumentHooks: false,
    recordExceptions: false,
    ignorePaths: (route: { url: string }) => UNTRACED_PATHS.test(route.url),
  });
  await app.register(instrumentation.plugin());
  app.addHook('onClose', async () => {
    const provider = trace.getTracerProvider() as {
      getDelegate?: () => { forceFlush?: () => Promise<void> };
    };
    const flush = provider.getDelegate?.().forceFlush?.();
    if (!flush) return;
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([flush.catch(() => {}), new Promise((r) => (timer = setTimeout(r, FLUSH_MS)))]);
    clearTimeout(timer);
  });
}
