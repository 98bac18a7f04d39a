import LockOutlined from '@ant-design/icons/LockOutlined';
import UserOutlined from '@ant-design/icons/UserOutlined';
import { useQueryClient } from '@tanstack/react-query';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { isBizError } from '../../../lib/biz-error.ts';
import { applyFieldErrors } from '../../../lib/zod-rule.ts';
import { adminLogin } from '../api/admin-session.ts';
import { adminKeys } from '../api/keys.ts';
import '../admin.css';

interface Values {
  username: string;
  password: string;
}

function safeAdminRedirect(v: string | null): string {
  return v?.startsWith('/admin/') && !v.startsWith('/admin/login') && !v.startsWith('//') ? v : '/admin';
}

/** The console's own login (username + password), separate from the member /login. */
export default function AdminLoginPage() {
  const [form] = Form.useForm<Values>();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function onFinish(values: Values) {
    setBusy(true);
    setError(null);
    try {
      const me = await adminLogin({ username: values.username.trim(), password: values.password });
      qc.removeQueries({ queryKey: adminKeys.all });
      qc.setQueryData(adminKeys.me(), me);
      await navigate(safeAdminRedirect(params.get('redirect')), { replace: true });
    } catch (e) {
      if (!applyFieldErrors(form, e)) setError(isBizError(e) ? e.message : '登录失败，请重试');
      form.setFieldValue('password', '');
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="zl-admin-login">
      <Card className="zl-admin-login-card" variant="borderless">
        <div className="zl-admin-login-head">
          <span className="zl-admin-logo" style={{ color: '#fff', width: 40, height: 40, fontSize: 20 }}>
            展
          </span>
          <h1>运营后台</h1>
          <div className="zl-admin-muted">展览供应商接单平台 · 平台运营人员专用</div>
        </div>
        {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} />}
        <Form form={form} layout="vertical" onFinish={onFinish} requiredMark={false} autoComplete="on">
          <Form.Item
            name="username"
            label="用户名"
            rules={[{ required: true, whitespace: true, message: '请输入用户名' }]}
          >
            <Input prefix={<UserOutlined />} autoComplete="username" maxLength={32} autoFocus size="large" />
          </Form.Item>
          <Form.Item name="password" label="密码" rules={[{ required: true, message: '请输入密码' }]}>
            <Input.Password
              prefix={<LockOutlined />}
              autoComplete="current-password"
              maxLength={128}
              size="large"
            />
          </Form.Item>
          <Button type="primary" htmlType="submit" block size="large" loading={busy}>
            登录
          </Button>
        </Form>
        <div
          className="zl-admin-muted zl-text-links"
          style={{ marginTop: 16, fontSize: 12, textAlign: 'center' }}
        >
          账号由超级管理员分配；会员请前往 <Link to="/login">会员登录</Link>
        </div>
      </Card>
    </div>
  );
}
