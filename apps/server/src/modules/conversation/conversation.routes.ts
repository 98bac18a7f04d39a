import {
  messageSchema,
  openThreadSchema,
  readThreadResultSchema,
  readThreadSchema,
  sendMessageResultSchema,
  sendMessageSchema,
  threadListResultSchema,
  threadListSchema,
  threadMessagesResultSchema,
  threadMessagesSchema,
  threadSchema,
  withdrawMessageSchema,
} from '@zl/shared';
import { okEnvelope } from '../../lib/errors.ts';
import { idempotent, routeOptions } from '../../lib/route.ts';
import type { App, Deps } from '../../lib/types.ts';
import { memberOf } from '../../plugins/guards.ts';
import { onProjectEvent } from '../project/project-transition.ts';
import {
  listThreads,
  openAwardThread,
  openThread,
  readThread,
  sendMessage,
  threadMessages,
  withdrawMessage,
} from './conversation.service.ts';
import { registerMessageNudges } from './conversation-nudge.ts';

export const CONVERSATION_AWARD_HANDLER = 'conversation.award';

/** The project conversation (docs/conversation.md): the members' calls (the complaint operator's read: complaint.routes.ts). */
export function registerConversationRoutes(app: App, deps: Deps): void {
  const member = routeOptions('member', 'Conversation');
  const customer = routeOptions('customer', 'Customer');
  const { db } = deps;
  registerMessageNudges(deps.outbox, deps.sms, app.log);
  // the award opens the winner's thread (a pre-award thread with the winner goes on as it)
  onProjectEvent(deps.outbox, CONVERSATION_AWARD_HANDLER, (notice, ctx) =>
    notice.type === 'project.award' ? openAwardThread(ctx.tx, notice.projectId) : undefined,
  );

  app.post(
    '/api/Conversation/list',
    member(
      '我的会话',
      '与参展商或供应商的项目会话，最新消息在前，每页 20 个：每个会话带最后一条消息与未读数；unread 为全部未读消息数。需登录。',
      threadListSchema,
      threadListResultSchema,
    ),
    async (request) => okEnvelope(await listThreads(db, memberOf(request).memberId, request.body.page)),
  );

  app.post(
    '/api/Conversation/messages',
    member(
      '会话消息',
      '一个会话的消息，每页 30 条，旧的在前、最新的在后；before 为当前最早一条的编号时取更早的一页。仅会话双方。',
      threadMessagesSchema,
      threadMessagesResultSchema,
    ),
    async (request) => okEnvelope(await threadMessages(db, memberOf(request).memberId, request.body)),
  );

  app.post(
    '/api/Conversation/send',
    // one message per submission (docs/adr/0010-idempotency-keys.md)
    idempotent(
      member(
        '发送消息',
        '向会话（threadId）或自己在项目上的会话（projectId）发送文字（最多 2000 字）和最多 9 个图片或文件（用途 attachment 的本人上传）。成交前手机号、微信号、QQ 号与邮箱会显示为 ＊（maskedKinds 说明隐藏了哪些）。供应商不能主动发起会话。',
        sendMessageSchema,
        sendMessageResultSchema,
      ),
    ),
    async (request) => okEnvelope(await sendMessage(db, memberOf(request).memberId, request.body)),
  );

  app.post(
    '/api/Conversation/read',
    member(
      '标记已读',
      '会话中到 upTo（含）为止的消息标记为已读；对方看到已读标记。只前进不后退。',
      readThreadSchema,
      readThreadResultSchema,
    ),
    async (request) => okEnvelope(await readThread(db, memberOf(request).memberId, request.body)),
  );

  app.post(
    '/api/Conversation/withdraw',
    member(
      '撤回消息',
      '撤回自己发出 2 分钟内的消息；对方看到「消息已撤回」，投诉处理时平台仍可查看。',
      withdrawMessageSchema,
      messageSchema,
    ),
    async (request) => okEnvelope(await withdrawMessage(db, memberOf(request).memberId, request.body)),
  );

  app.post(
    '/api/Customer/openThread',
    idempotent(
      customer(
        '联系报价供应商',
        '选标前与对本项目报价的一位供应商开启会话（供应商不能主动发起）；已有会话时返回该会话。',
        openThreadSchema,
        threadSchema,
      ),
    ),
    async (request) => okEnvelope(await openThread(db, memberOf(request).memberId, request.body)),
  );
}
