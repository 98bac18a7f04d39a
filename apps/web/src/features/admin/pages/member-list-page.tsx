import { useQuery } from '@tanstack/react-query';
import type { MemberListInput, MemberListItem } from '@zl/shared';
import Input from 'antd/es/input';
import Select from 'antd/es/select';
import type { ColumnsType } from 'antd/es/table';
import { memberListQuery } from '../api/member-list.ts';
import { AdminTable, useListFilters } from '../components/admin-table.tsx';
import { cardtypeShort, fmtTime, StatusTag } from '../labels.tsx';

const AUTH_OPTIONS = [
  { value: 0, label: '待审核' },
  { value: 1, label: '已通过' },
  { value: 2, label: '已驳回' },
  { value: 3, label: '未提交' },
];
const PAGE_SIZE = 20;

const columns: ColumnsType<MemberListItem> = [
  { title: '会员号', dataIndex: 'cardno', render: (v: string) => <span className="zl-admin-mono">{v}</span> },
  { title: '手机号', dataIndex: 'mobile', render: (v: string) => <span className="zl-admin-mono">{v}</span> },
  { title: '类型', dataIndex: 'cardtype', render: (v: string) => cardtypeShort[v] ?? v },
  { title: '昵称', dataIndex: 'nickname' },
  { title: '真实姓名', dataIndex: 'realname', render: (v: string) => v || '—', responsive: ['md'] },
  { title: '公司', dataIndex: 'company', render: (v: string) => v || '—', responsive: ['lg'] },
  { title: '实名认证', dataIndex: 'personauth', render: (v: number) => <StatusTag value={v} /> },
  { title: '企业认证', dataIndex: 'businsauth', render: (v: number) => <StatusTag value={v} /> },
  { title: '注册时间', dataIndex: 'registered', render: fmtTime, responsive: ['md'] },
];

/** 会员管理: search by mobile / member number (prefix) or name / company (anywhere). */
export default function MemberListPage() {
  const { q, set, paging } = useListFilters<MemberListInput>(PAGE_SIZE);
  const list = useQuery(memberListQuery(q));
  const { data } = list;

  return (
    <div className="zl-admin-panel">
      <div className="zl-admin-toolbar">
        <Input.Search
          allowClear
          maxLength={50}
          placeholder="手机号 / 会员号 / 昵称 / 姓名 / 公司"
          aria-label="手机号 / 会员号 / 昵称 / 姓名 / 公司"
          onSearch={(v) => set({ keyword: v.trim() || undefined })}
        />
        <Select
          allowClear
          placeholder="账号类型"
          aria-label="账号类型"
          style={{ width: 120 }}
          options={[
            { value: 'workshop', label: '供应商' },
            { value: 'customer', label: '参展商' },
          ]}
          onChange={(v?: 'workshop' | 'customer') => set({ cardtype: v })}
        />
        <Select
          allowClear
          placeholder="实名认证"
          aria-label="实名认证"
          style={{ width: 120 }}
          options={AUTH_OPTIONS}
          onChange={(v?: 0 | 1 | 2 | 3) => set({ personauth: v })}
        />
        <Select
          allowClear
          placeholder="企业认证"
          aria-label="企业认证"
          style={{ width: 120 }}
          options={AUTH_OPTIONS}
          onChange={(v?: 0 | 1 | 2 | 3) => set({ businsauth: v })}
        />
        <span className="zl-admin-muted" style={{ marginLeft: 'auto' }}>
          {data ? `共 ${data.total >= 10_000 ? '10000+' : data.total} 位会员` : ''}
        </span>
      </div>
      <AdminTable<MemberListItem> rowKey="cardno" columns={columns} list={list} paging={paging} />
    </div>
  );
}
