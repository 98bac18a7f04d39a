import {
  type FastifyBaseLogger,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
  LogController,
} from 'fastify';
import pino from 'pino';
import pretty from 'pino-pretty';

/**
 * What the server's log may carry (docs/api.md, "Logs"): never a query's parameters, a secret, a
 * hash, an ID or bank number, a cookie or a URL's query string.
 */

/** Fields that hold secrets or personal numbers, wherever they appear in a logged object. */
const SECRET_FIELDS = [
  'password',
  'oldPassword',
  'passwordHash',
  'paycode',
  'repaycode',
  'paycodeHash',
  'token',
  'ticket',
  'cardno',
  'idcard',
  'idno',
  'realname',
  'mobile',
  'payoutName',
  'payoutAccount',
  'bkorder',
  'taxorder',
  'account',
  'params',
  'parameters',
  'query',
];

export const REDACT_PATHS = [
  'req.headers.cookie',
  'req.headers.authorization',
  'res.headers["set-cookie"]',
  ...SECRET_FIELDS.flatMap((f) => [f, `*.${f}`, `*.*.${f}`]),
];

/** A URL without its query string (codes, mobiles and tokens travel there). */
export function pathOnly(url: string | undefined): string {
  return (url ?? '').split('?')[0] ?? '';
}

/** The database error's own, value-free fields (PostgreSQL error fields by name). */
const DB_FIELDS = ['severity', 'table', 'column', 'dataType', 'constraint', 'routine'] as const;
const SQLSTATE_RE = /^[0-9A-Z]{5}$/;
const MAX_DEPTH = 5;

interface SerializedError {
  type: string;
  message: string;
  stack?: string;
  code?: string;
  statusCode?: number;
  [key: string]: unknown;
}

function isDatabaseError(e: Record<string, unknown>): boolean {
  return typeof e.code === 'string' && SQLSTATE_RE.test(e.code) && typeof e.severity === 'string';
}

/** A driver wrapper (drizzle's DrizzleQueryError) whose message is the SQL and its parameters. */
function isQueryWrapper(e: Record<string, unknown>): boolean {
  return 'query' in e && ('params' in e || 'parameters' in e);
}

/**
 * PostgreSQL puts the offending value in some messages (`invalid input syntax for type integer:
 * "…"`); quoted parts are dropped, the SQLSTATE and the names of table, column and constraint stay.
 */
function scrubDbMessage(message: string): string {
  return message.replace(/"[^"]*"/g, '"…"').replace(/'[^']*'/g, "'…'");
}

/**
 * Serializes an error for the log from an allow-list: type, a safe message, the stack frames,
 * codes, and the cause chain. Everything else an error object carries (a driver's `query`,
 * `params`, `parameters`, `detail`, `where`, `hint`, `internalQuery`...) is dropped.
 */
export function serializeError(err: unknown, depth = 0): SerializedError | string {
  if (!err || typeof err !== 'object') return typeof err === 'string' ? err.slice(0, 200) : String(err);
  const e = err as Record<string, unknown>;
  const type =
    (typeof e.constructor === 'function' && e.constructor.name !== 'Object' ? e.constructor.name : '') ||
    (typeof e.name === 'string' ? e.name : 'Error');
  const raw = typeof e.message === 'string' ? e.message : '';
  const db = isDatabaseError(e);
  const message = isQueryWrapper(e) ? 'Failed query' : db ? scrubDbMessage(raw) : raw;
  const out: SerializedError = { type, message };
  if (typeof e.stack === 'string') {
    const frames = e.stack.split('\n').filter((line) => /^\s+at /.test(line));
    out.stack = [`${type}: ${message}`, ...frames].join('\n');
  }
  if (typeof e.code === 'string' || typeof e.code === 'number') out.code = String(e.code);
  if (typeof e.statusCode === 'number') out.statusCode = e.statusCode;
  if (db) {
    for (const f of DB_FIELDS) if (typeof e[f] === 'string' && e[f]) out[f] = e[f];
  }
  if (e.cause !== undefined && depth < MAX_DEPTH) out.cause = serializeError(e.cause, depth + 1);
  if (Array.isArray(e.errors) && depth < MAX_DEPTH) {
    out.errors = e.errors.slice(0, 5).map((x) => serializeError(x, depth + 1));
  }
  return out;
}

interface LoggedRequest {
  method: string;
  url: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number };
}

/** Fastify's request serializer without the query string. */
function serializeRequest(req: LoggedRequest) {
  return {
    method: req.method,
    url: pathOnly(req.url),
    host: req.host,
    remoteAddress: req.ip,
    remotePort: req.socket?.remotePort,
  };
}

/** The server's logger options: level, redaction and the serializers above. */
export function loggerOptions(
  level: string,
  stream?: NodeJS.WritableStream,
): Exclude<FastifyServerOptions['logger'], boolean | undefined> {
  return {
    level,
    redact: { paths: REDACT_PATHS, censor: '[redacted]' },
    serializers: { err: serializeError as never, req: serializeRequest as never },
    ...(stream ? { stream } : {}),
  };
}

const { chindingsSym } = pino.symbols;
const REQUEST_ID_KEY = 'reqId';

/**
 * Fastify's per-request child logger (its `childLoggerFactory`), bound to `reqId` as pino's own
 * `child` binds it, but without running the binding through the redaction: pino passes every
 * binding of a child through the wildcard paths of REDACT_PATHS (`*.password`…), ~4–9 µs a
 * request on a value that is a plain string (docs/bench/search.md, "Per request").
 * The request id is Fastify's (a UUID or an `x-request-id` of `[A-Za-z0-9._-]{8,64}`, app.ts), so
 * the text written is the same: `,"reqId":"…"` after the parent's bindings. Anything else (other
 * bindings, child options, a logger that is not pino) goes to pino's `child` as before.
 */
export function requestChildLogger(
  logger: FastifyBaseLogger,
  bindings: Record<string, unknown>,
  opts: object,
): FastifyBaseLogger {
  const id = bindings[REQUEST_ID_KEY];
  const parent = logger as unknown as Record<symbol, unknown>;
  let only = typeof id === 'string';
  for (const key in bindings) if (key !== REQUEST_ID_KEY) only = false;
  for (const _ in opts) only = false;
  if (!only || typeof parent[chindingsSym] !== 'string') return logger.child(bindings, opts);
  // no options: pino's short path, which copies the parent's bindings as they are
  const child = logger.child({});
  (child as unknown as Record<symbol, unknown>)[chindingsSym] =
    `${parent[chindingsSym] as string},"${REQUEST_ID_KEY}":${JSON.stringify(id)}`;
  return child;
}

/** The request line's fields (OneLineLogController), as the readable form shows them. */
interface RequestLine {
  req?: { method?: string; url?: string };
  route?: string;
  res?: { statusCode?: number };
  responseTime?: number;
}

/**
 * A request's line read at a terminal: `GET /files/:id 200 3ms`; any other line keeps its message.
 * (The JSON line carries the same fields: `req.method`, `route`, `res.statusCode`, `responseTime`.)
 */
export function prettyMessage(log: Record<string, unknown>, messageKey: string): string {
  const message = String(log[messageKey] ?? '');
  if (message !== 'request completed' && message !== 'request errored' && message !== 'incoming request') {
    return message;
  }
  const line = log as RequestLine;
  const parts = [line.req?.method, line.route ?? line.req?.url];
  if (line.res?.statusCode !== undefined) parts.push(String(line.res.statusCode));
  if (typeof line.responseTime === 'number') parts.push(`${Math.round(line.responseTime)}ms`);
  const what = parts.filter(Boolean).join(' ');
  return message === 'request completed' ? what : `${message} ${what}`;
}

/**
 * Readable lines for a person at a terminal (`npm start`, `npm run dev` outside production): pino's
 * lines coloured and on one line each, with the time of day; UTF-8 throughout, so Chinese messages
 * print as they are. The redaction and serializers run before it, exactly as for JSON.
 */
export function prettyStream(destination?: NodeJS.WritableStream): NodeJS.WritableStream {
  return pretty({
    ...(destination ? { destination } : {}),
    colorize: true,
    sync: true,
    singleLine: true,
    translateTime: 'SYS:HH:MM:ss',
    // a request's fields are in its message (prettyMessage); the JSON form keeps them all
    ignore: 'pid,hostname,reqId,req,res,route,responseTime',
    messageFormat: prettyMessage,
  });
}

/**
 * JSON (for log collectors), or readable lines when a person watches a terminal outside production:
 * stdout is a TTY, or a parent that owns the terminal asks for colour through `FORCE_COLOR`
 * (`npm run dev`: concurrently pipes its children's output and sets it only when its own stdout
 * supports colour). A pipe, a file, production and the tests (scripts/test.mjs sets
 * `FORCE_COLOR=0`) get JSON.
 */
export function wantsPrettyLogs(
  isProduction: boolean,
  stdout: { isTTY?: boolean } = process.stdout,
  forceColor?: string,
): boolean {
  if (isProduction) return false;
  if (stdout.isTTY === true) return true;
  return forceColor !== undefined && !['', '0', 'false'].includes(forceColor.trim().toLowerCase());
}

/**
 * The one line a request leaves (docs/api.md "Logs"): method, path without its query string, status
 * and time. Answers below 400 at `debug` (the metrics count them, docs/operations.md § Metrics), a
 * refusal (4xx) at `info`, a server error at `warn` (the error itself is logged where it happens).
 */
export function requestLevel(statusCode: number): 'debug' | 'info' | 'warn' {
  if (statusCode >= 500) return 'warn';
  return statusCode >= 400 ? 'info' : 'debug';
}

/**
 * Fastify's request log lines (its `logController`): `incoming request` only at `trace`, and one
 * `request completed` line at the answer's level (requestLevel) with method, path (no query
 * string), route pattern, status and time in ms; a request that errored while answering keeps Fastify's `request errored` line at error.
 */
export class OneLineLogController extends LogController {
  /** At `trace` only (a no-op at any usual level): when a request came in, for tracing one by hand. */
  override incomingRequest(request: FastifyRequest): void {
    request.log.trace({ req: request }, 'incoming request');
  }

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (error) {
      reply.log.error({ res: reply, err: error, responseTime: reply.elapsedTime }, 'request errored');
      return;
    }
    // pino answers a level below its own with a no-op: a 200 costs nothing at the default `info`
    request.log[requestLevel(reply.statusCode)](
      {
        req: request,
        // the router's pattern (`/files/:id`), as the metrics label it; absent for a path no route has
        route: request.routeOptions.url,
        res: { statusCode: reply.statusCode },
        responseTime: Math.round(reply.elapsedTime),
      },
      'request completed',
    );
  }
}
