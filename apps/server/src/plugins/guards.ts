import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction, RouteOptions } from 'fastify';
import { AppError } from '../lib/errors.ts';
import type { App } from '../lib/types.ts';
import type { SessionContext } from '../modules/user/session.service.ts';
import type { AdminContext, AdminRole } from './admin-session.ts';

/**
 * Who may call a route (docs/api.md "Guards", docs/adr/0006-one-guard.md). Every route under
 * `/api/` and `/files/` declares one in its options, `config: { guard }`; a route without one stops
 * the server at startup.
 *
 * - `public`: anyone; the handler may still look at `request.member` / `request.admin`.
 * - `member`, `customer` (参展商), `supplier` (供应商, cardtype workshop): a member session, of that
 *   kind. Checked before the body is validated: a logged-out caller hears NOT_LOGGED_IN (401), the
 *   wrong kind FORBIDDEN (403), never field errors.
 * - `memberOrAdmin`: a member or an operator session (uploads).
 * - `{ admin: roles }`: an operator session whose role is one of `roles` (`[]`: any operator;
 *   super may do everything). Checked when the request arrives, before its body is even read:
 *   ADMIN_NOT_LOGGED_IN (401), FORBIDDEN (403). A member session never counts.
 */
export type Guard =
  | 'public'
  | 'member'
  | 'customer'
  | 'supplier'
  | 'memberOrAdmin'
  | { readonly admin: readonly AdminRole[] };

type MemberGuard = 'member' | 'customer' | 'supplier';

/** What the guard found: set only by it, read by the handlers through the accessors below. */
export type Caller =
  | { guard: MemberGuard; member: SessionContext }
  | { guard: 'admin'; admin: AdminContext }
  | { guard: 'memberOrAdmin'; member: SessionContext }
  | { guard: 'memberOrAdmin'; admin: AdminContext };

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call the route: plugins/guards.ts. */
    guard?: Guard;
  }
  interface FastifyRequest {
    /** Set by the route's guard; null on public routes. Read it through memberOf, adminOf… */
    caller: Caller | null;
  }
}

export type CustomerCaller = SessionContext & { cardtype: 'customer' };
export type SupplierCaller = SessionContext & { cardtype: 'workshop' };

function member(request: FastifyRequest): SessionContext {
  if (!request.member) throw new AppError('NOT_LOGGED_IN');
  return request.member;
}

function admin(request: FastifyRequest, roles: readonly AdminRole[]): AdminContext {
  const a = request.admin;
  if (!a) throw new AppError('ADMIN_NOT_LOGGED_IN');
  if (roles.length > 0 && a.role !== 'super' && !roles.includes(a.role)) throw new AppError('FORBIDDEN');
  return a;
}

const memberChecks: Record<MemberGuard | 'memberOrAdmin', (request: FastifyRequest) => Caller> = {
  member: (request) => ({ guard: 'member', member: member(request) }),
  customer: (request) => {
    const m = member(request);
    if (m.cardtype !== 'customer')
      throw new AppError('FORBIDDEN', { message: '只有参展商账号可以发布和管理项目' });
    return { guard: 'customer', member: m };
  },
  supplier: (request) => {
    const m = member(request);
    if (m.cardtype !== 'workshop')
      throw new AppError('FORBIDDEN', { message: '只有供应商账号可以使用此功能' });
    return { guard: 'supplier', member: m };
  },
  memberOrAdmin: (request) => {
    if (request.member) return { guard: 'memberOrAdmin', member: request.member };
    if (request.admin) return { guard: 'memberOrAdmin', admin: request.admin };
    throw new AppError('NOT_LOGGED_IN');
  },
};

const GUARDED_PREFIXES = ['/api/', '/files/'];

/** The route's hooks with `hook` first: a new array, so Fastify's HEAD copy of a GET gets its own. */
function first<T>(hook: T, existing: T | T[] | undefined): T[] {
  return [hook, ...(existing === undefined ? [] : Array.isArray(existing) ? existing : [existing])];
}

function installGuard(route: RouteOptions): void {
  const guard = route.config?.guard;
  if (guard === undefined) {
    if (GUARDED_PREFIXES.some((p) => route.url.startsWith(p)))
      throw new Error(
        `route ${route.method} ${route.url} declares no guard (config.guard, plugins/guards.ts)`,
      );
    return;
  }
  if (guard === 'public') return;
  if (typeof guard === 'object') {
    const roles = guard.admin;
    // onRequest: before the body is parsed, as the console always did.
    route.onRequest = first(
      (request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction) => {
        let found: AdminContext;
        try {
          found = admin(request, roles);
        } catch (e) {
          return done(e as Error);
        }
        request.caller = { guard: 'admin', admin: found };
        done();
      },
      route.onRequest,
    );
    return;
  }
  const check = memberChecks[guard];
  if (!check) throw new Error(`route ${route.method} ${route.url}: unknown guard ${String(guard)}`);
  // preValidation: after parsing, before the body's rules (401/403 before 400).
  // A callback hook, not an async one: the check is synchronous, and every guarded call passes here
  // (docs/bench/search.md, "Per request").
  route.preValidation = first(
    (request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction) => {
      let caller: Caller;
      try {
        caller = check(request);
      } catch (e) {
        return done(e as Error);
      }
      request.caller = caller;
      done();
    },
    route.preValidation,
  );
}

/**
 * Installs each route's guard as it is registered: call it before the routes (app.ts calls it
 * right after the OpenAPI document's own routes, which are public). The guard runs after the
 * app's onRequest hooks, which find the member (plugins/session.ts) and the operator
 * (plugins/admin-session.ts).
 */
export function registerGuards(app: App): void {
  app.decorateRequest('caller', null);
  app.addHook('onRoute', installGuard);
}

function misuse(request: FastifyRequest, accessor: string): Error {
  const guard = request.routeOptions.config.guard;
  return new Error(
    `${accessor} on ${request.method} ${request.url}, guarded ${JSON.stringify(guard ?? null)}`,
  );
}

/** The member of a `member`, `customer` or `supplier` route. */
export function memberOf(request: FastifyRequest): SessionContext {
  const c = request.caller;
  if (!c || c.guard === 'admin' || c.guard === 'memberOrAdmin') throw misuse(request, 'memberOf');
  return c.member;
}

/** The customer (参展商) of a `customer` route. */
export function customerOf(request: FastifyRequest): CustomerCaller {
  const c = request.caller;
  if (c?.guard !== 'customer') throw misuse(request, 'customerOf');
  return c.member as CustomerCaller;
}

/** The supplier (供应商) of a `supplier` route. */
export function supplierOf(request: FastifyRequest): SupplierCaller {
  const c = request.caller;
  if (c?.guard !== 'supplier') throw misuse(request, 'supplierOf');
  return c.member as SupplierCaller;
}

/** The operator of an `{ admin: roles }` route. */
export function adminOf(request: FastifyRequest): AdminContext {
  const c = request.caller;
  if (c?.guard !== 'admin') throw misuse(request, 'adminOf');
  return c.admin;
}

/** The member (preferred) or the operator of a `memberOrAdmin` route. */
export function memberOrAdminOf(
  request: FastifyRequest,
): { member: SessionContext } | { admin: AdminContext } {
  const c = request.caller;
  if (c?.guard !== 'memberOrAdmin') throw misuse(request, 'memberOrAdminOf');
  return 'member' in c ? { member: c.member } : { admin: c.admin };
}
