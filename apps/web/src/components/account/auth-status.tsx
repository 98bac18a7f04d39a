import { AUTH_STATUS, type AuthStatus, authStatusLabels } from '@zl/shared';
import Alert from 'antd/es/alert';
import Steps from 'antd/es/steps';
import Tag from 'antd/es/tag';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

const TAG_COLORS: Record<AuthStatus, string> = {
  [AUTH_STATUS.PENDING]: 'processing',
  [AUTH_STATUS.APPROVED]: 'success',
  [AUTH_STATUS.REJECTED]: 'error',
  [AUTH_STATUS.NOT_SUBMITTED]: 'default',
};

export function toAuthStatus(v: number | null | undefined): AuthStatus {
  return v === AUTH_STATUS.PENDING || v === AUTH_STATUS.APPROVED || v === AUTH_STATUS.REJECTED
    ? v
    : AUTH_STATUS.NOT_SUBMITTED;
}

export function AuthTag({ status }: { status: AuthStatus }) {
  return (
    <Tag color={TAG_COLORS[status]} style={{ marginInlineEnd: 0 }}>
      {authStatusLabels[status]}
    </Tag>
  );
}

/** 提交资料 → 平台审核 → 结果通知, with the current step for a pending review. */
export function ReviewSteps({ size = 'default' }: { size?: 'default' | 'small' }) {
  return (
    <Steps
      size={size}
      current={1}
      items={[
        { title: '提交资料', content: '已提交' },
        { title: '平台审核', content: '通常 1 个工作日', status: 'process' },
        { title: '结果通知', content: '消息中心通知' },
      ]}
    />
  );
}

export function PendingNotice({ kind, submittedAt }: { kind: string; submittedAt?: string }) {
  return (
    <div className="zl-auth-pending" role="status">
      <Alert
        type="info"
        showIcon
        title={`${kind}资料已提交，正在审核中`}
        description={
          <>
            平台审核人员会核对您填写的信息与证件照片，通常在 <b>1 个工作日</b>
            内完成，结果会通过消息中心通知您。审核期间资料不能修改。
            {submittedAt ? ` 提交时间：${submittedAt}。` : ''}
            <Link to="/waiting"> 审核期间可以做什么？</Link>
          </>
        }
      />
      <div className="zl-auth-steps">
        <ReviewSteps size="small" />
      </div>
    </div>
  );
}

export function RejectedNotice({ kind, reason }: { kind: string; reason: string }) {
  return (
    <Alert
      type="error"
      showIcon
      title={`${kind}未通过审核`}
      description={
        <>
          <div>原因：{reason || '资料不符合要求'}</div>
          <div>请根据原因修改下方资料后重新提交，已填写的内容已为您保留。</div>
        </>
      }
    />
  );
}

export function ApprovedSummary({ kind, rows }: { kind: string; rows: Array<[string, ReactNode]> }) {
  return (
    <div className="zl-auth-approved">
      <Alert
        type="success"
        showIcon
        title={`${kind}已通过`}
        description="认证信息已生效，如需变更请联系平台客服。"
      />
      <dl className="zl-auth-summary">
        {rows.map(([k, v]) => (
          <div key={k}>
            <dt>{k}</dt>
            <dd>{v || '—'}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

/** Real names shown masked outside the form: 张*三, 李*. */
export function maskName(name: string): string {
  const chars = [...name];
  if (chars.length <= 1) return name;
  if (chars.length === 2) return `${chars[0]}*`;
  return `${chars[0]}${'*'.repeat(chars.length - 2)}${chars[chars.length - 1]}`;
}

export function maskTail(v: string, keep = 4): string {
  return v.length > keep ? `${'*'.repeat(Math.min(8, v.length - keep))}${v.slice(-keep)}` : v;
}
