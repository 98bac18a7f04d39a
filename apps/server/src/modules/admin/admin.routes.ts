import type { CookieSerializeOptions } from '@fastify/cookie';
import {
  ADMIN_PERMISSIONS,
  adminCreateSchema,
  adminDisableSchema,
  adminListItemSchema,
  adminLoginSchema,
  adminMeSchema,
  auditItemSchema,
  auditListSchema,
  memberListItemSchema,
  memberListSchema,
  pagedSchema,
} from '@zl/shared';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Config } from '../../config/env.ts';
import { envelope, okEnvelope } from '../../lib/errors.ts';
import type { App, Deps } from '../../lib/types.ts';
import { ADMIN_COOKIE, type AdminRole, requireAdmin } from '../../plugins/admin-session.ts';
import * as accounts from './admin-accounts.service.ts';
import { adminLogin, adminLogout } from './admin-auth.service.ts';
import { cardnosOf, listAudit } from './audit.repo.ts';
import { listMembers } from './member-list.repo.ts';
import { registerReviewRoutes } from './review.routes.ts';

/** A browser-session cookie (no Max-Age): closing the browser ends the console session. */
export function adminCookieOptions(config: Config): CookieSerializeOptions {
  return { path: '/', httpOnly: true, sameSite: 'strict', secure: config.cookieSecure };
}

const empty = z.strictObject({});

/**
 * Runs before body validation: a caller without a console session (a member cookie does not count)
 * or without the role learns nothing about the call's input rules.
 */
export function adminGuard(roles: readonly AdminRole[] = []) {
  return async (request: FastifyRequest) => {
    requireAdmin(request, roles);
  };
}

export function registerAdminRoutes(app: App, deps: Deps): void {
  app.post(
    '/api/Admin/login',
    {
      schema: {
        tags: ['Admin'],
        summary: '运营登录',
        description:
          '运营账号用户名 + 密码登录，设置运营会话 Cookie `zl_admin`（关闭浏览器即失效）；多次失败锁定。',
        body: adminLoginSchema,
        response: { 200: envelope(adminMeSchema) },
      },
    },
    async (request, reply) => {
      const out = await adminLogin(deps, request.body, request.ip);
      // Session fixation: whatever console session this browser had ends; a new token is issued.
      await adminLogout(deps, request.cookies[ADMIN_COOKIE]);
      reply.setCookie(ADMIN_COOKIE, out.token, adminCookieOptions(deps.config));
      return okEnvelope(out.me);
    },
  );

  app.get(
    '/api/Admin/me',
    {
      schema: {
        tags: ['Admin'],
        summary: '当前运营账号',
        description: '当前运营会话的账号与角色；未登录为 ADMIN_NOT_LOGGED_IN。',
        response: { 200: envelope(adminMeSchema) },
      },
    },
    async (request, reply) => {
      if (!request.admin && request.cookies[ADMIN_COOKIE])
        reply.clearCookie(ADMIN_COOKIE, adminCookieOptions(deps.config));
      const a = requireAdmin(request);
      return okEnvelope({ username: a.username, displayName: a.displayName, role: a.role });
    },
  );

  app.get(
    '/api/Admin/logout',
    // A GET that changes state: refused from another site's page like a POST (plugins/origin-check.ts).
    {
      config: { changesState: true },
      schema: {
        tags: ['Admin'],
        summary: '运营退出',
        description: '结束运营会话并清除 Cookie。',
        response: { 200: envelope(z.null()) },
      },
    },
    async (request, reply) => {
      await adminLogout(deps, request.cookies[ADMIN_COOKIE]);
      reply.clearCookie(ADMIN_COOKIE, adminCookieOptions(deps.config));
      return okEnvelope(null);
    },
  );

  app.post(
    '/api/Admin/memberList',
    {
      onRequest: adminGuard(ADMIN_PERMISSIONS.members),
      schema: {
        tags: ['Admin'],
        summary: '会员列表',
        description: '按关键词、类型、认证状态筛选会员，分页。角色：审核员、财务、超级管理员。',
        body: memberListSchema,
        response: { 200: envelope(pagedSchema(memberListItemSchema)) },
      },
    },
    async (request) => {
      requireAdmin(request, ADMIN_PERMISSIONS.members);
      return okEnvelope(await listMembers(deps.db, request.body));
    },
  );

  app.post(
    '/api/Admin/auditList',
    {
      onRequest: adminGuard(ADMIN_PERMISSIONS.audit),
      schema: {
        tags: ['Admin'],
        summary: '审计日志',
        description: '按对象、动作筛选操作记录，最新在前，分页。角色：审核员、财务、超级管理员。',
        body: auditListSchema,
        response: { 200: envelope(pagedSchema(auditItemSchema)) },
      },
    },
    async (request) => {
      requireAdmin(request, ADMIN_PERMISSIONS.audit);
      const q = request.body;
      const { rows, total } = await listAudit(deps.db, q, q.page, q.pageSize);
      const memberOf = (d: unknown) => Number((d as { memberId?: unknown } | null)?.memberId);
      const cardnos = await cardnosOf(
        deps.db,
        rows.map((r) => memberOf(r.detail)),
      );
      return okEnvelope({
        listItem: rows.map(({ createdAt, detail, ...r }) => ({
          ...r,
          detail: (detail ?? {}) as Record<string, unknown>,
          memberCardno: cardnos.get(memberOf(detail)) ?? null,
          created: createdAt.toISOString(),
        })),
        total,
        page: q.page,
      });
    },
  );

  app.post(
    '/api/Admin/adminList',
    {
      onRequest: adminGuard(ADMIN_PERMISSIONS.admins),
      schema: {
        tags: ['Admin'],
        summary: '运营账号列表',
        description: '全部运营账号及其角色、停用与锁定状态。仅超级管理员。',
        body: empty,
        response: { 200: envelope(z.object({ listItem: z.array(adminListItemSchema) })) },
      },
    },
    async (request) => {
      requireAdmin(request, ADMIN_PERMISSIONS.admins);
      return okEnvelope({ listItem: await accounts.listAdmins(deps.db) });
    },
  );

  app.post(
    '/api/Admin/adminCreate',
    {
      onRequest: adminGuard(ADMIN_PERMISSIONS.admins),
      schema: {
        tags: ['Admin'],
        summary: '新建运营账号',
        description: '新建审核员、财务或超级管理员账号。仅超级管理员。',
        body: adminCreateSchema,
        response: { 200: envelope(z.object({ id: z.number() })) },
      },
    },
    async (request) => {
      const actor = requireAdmin(request, ADMIN_PERMISSIONS.admins);
      const out = await accounts.createAdmin(deps.db, actor, request.body);
      return okEnvelope({ id: out.id });
    },
  );

  app.post(
    '/api/Admin/adminDisable',
    {
      onRequest: adminGuard(ADMIN_PERMISSIONS.admins),
      schema: {
        tags: ['Admin'],
        summary: '停用或启用运营账号',
        description: '停用（或 `disabled: false` 重新启用）运营账号；不能停用自己。仅超级管理员。',
        body: adminDisableSchema,
        response: { 200: envelope(z.null()) },
      },
    },
    async (request) => {
      const actor = requireAdmin(request, ADMIN_PERMISSIONS.admins);
      await accounts.setDisabled(deps.db, actor, request.body.id, request.body.disabled);
      return okEnvelope(null);
    },
  );

  registerReviewRoutes(app, deps);
}
