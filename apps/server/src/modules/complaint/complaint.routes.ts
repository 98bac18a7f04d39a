import {
  ADMIN_PERMISSIONS,
  adminComplaintDetailSchema,
  adminComplaintListSchema,
  complainAddSchema,
  complainEditSchema,
  complainIdSchema,
  complainListSchema,
  complaintDetailSchema,
  complaintMessagesResultSchema,
  complaintMessagesSchema,
  complaintPageSchema,
  complaintRuleResultSchema,
  complaintRuleSchema,
} from '@zl/shared';
import { okEnvelope } from '../../lib/errors.ts';
import { idempotent, routeOptions } from '../../lib/route.ts';
import type { App, Deps } from '../../lib/types.ts';
import { adminOf, memberOf } from '../../plugins/guards.ts';
import * as service from './complaint.service.ts';

/** Complaints (docs/delivery-complaint.md): the two parties' calls and the operator's ruling. */
export function registerComplaintRoutes(app: App, deps: Deps): void {
  const member = routeOptions('member', 'Complain');
  const reviewer = routeOptions({ admin: ADMIN_PERMISSIONS.review }, 'Admin');

  app.post(
    '/api/Complain/complainAdd',
    idempotent(
      member(
        '发起投诉',
        '项目的参展商或中标供应商在项目已中标至待验收（状态 2–5）期间投诉对方：类型、内容 10–1000 字、证据文件至多 10 个（本人上传）。每个项目同时只能有一条处理中的投诉；投诉期间托管款冻结、不自动验收。',
        complainAddSchema,
        complaintDetailSchema,
      ),
    ),
    async (request) => okEnvelope(await service.add(deps, memberOf(request).memberId, request.body)),
  );

  app.post(
    '/api/Complain/complainList',
    member(
      '我的投诉',
      '当前会员发起的和收到的投诉，最新在前，分页；可按项目筛选（projectId）。',
      complainListSchema,
      complaintPageSchema,
    ),
    async (request) => okEnvelope(await service.list(deps.db, memberOf(request).memberId, request.body)),
  );

  app.post(
    '/api/Complain/complainInfo',
    member(
      '投诉详情',
      '投诉双方可见：双方陈述、证据、状态与裁决结果；其他会员答 NOT_FOUND。',
      complainIdSchema,
      complaintDetailSchema,
    ),
    async (request) => okEnvelope(await service.info(deps.db, memberOf(request).memberId, request.body.id)),
  );

  app.post(
    '/api/Complain/complainEdit',
    member(
      '修改投诉或答复',
      '投诉人在对方答复前修改投诉内容与证据；被投诉方提交（或修改）答复陈述与证据（应在投诉后 3 天内答复），裁决后均不能再改。',
      complainEditSchema,
      complaintDetailSchema,
    ),
    async (request) => okEnvelope(await service.edit(deps, memberOf(request).memberId, request.body)),
  );

  app.post(
    '/api/Admin/complaintList',
    reviewer(
      '投诉处理队列',
      '投诉按状态筛选，未裁决的最早在前，分页。角色：审核员、超级管理员。',
      adminComplaintListSchema,
      complaintPageSchema,
    ),
    async (request) => okEnvelope(await service.adminList(deps.db, request.body)),
  );

  app.post(
    '/api/Admin/complaintInfo',
    reviewer(
      '投诉处理详情',
      '投诉的项目、双方陈述与证据、托管中的预付款与佣金比例。角色：审核员、超级管理员。',
      complainIdSchema,
      adminComplaintDetailSchema,
    ),
    async (request) => okEnvelope(await service.adminInfo(deps, request.body.id)),
  );

  app.post(
    '/api/Admin/complaintRule',
    reviewer(
      '投诉裁决',
      '驳回投诉（项目继续），或关闭项目并分配托管款：退款部分原路退回参展商，其余扣除平台佣金后结算给供应商，同一事务完成；每条投诉只裁决一次。角色：审核员、超级管理员。',
      complaintRuleSchema,
      complaintRuleResultSchema,
    ),
    async (request) => okEnvelope(await service.ruleComplaint(deps, adminOf(request), request.body)),
  );

  app.post(
    '/api/Admin/complaintMessages',
    reviewer(
      '投诉项目的会话记录',
      '裁决投诉时只读查看该项目双方的会话（含已撤回的消息）；每次查看都记入审计日志。角色：审核员、超级管理员。',
      complaintMessagesSchema,
      complaintMessagesResultSchema,
    ),
    async (request) =>
      okEnvelope(await service.complaintMessages(deps.db, adminOf(request).adminId, request.body.id)),
  );
}
