import { useQuery } from '@tanstack/react-query';
import {
  type AuditItem,
  type AuditListInput,
  auditActionLabels,
  auditActionText,
  auditTargetLabels,
  type ProjectStatus,
  projectStatusLabels,
} from '@zl/shared';
import Input from 'antd/es/input';
import Select from 'antd/es/select';
import type { ColumnsType } from 'antd/es/table';
import Tag from 'antd/es/tag';
import { auditListQuery } from '../api/audit-list.ts';
import { AdminTable, useListFilters } from '../components/admin-table.tsx';
import { fmtTime } from '../labels.tsx';

const ACTION_COLORS: Record<string, string> = {
  'auth.approve': 'green',
  'auth.reject': 'red',
  'admin.disable': 'volcano',
  'admin.create': 'blue',
  'person_auth.submit': 'processing',
  'business_auth.submit': 'processing',
  'project.approve': 'green',
  'project.reject': 'red',
  'project.award': 'gold',
};
const PAGE_SIZE = 30;
const ROLE_WORDS: Record<string, string> = { super: '超级管理员', reviewer: '审核员', finance: '财务' };

/** The detail in words: only keys that mean something to an operator, never a raw code. */
export function detailText(r: AuditItem): string {
  const d = r.detail as Record<string, unknown>;
  const parts: string[] = [];
  if (typeof d.reason === 'string' && d.reason) parts.push(`原因：${d.reason}`);
  if (typeof d.from === 'number' && typeof d.to === 'number') {
    const from = projectStatusLabels[d.from as ProjectStatus] ?? '—';
    const to = projectStatusLabels[d.to as ProjectStatus] ?? '—';
    parts.push(`${from} → ${to}`);
  }
  if (typeof d.coins === 'number' && d.coins > 0) parts.push(`${d.coins} 金币`);
  if (typeof d.username === 'string') parts.push(`账号 ${d.username}`);
  if (typeof d.role === 'string') parts.push(`角色 ${ROLE_WORDS[d.role] ?? d.role}`);
  if (typeof d.ip === 'string') parts.push(`IP ${d.ip}`);
  // complaint.read_messages: how many threads the operator read
  if (typeof d.threads === 'number') parts.push(`${d.threads} 个会话`);
  return parts.join('；') || '—';
}

/** 会员 张三 138…: who the row is about, by name and mobile (the member number when nameless). */
export function memberText(r: AuditItem): string {
  if (!r.member) return '';
  return `${r.member.name || `会员 ${r.member.cardno}`}（${r.member.mobile}）`;
}

export function actorText(r: AuditItem): string {
  if (r.actorType === 'admin') return `运营 ${r.actor ?? `#${r.actorId}`}`;
  if (r.actorType === 'system') return '系统';
  return r.member && r.actorType === 'member' ? memberText(r) : '会员';
}

export function targetText(r: AuditItem): string {
  const kind = auditTargetLabels[r.targetType] ?? '记录';
  if (r.targetName) return `${kind} ${r.targetName}`;
  if (r.targetType === 'member') return r.member ? `${kind} ${memberText(r)}` : kind;
  return `${kind}第 ${r.targetId} 号`;
}

const columns: ColumnsType<AuditItem> = [
  { title: '时间', dataIndex: 'created', width: 140, render: fmtTime },
  { title: '操作人', key: 'actor', render: (_, r) => actorText(r) },
  {
    title: '动作',
    dataIndex: 'action',
    render: (v: string) => <Tag color={ACTION_COLORS[v] ?? 'default'}>{auditActionText(v)}</Tag>,
  },
  { title: '对象', key: 'target', render: (_, r) => targetText(r) },
  {
    title: '相关会员',
    key: 'member',
    render: (_, r) => (r.member ? memberText(r) : <span className="zl-admin-muted">—</span>),
  },
  { title: '详情', key: 'detail', render: (_, r) => <span className="zl-admin-muted">{detailText(r)}</span> },
];

/** 操作日志: every operator decision, newest first. */
export default function AuditPage() {
  const { q, set, paging } = useListFilters<AuditListInput>(PAGE_SIZE);
  const list = useQuery(auditListQuery(q));
  return (
    <div className="zl-admin-panel">
      <div className="zl-admin-toolbar">
        <Select
          allowClear
          placeholder="对象类型"
          aria-label="对象类型"
          style={{ width: 130 }}
          options={Object.entries(auditTargetLabels).map(([value, label]) => ({ value, label }))}
          onChange={(v?: string) => set({ targetType: v })}
        />
        <Select
          allowClear
          placeholder="动作"
          aria-label="动作"
          style={{ width: 200 }}
          options={Object.entries(auditActionLabels).map(([value, label]) => ({ value, label }))}
          onChange={(v?: string) => set({ action: v })}
        />
        <Input.Search
          allowClear
          maxLength={40}
          placeholder="对象编号"
          aria-label="对象编号"
          style={{ width: 160 }}
          onSearch={(v) => set({ targetId: v.trim() || undefined })}
        />
      </div>
      <AdminTable<AuditItem> rowKey="id" columns={columns} list={list} paging={paging} />
    </div>
  );
}
