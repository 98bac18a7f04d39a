import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyBaseLogger, type RouteOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from './config/env.ts';
import type { Database } from './db/client.ts';
import { databaseAnswers, pingDatabase } from './db/health.repo.ts';
import { createScheduler, type Scheduler } from './jobs/scheduler.ts';
import { errorEnvelope } from './lib/errors.ts';
import { loggerOptions, OneLineLogController, requestChildLogger } from './lib/logging.ts';
import { encodePage, parseLandingTable, pickEncoding, withPreloads } from './lib/page-encoding.ts';
import type { App, Deps } from './lib/types.ts';
import { registerAdminRoutes } from './modules/admin/admin.routes.ts';
import { registerAdminProjectRoutes } from './modules/admin/admin-project.routes.ts';
import { registerQueueCountRoutes } from './modules/admin/queue-counts.routes.ts';
import { registerReviewRoutes } from './modules/admin/review.routes.ts';
import { registerBackupRoute } from './modules/backup/backup-endpoint.ts';
import { registerBillsRoutes } from './modules/bills/bills.routes.ts';
import { registerCalendarRoutes } from './modules/calendar/calendar.routes.ts';
import { registerChangeRoutes } from './modules/change/change.routes.ts';
import { changePhotoReader } from './modules/change/change-files.ts';
import { registerCompanyRoutes } from './modules/company/company.routes.ts';
import { showCardno, showPageHtml } from './modules/company/share-page.ts';
import { registerComplaintRoutes } from './modules/complaint/complaint.routes.ts';
import { complaintEvidenceReader } from './modules/complaint/complaint-files.ts';
import { registerContractRoutes } from './modules/contract/contract.routes.ts';
import { registerConversationRoutes } from './modules/conversation/conversation.routes.ts';
import { messageFileReader } from './modules/conversation/conversation-files.ts';
import { registerCustomerRoutes } from './modules/customer/customer.routes.ts';
import { registerDevRoutes } from './modules/dev/dev.routes.ts';
import { registerEvaluationRoutes } from './modules/evaluation/evaluation.routes.ts';
import { registerFavoriteRoutes } from './modules/favorite/favorite.routes.ts';
import { registerFileRoutes } from './modules/file/file.routes.ts';
import { createStorage, type FileStorage } from './modules/file/storage.ts';
import { registerFilingRoutes } from './modules/filing/filing.routes.ts';
import { filingFileReader } from './modules/filing/filing-files.ts';
import { registerHomeRoutes } from './modules/home/home.routes.ts';
import { registerInvoiceRoutes } from './modules/invoice/invoice.routes.ts';
import { invoiceFileReader } from './modules/invoice/invoice-files.ts';
import { registerLiveHandlers } from './modules/live/live.events.ts';
import { LIVE_DEFAULTS, LiveHub } from './modules/live/live.hub.ts';
import { registerLiveRoutes } from './modules/live/live.routes.ts';
import { registerMemberRoutes } from './modules/member/member.routes.ts';
import { registerNoticeRoutes } from './modules/notice/notice.routes.ts';
import { Outbox, type OutboxOptions } from './modules/outbox/outbox.ts';
import { registerPaymentRoutes } from './modules/payment/payment.routes.ts';
import { createPlatformAlipay, type PlatformAlipay } from './modules/payment/platform-alipay.ts';
import { registerSandboxRoutes } from './modules/payment/sandbox.routes.ts';
import { registerProjectcenterRoutes } from './modules/projectcenter/projectcenter.routes.ts';
import { registerQuestionRoutes } from './modules/question/question.routes.ts';
import { registerReminderTips } from './modules/reminder/reminder-tips.ts';
import { registerReportRoutes } from './modules/report/report.routes.ts';
import { reportFileReader } from './modules/report/report-files.ts';
import { registerSiteRoutes } from './modules/site/site.routes.ts';
import { sitePhotoReader } from './modules/site/site-files.ts';
import { registerStageRoutes } from './modules/stage/stage.routes.ts';
import { registerTipRoutes } from './modules/tip/tip.routes.ts';
import { SessionCache } from './modules/user/session-cache.ts';
import { AliyunSmsSender } from './modules/user/sms-aliyun.ts';
import { DevSmsSender, type SmsSender } from './modules/user/sms-sender.ts';
import { registerUserRoutes } from './modules/user/user.routes.ts';
import { registerVerificationRoutes } from './modules/verification/verification.routes.ts';
import { WechatMpClient } from './modules/wechat/mp-client.ts';
import { registerWechatRoutes } from './modules/wechat/wechat.routes.ts';
import { registerWithdrawRoutes } from './modules/withdraw/withdraw.routes.ts';
import { registerWorksRoutes } from './modules/works/works.routes.ts';
import { registerAdminSessionHook } from './plugins/admin-session.ts';
import { registerErrorHandler } from './plugins/error-handler.ts';
import { registerGuards } from './plugins/guards.ts';
import { registerIdempotency } from './plugins/idempotency.ts';
import { registerMetrics } from './plugins/metrics.ts';
import { registerOpenApi } from './plugins/openapi.ts';
import { registerOriginCheck } from './plugins/origin-check.ts';
import { registerSessionHook, SID_COOKIE } from './plugins/session.ts';
import { registerTracing } from './plugins/tracing.ts';

export interface BuildOptions {
  config: Config;
  database: Database;
  sms?: SmsSender;
  /** the built web app to serve; defaults to apps/web/dist when it exists */
  webDist?: string | null;
  logger?: FastifyBaseLogger;
  /** sees every route as it is registered (tests compare them with the OpenAPI document) */
  onRoute?: (route: RouteOptions) => void;
  /** retry policy of the outbox (tests shorten it) */
  outbox?: OutboxOptions;
  /**
   * Alipay instead of the one the configuration gives (tests: null = payments off, e.g. to see a
   * payout that needs a manual reference)
   */
  alipay?: PlatformAlipay | null;
  /** where the server's own logger writes (tests read it); stdout when unset */
  logStream?: NodeJS.WritableStream;
  /** where uploaded files live; the configuration's (S3 bucket or local disk) when unset */
  storage?: FileStorage;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** the event dispatcher: handlers register with `on`; `drain()` delivers what is due now */
    outbox: Outbox;
    /** scheduled work (expiry, outbox dispatch); started by server.ts only, stopped by close() */
    jobs: Scheduler;
    /** this process's live event streams (docs/adr/0007-live-events.md) */
    live: LiveHub;
  }
}

/** The API's version in the OpenAPI document (the server package's version). */
const API_VERSION = '0.1.0';
const REQUEST_ID_RE = /^[A-Za-z0-9._-]{8,64}$/;
const JSON_BODY_LIMIT = 256 * 1024;
/** `GET /readyz`: how long `select 1` may take before the process says it is not ready. */
const READY_TIMEOUT_MS = 2000;

const SECURITY_HEADERS = {
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'content-security-policy':
    "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; " +
    "font-src 'self' data:; connect-src 'self'; frame-ancestors 'none'; base-uri 'self'; form-action 'self'",
};
/**
 * A built script or style sheet (`/assets/*.js|css`, immutable) is never a document: the policy
 * headers that govern documents — the CSP and the frame options — do nothing there, and they were
 * ~330 of the ~760 bytes of headers of each of the 40–140 files a page loads (docs/web.md
 * § Compression). nosniff (it blocks a script served as another type) and the referrer policy (a
 * style sheet's own fetches follow it) stay; any other file under /assets/ keeps them all.
 */
const BUILT_CODE_RE = /^\/assets\/[^?]+\.(js|css)(\?|$)/;
const DOCUMENT_ONLY_HEADERS: ReadonlySet<string> = new Set(['content-security-policy', 'x-frame-options']);

/** Production only (behind TLS): browsers then refuse plain http for the site and its subdomains for a year. */
const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * The single-page app's HTML with what the first paint must know from the configuration, as
 * `<meta>` tags (no extra request on the /login critical path): `zl-wechat` on/off says whether
 * 微信登录 works, so the button shows 暂未开通 before anyone clicks it.
 */
export function pageHtml(
  indexHtml: string,
  config: Pick<Config, 'wechat'> & Partial<Pick<Config, 'alipay' | 'isProduction'>>,
): string {
  // `zl-pay`: alipay (configured), sandbox (the built-in 沙箱 gateway) or off (docs/payments.md)
  const pay = config.alipay ? 'alipay' : config.isProduction ? 'off' : 'sandbox';
  const meta =
    `<meta name="zl-wechat" content="${config.wechat ? 'on' : 'off'}" />` +
    `<meta name="zl-pay" content="${pay}" />`;
  return indexHtml.includes('</head>') ? indexHtml.replace('</head>', `    ${meta}\n  </head>`) : indexHtml;
}

export function defaultWebDist(): string | null {
  const dir = fileURLToPath(new URL('../../web/dist', import.meta.url));
  return fs.existsSync(`${dir}/index.html`) ? dir : null;
}

/** The methods of every route (HEAD comes with each GET); see the onRequest hook in buildApp. */
const SERVED_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'POST']);

const isApiPath = (path: string) => path.startsWith('/api/') || path === '/api';

/** The methods a route answers at this path (its parameters and wildcards matched). */
function allowedMethods(app: App, path: string): Array<'GET' | 'POST'> {
  return (['GET', 'POST'] as const).filter((m) => app.findRoute({ url: path, method: m }) !== null);
}

export async function buildApp(opts: BuildOptions): Promise<App> {
  const { config, database } = opts;
  const app = Fastify({
    ...(opts.logger
      ? { loggerInstance: opts.logger }
      : { logger: loggerOptions(config.server.logLevel, opts.logStream) }),
    // the per-request logger without pino's redaction pass over its `reqId` (lib/logging.ts)
    childLoggerFactory: requestChildLogger,
    // one line per request at its status's level, instead of Fastify's two at info (lib/logging.ts)
    logController: new OneLineLogController(),
    bodyLimit: JSON_BODY_LIMIT,
    trustProxy: config.server.trustProxy,
    genReqId: (req) => {
      const incoming = req.headers['x-request-id'];
      return typeof incoming === 'string' && REQUEST_ID_RE.test(incoming) ? incoming : randomUUID();
    },
    // Idle keep-alive sockets close at shutdown; in-flight requests still finish.
    forceCloseConnections: 'idle',
    // A request that reaches the server while it drains is still served (the database closes after),
    // so it gets the envelope rather than Fastify's bare 503 body.
    return503OnClosing: false,
    routerOptions: { ignoreTrailingSlash: true },
  }).withTypeProvider<ZodTypeProvider>() as unknown as App;

  if (opts.onRoute) app.addHook('onRoute', opts.onRoute);
  // Traces when on (docs/operations.md § Traces): first, so a request's span covers every hook.
  if (config.tracing.enabled) await registerTracing(app);
  // a transaction run again after a deadlock (db/client.ts retryTransactions): worth seeing, not an error
  database.onTransactionRetry = (n) => app.log.warn(n, 'transaction retried after a lock conflict');
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // The API speaks JSON only: anything else is refused with UNSUPPORTED_MEDIA_TYPE.
  app.removeContentTypeParser(['text/plain']);
  registerErrorHandler(app);
  // The app answers GET, HEAD and POST only. Any other method (PUT, DELETE, QUERY, PROPFIND …) is
  // answered here, before a body is decoded or parsed: Fastify would otherwise parse QUERY's body
  // (and refuse it without a Content-Type) before the not-found handler could say 405
  // (docs/api.md "Request bodies").
  app.addHook('onRequest', async (request, reply) => {
    if (SERVED_METHODS.has(request.method)) return;
    const path = request.url.split('?')[0] ?? '';
    const allowed = allowedMethods(app, path);
    if (allowed.length === 0 && isApiPath(path)) {
      return reply.code(404).send(errorEnvelope('UNKNOWN_CALL', `接口 ${path.slice(0, 100)} 不存在`));
    }
    const allow = allowed.length > 0 ? allowed : ['GET'];
    return reply
      .code(405)
      .header('allow', allow.join(', '))
      .send(errorEnvelope('METHOD_NOT_ALLOWED', `该地址请使用 ${allow.join('/')} 请求`));
  });
  await app.register(fastifyCookie);
  // Answers above ~1 KB (JSON, the page, CSV) go out brotli- or gzip-compressed when the client
  // accepts it; built assets are compressed once at build time instead (docs/web.md "Compression").
  await app.register(fastifyCompress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
  });
  // Before any route: the document is generated from the routes registered after it.
  await registerOpenApi(app, config, API_VERSION);
  // After the document's own routes (public), before every other: each declares its guard.
  registerGuards(app);
  // After the guards (a member route's member is known), before the routes that declare it.
  registerIdempotency(app, database.db);

  const outbox = new Outbox(database.db, app.log, opts.outbox);
  // Alipay, or outside production without credentials the built-in sandbox (docs/payments.md)
  const alipay = opts.alipay !== undefined ? opts.alipay : createPlatformAlipay(config, database.db);
  const payment = { db: database.db, config, log: app.log, alipay };
  const sms =
    opts.sms ??
    (config.sms.aliyun
      ? new AliyunSmsSender(config.sms.aliyun, app.log)
      : new DevSmsSender(database.db, app.log));
  // notices outside the site: SMS, and the WeChat 服务号 when one is set up (docs/notices.md)
  const wechat = config.wechatMp ? new WechatMpClient(database.db, config.wechatMp, app.log) : null;
  const notices = { db: database.db, sms, wechat, log: app.log };
  const jobs = createScheduler({ database, config, log: app.log, outbox, payment, notices });
  app.decorate('outbox', outbox);
  app.decorate('jobs', jobs);
  const live = new LiveHub(database, app.log, { ...LIVE_DEFAULTS, ...config.live });
  app.decorate('live', live);
  // Before the server closes: open streams end (browsers reconnect elsewhere), so close() need not wait for them.
  app.addHook('preClose', async () => {
    await live.stop();
  });
  // Before the routes: every answer is counted (docs/operations.md § Metrics).
  registerMetrics(app, { config, database, live, jobs });
  registerBackupRoute(app, { config, database });
  // Runs after in-flight requests finished: a round in progress completes, nothing new starts.
  app.addHook('onClose', async () => {
    await jobs.stop();
  });

  // Started once the app is ready (it LISTENs for ended sessions), stopped with it.
  const sessions = new SessionCache(config.sessions.cacheMs);
  app.addHook('onReady', async () => sessions.start(database, app.log));
  app.addHook('onClose', async () => sessions.stop());

  const deps: Deps = {
    sessions,
    db: database.db,
    outbox,
    config,
    sms,
    log: app.log,
    alipay,
  };

  // At shutdown, answers still in flight close their connection: a keep-alive socket that turns idle
  // after close() began would otherwise hold the process until the client drops it.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  // A callback hook, not an async one: every answer passes here, and a promise per answer is a
  // cost the hook does not need (docs/marketplace.md § searchList, "Node's work per search").
  const securityHeaders = Object.entries(SECURITY_HEADERS);
  const codeHeaders = securityHeaders.filter(([name]) => !DOCUMENT_ONLY_HEADERS.has(name));
  app.addHook('onSend', (request, reply, payload, done) => {
    if (closing) reply.header('connection', 'close');
    reply.header('x-request-id', request.id);
    const headers =
      reply.statusCode === 200 && BUILT_CODE_RE.test(request.url) ? codeHeaders : securityHeaders;
    // a route's own stricter value stands (the files' sandbox, docs/members.md § Serving)
    for (const [name, value] of headers) if (!reply.hasHeader(name)) reply.header(name, value);
    if (config.server.hsts) reply.header('strict-transport-security', HSTS);
    if (request.url.startsWith('/api/')) reply.header('cache-control', 'no-store');
    done(null, payload);
  });
  // A POST without a body is an empty object, so missing fields get their own messages.
  app.addHook('preValidation', (request, _reply, done) => {
    if (request.method === 'POST' && request.body === undefined) request.body = {};
    done();
  });
  // Before the session lookup: a request from another site's page is refused first.
  registerOriginCheck(app, config);
  registerSessionHook(app, database.db, config, sessions);
  registerAdminSessionHook(app, database.db, config);

  // Liveness (the process answers) and readiness (the database answers), as orchestrators expect.
  const health = { tags: ['Health'] };
  app.get(
    '/livez',
    {
      schema: {
        ...health,
        summary: '进程存活',
        description: '进程能应答即为存活；不查数据库，不套信封。',
        response: { 200: z.object({ status: z.literal('ok') }) },
      },
    },
    async () => ({ status: 'ok' as const }),
  );
  const ready = z.object({ status: z.enum(['ok', 'error']), db: z.string().describe('pglite 或 postgres') });
  app.get(
    '/healthz',
    {
      schema: {
        ...health,
        summary: '数据库就绪',
        description: '执行 `select 1`：数据库应答为 200 `ok`，否则 503 `error`；不套信封。',
        response: { 200: ready, 503: ready },
      },
    },
    async (_request, reply) => {
      try {
        await pingDatabase(database.db);
        return { status: 'ok' as const, db: database.kind };
      } catch {
        return reply.code(503).send({ status: 'error' as const, db: database.kind });
      }
    },
  );
  // Readiness for a load balancer (docs/deploy.md "Probes"): migrations run before the port opens;
  // 503 once shutdown began (the process drains) or when `select 1` takes over READY_TIMEOUT_MS.
  const readiness = ready.extend({
    reason: z
      .enum(['closing', 'database'])
      .optional()
      .describe('closing：进程正在退出；database：数据库未应答'),
  });
  const notReady = (reason: 'closing' | 'database') => ({
    status: 'error' as const,
    db: database.kind,
    reason,
  });
  app.get(
    '/readyz',
    {
      schema: {
        ...health,
        summary: '可接流量',
        description: `执行 \`select 1\`（${READY_TIMEOUT_MS} ms 内）：应答为 200 \`ok\`；数据库未应答或超时、进程正在退出为 503 \`error\`；不套信封。迁移在端口打开前完成。`,
        response: { 200: readiness, 503: readiness },
      },
    },
    async (_request, reply) => {
      if (closing) return reply.code(503).send(notReady('closing'));
      if (!(await databaseAnswers(database.db, READY_TIMEOUT_MS))) {
        return reply.code(503).send(notReady('database'));
      }
      return { status: 'ok' as const, db: database.kind };
    },
  );

  registerUserRoutes(app, deps);
  const storage = opts.storage ?? (await createStorage(config));
  if (!opts.storage) app.addHook('onClose', async () => storage.close?.());
  registerFileRoutes(app, deps, storage, [
    reportFileReader,
    complaintEvidenceReader,
    invoiceFileReader,
    changePhotoReader,
    messageFileReader,
    sitePhotoReader,
    filingFileReader,
  ]);
  registerMemberRoutes(app, deps);
  registerVerificationRoutes(app, deps);
  registerAdminRoutes(app, deps);
  registerReviewRoutes(app, deps);
  registerCustomerRoutes(app, deps);
  registerAdminProjectRoutes(app, deps);
  registerWechatRoutes(app, deps);
  registerProjectcenterRoutes(app, deps);
  registerQuestionRoutes(app, deps);
  registerConversationRoutes(app, deps);
  registerNoticeRoutes(app, deps);
  registerCalendarRoutes(app, deps);
  registerReminderTips(deps.outbox);
  registerSiteRoutes(app, deps);
  registerFilingRoutes(app, deps, storage);
  registerFavoriteRoutes(app, deps);
  registerPaymentRoutes(app, payment);
  if (alipay?.sandbox) registerSandboxRoutes(app, database.db);
  registerWithdrawRoutes(app, deps);
  registerBillsRoutes(app, deps);
  registerContractRoutes(app, deps);
  registerInvoiceRoutes(app, deps);
  registerStageRoutes(app, deps);
  registerChangeRoutes(app, deps);
  registerEvaluationRoutes(app, deps);
  registerWorksRoutes(app, deps);
  if (!config.isProduction) registerDevRoutes(app, deps);
  registerReportRoutes(app, deps);
  registerComplaintRoutes(app, deps);
  registerTipRoutes(app, deps);
  registerCompanyRoutes(app, deps);
  registerHomeRoutes(app, deps);
  registerQueueCountRoutes(app, deps);
  registerLiveRoutes(app, deps, live);
  registerLiveHandlers(outbox);

  const webDist = opts.webDist === undefined ? defaultWebDist() : opts.webDist;
  const page = webDist ? pageHtml(fs.readFileSync(`${webDist}/index.html`, 'utf8'), config) : null;
  const html = page === null ? null : encodePage(page);
  // a signed-in member's first request of a landing page names that page's chunks as preloads
  const landing = new Map(
    page === null || !webDist
      ? []
      : Object.entries(
          parseLandingTable(
            fs.existsSync(`${webDist}/landing.json`)
              ? fs.readFileSync(`${webDist}/landing.json`, 'utf8')
              : null,
          ),
        ).map(([route, entry]) => [route, encodePage(withPreloads(page, entry))] as const),
  );
  if (webDist) {
    // The top-level files, a route each; the built bundles under /assets/ (some 700 files with their
    // .br / .gz twins) through one route, which calls the not-found handler for a missing file (a
    // 404 there, below): a route per file there cost ~0.2 s of every start
    // (docs/adr/0018-demo-template.md "Start time").
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      globIgnore: ['assets/**'],
      index: false,
      preCompressed: true,
      setHeaders: (res) => res.header('cache-control', 'no-cache'),
    });
    await app.register(fastifyStatic, {
      root: `${webDist}/assets`,
      prefix: '/assets/',
      decorateReply: false,
      index: false,
      preCompressed: true,
      // immutable files are never revalidated nor fetched in ranges: the etag is enough
      lastModified: false,
      acceptRanges: false,
      setHeaders: (res) => res.header('cache-control', 'public, max-age=31536000, immutable'),
    });
  }

  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    if (isApiPath(path)) {
      // Any other method on a known call (GET on a POST call...) is 405, not 404.
      const allowed = allowedMethods(app, path).filter((m) => m !== request.method);
      if (allowed.length > 0) {
        return reply
          .code(405)
          .header('allow', allowed.join(', '))
          .send(errorEnvelope('METHOD_NOT_ALLOWED', `该接口请使用 ${allowed.join('/')} 请求`));
      }
      return reply.code(404).send(errorEnvelope('UNKNOWN_CALL', `接口 ${path.slice(0, 100)} 不存在`));
    }
    // A built file that is not there (a tab opened before a deploy asks for a chunk the new build
    // renamed) is a 404, never the page: the browser refuses HTML as a script either way, but a
    // 404 says so to the logs, a proxy or a CDN, where a 200 of HTML hid it (docs/web.md § Compression).
    if (path.startsWith('/assets/')) {
      return reply
        .code(404)
        .header('cache-control', 'no-cache')
        .type('text/plain; charset=utf-8')
        .send('Not Found');
    }
    // The single-page app answers every other page path (its router shows /noPage for unknown ones).
    if (html !== null && page !== null && (request.method === 'GET' || request.method === 'HEAD')) {
      // a supplier's showroom: its title and link-preview tags (docs/showroom.md § Sharing)
      const cardno = path === '/show' ? showCardno(request.url) : null;
      const shown = cardno
        ? await showPageHtml(database.db, page, cardno, config.server.publicBaseUrl)
        : null;
      if (shown !== null) {
        return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(shown);
      }
      // not a route, so the compression hook does not see it: the copies made at start are sent
      reply
        .header('cache-control', 'no-cache')
        .header('vary', 'accept-encoding, cookie')
        .type('text/html; charset=utf-8');
      // only the presence of the session cookie is read here: a stale one costs a few preloads
      const signedIn = Boolean(request.cookies?.[SID_COOKIE]);
      const body = (signedIn && landing.get(path.length > 1 ? path.replace(/\/$/, '') : path)) || html;
      const encoding = pickEncoding(request.headers['accept-encoding']);
      if (!encoding) return reply.send(body.plain);
      return reply.header('content-encoding', encoding).send(body[encoding]);
    }
    return reply.code(404).send(errorEnvelope('UNKNOWN_CALL', '页面不存在'));
  });

  return app;
}
