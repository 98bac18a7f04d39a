import PlusOutlined from '@ant-design/icons/PlusOutlined';
import { useQuery } from '@tanstack/react-query';
import {
  ADMIN_ROLES,
  type AdminCreateInput,
  type AdminListItem,
  type AdminMe,
  adminDisplayNameSchema,
  adminRoleLabels,
  adminUsernameSchema,
  passwordSchema,
} from '@zl/shared';
import Button from 'antd/es/button';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Modal from 'antd/es/modal';
import Popconfirm from 'antd/es/popconfirm';
import Select from 'antd/es/select';
import type { ColumnsType } from 'antd/es/table';
import Tag from 'antd/es/tag';
import { useState } from 'react';
import { useOutletContext } from 'react-router';
import { isBizError } from '../../../lib/biz-error.ts';
import { withFeedback } from '../../../lib/feedback.ts';
import { applyFieldErrors, zodRule } from '../../../lib/zod-rule.ts';
import { adminListQuery, useAdminCreate, useAdminDisable } from '../api/admins.ts';
import { AdminTable } from '../components/admin-table.tsx';
import { fmtTime, RoleTag } from '../labels.tsx';

/** 管理员 (super only): operators, their roles, create and disable. */
export default function AdminsPage() {
  const me = useOutletContext<AdminMe>();
  const list = useQuery(adminListQuery());
  const create = useAdminCreate();
  const disable = useAdminDisable();
  const [open, setOpen] = useState(false);
  const [form] = Form.useForm<AdminCreateInput>();

  async function onCreate() {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    try {
      await create.mutateAsync(values);
      setOpen(false);
      withFeedback((f) => f.message.success(`已创建管理员 ${values.username}`));
    } catch (e) {
      if (!applyFieldErrors(form, e)) {
        const text = isBizError(e) ? e.message : '创建失败';
        withFeedback((f) => f.message.error(text));
      }
    }
  }

  const columns: ColumnsType<AdminListItem> = [
    {
      title: '用户名',
      dataIndex: 'username',
      render: (v: string) => <span className="zl-admin-mono">{v}</span>,
    },
    { title: '显示名', dataIndex: 'displayName' },
    { title: '角色', dataIndex: 'role', render: (v: AdminListItem['role']) => <RoleTag role={v} /> },
    {
      title: '状态',
      key: 'state',
      render: (_, r) =>
        r.disabled ? (
          <Tag>已停用</Tag>
        ) : r.locked ? (
          <Tag color="orange">临时锁定</Tag>
        ) : (
          <Tag color="green">正常</Tag>
        ),
    },
    { title: '创建时间', dataIndex: 'created', render: fmtTime, responsive: ['md'] },
    {
      title: '操作',
      key: 'op',
      render: (_, r) =>
        r.username === me.username ? (
          <span className="zl-admin-muted">当前账号</span>
        ) : (
          <Popconfirm
            title={r.disabled ? `启用 ${r.username}？` : `停用 ${r.username}？其登录会话将立即失效。`}
            onConfirm={() => disable.mutateAsync({ id: r.id, disabled: !r.disabled })}
          >
            <Button type="link" size="small" danger={!r.disabled}>
              {r.disabled ? '启用' : '停用'}
            </Button>
          </Popconfirm>
        ),
    },
  ];

  return (
    <div className="zl-admin-panel">
      <div className="zl-admin-toolbar">
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setOpen(true)}>
          新建管理员
        </Button>
        <span className="zl-admin-muted">也可在服务器上执行 npm run admin:create 创建或重置</span>
      </div>
      <AdminTable<AdminListItem> rowKey="id" columns={columns} list={list} />
      <Modal
        title="新建管理员"
        open={open}
        okText="创建"
        confirmLoading={create.isPending}
        onOk={() => void onCreate()}
        onCancel={() => setOpen(false)}
        afterClose={() => form.resetFields()}
      >
        <Form form={form} layout="vertical" initialValues={{ role: 'reviewer' }}>
          <Form.Item
            name="username"
            label="用户名"
            rules={[zodRule(adminUsernameSchema)]}
            extra="3–32 位小写字母、数字或下划线"
          >
            <Input maxLength={32} autoComplete="off" />
          </Form.Item>
          <Form.Item
            name="displayName"
            label="显示名"
            rules={[zodRule(adminDisplayNameSchema, { optional: true })]}
          >
            <Input maxLength={30} />
          </Form.Item>
          <Form.Item name="role" label="角色">
            <Select options={ADMIN_ROLES.map((r) => ({ value: r, label: adminRoleLabels[r] }))} />
          </Form.Item>
          <Form.Item
            name="password"
            label="初始密码"
            rules={[zodRule(passwordSchema)]}
            extra="8–32 位，需同时包含字母和数字"
          >
            <Input.Password maxLength={32} autoComplete="new-password" />
          </Form.Item>
        </Form>
      </Modal>
    </div>
  );
}
