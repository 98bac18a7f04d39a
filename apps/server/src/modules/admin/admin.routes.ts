import type { CookieSerializeOptions } from '@fastify/cookie';
import {
  ADMIN_PERMISSIONS,
  adminCreateResultSchema,
  adminCreateSchema,
  adminDisableSchema,
  adminListResultSchema,
  adminLoginSchema,
  adminMeSchema,
  auditListPageSchema,
  auditListSchema,
  memberListPageSchema,
  memberListSchema,
} from '@zl/shared';
import { z } from 'zod';
import type { Config } from '../../config/env.ts';
import { envelope, okEnvelope } from '../../lib/errors.ts';
import { changesState, routeOptions } from '../../lib/route.ts';
import type { App, Deps } from '../../lib/types.ts';
import { ADMIN_COOKIE } from '../../plugins/admin-session.ts';
import { adminOf } from '../../plugins/guards.ts';
import * as accounts from './admin-accounts.service.ts';
import { adminLogin, adminLogout } from './admin-auth.service.ts';
import { cardnosOf, describeAuditRows, listAudit } from './audit.repo.ts';
import { listMembers } from './member-list.repo.ts';

/** A browser-session cookie (no Max-Age): closing the browser ends the console session. */
export function adminCookieOptions(config: Config): CookieSerializeOptions {
  return { path: '/', httpOnly: true, sameSite: 'strict', secure: config.server.cookieSecure };
}

const empty = z.strictObject({});

export function registerAdminRoutes(app: App, deps: Deps): void {
  const open = routeOptions('public', 'Admin');
  const membersRoute = routeOptions({ admin: ADMIN_PERMISSIONS.members }, 'Admin');
  const auditRoute = routeOptions({ admin: ADMIN_PERMISSIONS.audit }, 'Admin');
  const adminsRoute = routeOptions({ admin: ADMIN_PERMISSIONS.admins }, 'Admin');
  const operator = routeOptions({ admin: [] }, 'Admin');
  app.post(
    '/api/Admin/login',
    open(
      '运营登录',
      '运营账号用户名 + 密码登录，设置运营会话 Cookie `zl_admin`（关闭浏览器即失效）；多次失败锁定。',
      adminLoginSchema,
      adminMeSchema,
    ),
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
      ...operator.other('当前运营账号', '当前运营会话的账号与角色；未登录为 ADMIN_NOT_LOGGED_IN。', {
        response: { 200: envelope(adminMeSchema) },
      }),
      // The console asks this first: a dead console cookie is dropped, so the browser stops sending it.
      onError: async (request, reply) => {
        if (!request.admin && request.cookies[ADMIN_COOKIE])
          reply.clearCookie(ADMIN_COOKIE, adminCookieOptions(deps.config));
      },
    },
    async (request) => {
      const a = adminOf(request);
      return okEnvelope({ username: a.username, displayName: a.displayName, role: a.role });
    },
  );

  app.get(
    '/api/Admin/logout',
    // A GET that changes state: refused from another site's page like a POST (plugins/origin-check.ts).
    changesState(
      open.other('运营退出', '结束运营会话并清除 Cookie。', { response: { 200: envelope(z.null()) } }),
    ),
    async (request, reply) => {
      await adminLogout(deps, request.cookies[ADMIN_COOKIE]);
      reply.clearCookie(ADMIN_COOKIE, adminCookieOptions(deps.config));
      return okEnvelope(null);
    },
  );

  app.post(
    '/api/Admin/memberList',
    membersRoute(
      '会员列表',
      '按关键词、类型、认证状态筛选会员，分页。角色：审核员、财务、超级管理员。',
      memberListSchema,
      memberListPageSchema,
    ),
    async (request) => okEnvelope(await listMembers(deps.db, request.body)),
  );

  app.post(
    '/api/Admin/auditList',
    auditRoute(
      '审计日志',
      '按对象、动作筛选操作记录，最新在前，分页。角色：审核员、财务、超级管理员。',
      auditListSchema,
      auditListPageSchema,
    ),
    async (request) => {
      const q = request.body;
      const { rows, total } = await listAudit(deps.db, q, q.page, q.pageSize);
      const memberOf = (d: unknown) => Number((d as { memberId?: unknown } | null)?.memberId);
      const [cardnos, words] = await Promise.all([
        cardnosOf(
          deps.db,
          rows.map((r) => memberOf(r.detail)),
        ),
        describeAuditRows(deps.db, rows),
      ]);
      return okEnvelope({
        listItem: rows.map(({ createdAt, detail, ...r }, i) => ({
          ...r,
          detail: (detail ?? {}) as Record<string, unknown>,
          memberCardno: cardnos.get(memberOf(detail)) ?? null,
          ...words[i]!,
          created: createdAt.toISOString(),
        })),
        total,
        page: q.page,
      });
    },
  );

  app.post(
    '/api/Admin/adminList',
    adminsRoute(
      '运营账号列表',
      '全部运营账号及其角色、停用与锁定状态。仅超级管理员。',
      empty,
      adminListResultSchema,
    ),
    async () => okEnvelope({ listItem: await accounts.listAdmins(deps.db) }),
  );

  app.post(
    '/api/Admin/adminCreate',
    adminsRoute(
      '新建运营账号',
      '新建审核员、财务或超级管理员账号。仅超级管理员。',
      adminCreateSchema,
      adminCreateResultSchema,
    ),
    async (request) => {
      const actor = adminOf(request);
      const out = await accounts.createAdmin(deps.db, actor, request.body);
      return okEnvelope({ id: out.id });
    },
  );

  app.post(
    '/api/Admin/adminDisable',
    adminsRoute(
      '停用或启用运营账号',
      '停用（或 `disabled: false` 重新启用）运营账号；不能停用自己。仅超级管理员。',
      adminDisableSchema,
      z.null(),
    ),
    async (request) => {
      const actor = adminOf(request);
      await accounts.setDisabled(deps.db, actor, request.body.id, request.body.disabled);
      return okEnvelope(null);
    },
  );
}
