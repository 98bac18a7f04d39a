import type { ProjectEvent } from '../project/project-states.ts';

/**
 * Chinese words of the operator audit log (docs/admin.md). Every action code the server writes
 * has a label here: apps/server/test/audit-labels.test.ts fails when one is missing.
 */

/** `project.<event>`: written by the one transition helper, so every event needs its words. */
export const projectEventAuditLabels: Record<ProjectEvent, string> = {
  approve: '项目审核通过',
  reject: '项目审核驳回',
  edit: '修改项目',
  resubmit: '重新提交项目',
  cancel: '取消项目',
  expire: '竞标截止未选标，项目关闭',
  award: '选定中标供应商',
  uploadContract: '上传合同',
  reviewContract: '审核合同',
  startBuilding: '开始施工',
  prepayPaid: '预付款已托管，开始施工',
  uploadReport: '上传完工报告',
  reworkReport: '验收未通过，退回整改',
  accept: '验收通过',
  closeByComplaint: '投诉裁决关闭项目',
};

export const auditActionLabels: Record<string, string> = {
  'auth.approve': '认证通过',
  'auth.reject': '认证驳回',
  'admin.login': '登录后台',
  'admin.create': '创建管理员',
  'admin.disable': '停用管理员',
  'admin.enable': '启用管理员',
  'admin.reset': '重置管理员密码',
  'person_auth.submit': '提交实名认证',
  'business_auth.submit': '提交企业认证',
  'member.set_payment': '设置支付密码与收款账户',
  'member.change_password': '修改登录密码',
  'project.publish': '发布项目',
  'withdraw.request': '申请提现',
  'withdraw.pay': '提现打款',
  'withdraw.reject': '提现驳回',
  'complaint.add': '发起投诉',
  'complaint.edit': '修改投诉',
  'complaint.answer': '答复投诉',
  'complaint.rule': '投诉裁决',
  'complaint.read_messages': '查看投诉项目的会话',
  'notice.retry': '重发站外通知',
  ...Object.fromEntries(
    Object.entries(projectEventAuditLabels).map(([event, label]) => [`project.${event}`, label]),
  ),
};

/** What a row is about (`targetType`). */
export const auditTargetLabels: Record<string, string> = {
  person_auth: '实名认证',
  business_auth: '企业认证',
  admin: '管理员',
  member: '会员',
  project: '项目',
  withdrawal: '提现申请',
  complaint: '投诉',
  notice: '站外通知',
};

/** An action code in Chinese; an unknown one (a newer server) says so instead of showing the code. */
export function auditActionText(action: string): string {
  return auditActionLabels[action] ?? '其他操作';
}
