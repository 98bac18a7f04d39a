import { useQuery } from '@tanstack/react-query';
import { type AuditItem, type AuditListInput, auditActionLabels } from '@zl/shared';
import Input from 'antd/es/input';
import Select from 'antd/es/select';
import type { ColumnsType } from 'antd/es/table';
import Tag from 'antd/es/tag';
import { auditListQuery } from '../api/audit-list.ts';
import { AdminTable, useListFilters } from '../components/admin-table.tsx';
import { fmtTime } from '../labels.tsx';

const TARGETS: Record<string, string> = {
  person_auth: '个人实名',
  business_auth: '企业认证',
  admin: '管理员',
};
const ACTION_COLORS: Record<string, string> = {
  'auth.approve': 'green',
  'auth.reject': 'red',
  'admin.disable': 'volcano',
  'admin.create': 'blue',
  'person_auth.submit': 'processing',
  'business_auth.submit': 'processing',
};
const PAGE_SIZE = 30;

function detailText(r: AuditItem): string {
  const d = r.detail as Record<string, unknown>;
  const parts: string[] = [];
  if (typeof d.reason === 'string' && d.reason) parts.push(`原因：${d.reason}`);
  if (r.memberCardno && r.actorType === 'admin') parts.push(`会员 ${r.memberCardno}`);
  if (typeof d.username === 'string') parts.push(`账号 ${d.username}`);
  if (typeof d.role === 'string') parts.push(`角色 ${d.role}`);
  if (typeof d.ip === 'string') parts.push(`IP ${d.ip}`);
  return parts.join('；') || '—';
}

const columns: ColumnsType<AuditItem> = [
  { title: '时间', dataIndex: 'created', width: 140, render: fmtTime },
  {
    title: '操作人',
    key: 'actor',
    render: (_, r) =>
      r.actorType === 'admin'
        ? (r.actor ?? `#${r.actorId}`)
        : r.actorType === 'system'
          ? '系统 / 命令行'
          : '会员',
  },
  {
    title: '动作',
    dataIndex: 'action',
    render: (v: string) => <Tag color={ACTION_COLORS[v] ?? 'default'}>{auditActionLabels[v] ?? v}</Tag>,
  },
  {
    title: '对象',
    key: 'target',
    render: (_, r) => (
      <span>
        {TARGETS[r.targetType] ?? r.targetType} <span className="zl-admin-mono">#{r.targetId}</span>
      </span>
    ),
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
          style={{ width: 130 }}
          options={Object.entries(TARGETS).map(([value, label]) => ({ value, label }))}
          onChange={(v?: string) => set({ targetType: v })}
        />
        <Select
          allowClear
          placeholder="动作"
          style={{ width: 140 }}
          options={Object.entries(auditActionLabels).map(([value, label]) => ({ value, label }))}
          onChange={(v?: string) => set({ action: v })}
        />
        <Input.Search
          allowClear
          maxLength={40}
          placeholder="对象编号"
          style={{ width: 160 }}
          onSearch={(v) => set({ targetId: v.trim() || undefined })}
        />
      </div>
      <AdminTable<AuditItem> rowKey="id" columns={columns} list={list} paging={paging} />
    </div>
  );
}
