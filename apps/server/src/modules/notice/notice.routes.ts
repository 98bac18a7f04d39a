import {
  ADMIN_PERMISSIONS,
  adminNoticeListSchema,
  adminNoticePageSchema,
  adminNoticeRetrySchema,
  type NoticeKind,
  type NotifySettings,
  noticePrefs,
  notifySettingResultSchema,
  notifySettingSchema,
} from '@zl/shared';
import { z } from 'zod';
import { AppError, okEnvelope } from '../../lib/errors.ts';
import { routeOptions } from '../../lib/route.ts';
import type { App, Deps } from '../../lib/types.ts';
import { adminOf, memberOf } from '../../plugins/guards.ts';
import { insertAudit } from '../audit/audit.repo.ts';
import * as repo from './notice.repo.ts';

const PAGE = 20;

function settingsView(
  s: { prefs: Record<string, string>; messageSms: boolean; openid: string | null },
  wechatEnabled: boolean,
): NotifySettings {
  return {
    messageSms: s.messageSms,
    kinds: noticePrefs(s.prefs),
    wechatEnabled,
    wechatBound: s.openid !== null,
  };
}

/**
 * Notices outside the site (docs/notices.md): the member's 通知设置 in 账号安全, and the console's
 * list of what was sent, is waiting or failed (with 重试).
 */
export function registerNoticeRoutes(app: App, deps: Deps): void {
  const member = routeOptions('member', 'Member');
  const ops = routeOptions({ admin: ADMIN_PERMISSIONS.audit }, 'Admin');
  const { db } = deps;
  const wechatEnabled = deps.config.wechatMp != null;

  app.post(
    '/api/Member/notifyInfo',
    member(
      '通知设置',
      '各类通知的接收方式（仅站内 / 站内 + 短信 / 站内 + 短信 + 微信）与项目消息短信提醒开关；wechatEnabled 平台已开通服务号通知，wechatBound 已绑定微信。',
      z.strictObject({}),
      notifySettingResultSchema,
    ),
    async (request) => {
      const s = await repo.settingsOf(db, memberOf(request).memberId);
      if (!s) throw new AppError('NOT_FOUND');
      return okEnvelope(settingsView(s, wechatEnabled));
    },
  );

  app.post(
    '/api/Member/notifySetting',
    member(
      '修改通知设置',
      '修改部分或全部通知类型的接收方式（kinds）和项目消息短信提醒（messageSms）；未给出的保持不变。短信与微信通知 22:00–08:00 不发送，次日 8:00 补发。',
      notifySettingSchema,
      notifySettingResultSchema,
    ),
    async (request) => {
      const b = request.body;
      const s = await repo.saveSettings(db, memberOf(request).memberId, {
        ...(b.kinds
          ? { kinds: b.kinds as Partial<Record<NoticeKind, string>> as Record<string, string> }
          : {}),
        ...(b.messageSms === undefined ? {} : { messageSms: b.messageSms }),
      });
      return okEnvelope(settingsView(s, wechatEnabled));
    },
  );

  app.post(
    '/api/Admin/noticeList',
    ops(
      '站外通知',
      '发往站外（短信、微信服务号）的通知：按状态筛选（待发送、已发送、发送失败、未发送），最新在前，每页 20 条，只有类型与会员编号，不含内容；失败的带服务商的错误码。角色：审核员、财务、超级管理员。',
      adminNoticeListSchema,
      adminNoticePageSchema,
    ),
    async (request) => {
      const { status, page } = request.body;
      const [{ rows, total }, counts] = await Promise.all([
        repo.noticePage(db, status, PAGE, (page - 1) * PAGE),
        repo.noticeCounts(db),
      ]);
      return okEnvelope({
        listItem: rows.map(({ n, cardno }) => ({
          id: n.id,
          cardno,
          kind: n.kind as NoticeKind,
          channel: n.channel as 'sms' | 'wechat',
          status: n.status as 'pending' | 'sent' | 'failed' | 'skipped',
          attempts: n.attempts,
          lastError: n.lastError,
          created: n.createdAt.toISOString(),
          sendAfter: n.sendAfter.toISOString(),
          sent: n.sentAt ? n.sentAt.toISOString() : null,
        })),
        total,
        page,
        counts,
      });
    },
  );

  app.post(
    '/api/Admin/noticeRetry',
    ops(
      '重发站外通知',
      '把一条发送失败的通知重新排入发送（立即，夜间顺延到 8:00）；记入审计日志。角色：审核员、财务、超级管理员。',
      adminNoticeRetrySchema,
      z.null(),
    ),
    async (request) => {
      const admin = adminOf(request);
      const done = await db.transaction(async (tx) => {
        const ok = await repo.requeue(tx, request.body.id);
        if (ok)
          await insertAudit(tx, {
            actorType: 'admin',
            actorId: admin.adminId,
            action: 'notice.retry',
            targetType: 'notice',
            targetId: request.body.id,
            detail: {},
          });
        return ok;
      });
      if (!done) throw new AppError('INVALID_STATE', { message: '只有发送失败的通知可以重发' });
      return okEnvelope(null);
    },
  );
}
