import CopyOutlined from '@ant-design/icons/CopyOutlined';
import UserOutlined from '@ant-design/icons/UserOutlined';
import { AUTH_STATUS, type AuthStatus, cardTypeLabels, maskMobile, type UserInfo } from '@zl/shared';
import Avatar from 'antd/es/avatar';
import Button from 'antd/es/button';
import Progress from 'antd/es/progress';
import Skeleton from 'antd/es/skeleton';
import Tag from 'antd/es/tag';
import { Link, useNavigate } from 'react-router';
import { withFeedback } from '../../../lib/feedback.ts';
import { useUserInfo } from '../../../lib/user-info.ts';
import { profileCompleteness } from '../../member/index.ts';
import { CashSection } from '../../withdraw/index.ts';
import '../person-center.css';
import { AuthTag, toAuthStatus } from '../../../components/account/auth-status.tsx';

function nextStep(status: AuthStatus, kind: 'person' | 'business'): { label: string; primary: boolean } {
  switch (status) {
    case AUTH_STATUS.PENDING:
      return { label: '查看审核进度', primary: false };
    case AUTH_STATUS.REJECTED:
      return { label: '重新提交', primary: true };
    case AUTH_STATUS.APPROVED:
      return { label: '查看认证信息', primary: false };
    default:
      return { label: kind === 'person' ? '去实名认证' : '去企业认证', primary: true };
  }
}

function AuthCard({ kind, user }: { kind: 'person' | 'business'; user: UserInfo }) {
  const navigate = useNavigate();
  const status = toAuthStatus(kind === 'person' ? user.personauth : user.businsauth);
  const reason = kind === 'person' ? user.reject?.person : user.reject?.business;
  const step = nextStep(status, kind);
  const hint: Record<AuthStatus, string> = {
    3: kind === 'person' ? '完成实名认证后即可在项目大厅报价' : '以企业身份接单，结算打入对公账户',
    0: '平台通常在 1 个工作日内完成审核',
    1: kind === 'person' ? `认证姓名：${user.name || '—'}` : '企业资质已核验',
    2: `未通过原因：${reason || '资料不符合要求'}`,
  };
  return (
    <div className={`zl-ov-card zl-ov-auth zl-ov-auth-${status}`}>
      <div className="zl-ov-card-head">
        <span>{kind === 'person' ? '个人实名认证' : '企业认证'}</span>
        <AuthTag status={status} />
      </div>
      <p>{hint[status]}</p>
      <Button
        type={step.primary ? 'primary' : 'default'}
        size="small"
        onClick={() => navigate(`/personCenter/security_person${kind === 'business' ? '?tab=business' : ''}`)}
      >
        {step.label}
      </Button>
    </div>
  );
}

async function copy(text: string, what: string) {
  try {
    await navigator.clipboard.writeText(text);
    withFeedback((f) => f.message.success(`${what}已复制`));
  } catch {
    withFeedback((f) => f.message.warning('复制失败，请长按手动复制'));
  }
}

function Overview({ user }: { user: UserInfo }) {
  const { percent, missing } = profileCompleteness(user);
  const inviteLink = `${window.location.origin}/login/register?invite=${user.cardno}`;
  return (
    <>
      <div className="zl-ov-head">
        <Avatar size={64} src={user.userlogo || undefined} icon={<UserOutlined />} alt="头像" />
        <div className="zl-ov-who">
          <div className="zl-ov-name">
            {user.nickname || '未设置昵称'}
            <Tag color="blue">{cardTypeLabels[user.cardtype]}</Tag>
          </div>
          <div className="zl-ov-meta">
            会员号 {user.cardno} · {maskMobile(user.mobile)} · {user.dates} 注册
          </div>
        </div>
        <Link to="/personCenter/basicSetting" className="zl-ov-edit">
          编辑资料
        </Link>
      </div>

      <div className="zl-ov-grid">
        <AuthCard kind="person" user={user} />
        <AuthCard kind="business" user={user} />
        <div className="zl-ov-card">
          <div className="zl-ov-card-head">
            <span>支付密码</span>
            {user.ispaycode ? <Tag color="success">已设置</Tag> : <Tag color="warning">未设置</Tag>}
          </div>
          <p>
            {user.ispaycode ? `收款账户：${user.payout?.account || '—'}` : '提现前需要设置支付密码和收款账户'}
          </p>
          <Link to="/personCenter/securitySetting">
            <Button size="small">{user.ispaycode ? '管理' : '去设置'}</Button>
          </Link>
        </div>
      </div>

      <CashSection user={user} />

      <div className="zl-ov-grid">
        <div className="zl-ov-card zl-ov-coins">
          <div className="zl-ov-card-head">
            <span>金币余额</span>
            <b className="zl-ov-balance">{user.coins}</b>
          </div>
          <p>报价时按项目消耗金币，项目取消或流标时退还。</p>
          <Link to="/personCenter/charging">
            <Button size="small" type={user.coins > 0 ? 'default' : 'primary'}>
              去充值
            </Button>
          </Link>
        </div>
        <div className="zl-ov-card">
          <div className="zl-ov-card-head">
            <span>资料完整度</span>
            <b>{percent}%</b>
          </div>
          <Progress
            percent={percent}
            aria-label="资料完整度"
            showInfo={false}
            strokeColor={percent === 100 ? '#16a34a' : undefined}
          />
          {missing.length > 0 ? (
            <p>
              待完善：{missing.join('、')}。<Link to="/personCenter/basicSetting">去完善</Link>
            </p>
          ) : (
            <p>资料已完善，参展商可以更全面地了解您。</p>
          )}
        </div>
        <div className="zl-ov-card">
          <div className="zl-ov-card-head">
            <span>邀请好友</span>
            <span className="zl-ov-muted">已邀请 {user.invitpples} 人</span>
          </div>
          <div className="zl-ov-invite">
            <span>邀请码</span>
            <b>{user.cardno}</b>
            <Button size="small" icon={<CopyOutlined />} onClick={() => void copy(user.cardno, '邀请码')}>
              复制
            </Button>
          </div>
          <div className="zl-ov-invite-coins" data-testid="invite-coins">
            <span>
              邀请奖励 <b className="zl-ov-invite-n">{user.invitcoins}</b> 金币
            </span>
            <span className="zl-ov-muted">
              实名认证好友 {user.invitcoins_dsnr} · 企业认证好友 {user.invitcoins_bsns}
            </span>
          </div>
          <p>
            好友注册时填写您的邀请码，好友首次认证通过后您可获得金币奖励（每位好友一次）。
            <Button
              type="link"
              size="small"
              onClick={() => void copy(inviteLink, '邀请链接')}
              style={{ padding: 0 }}
            >
              复制邀请链接
            </Button>
          </p>
        </div>
      </div>
    </>
  );
}

/** /personCenter/defaultPage: who I am, what is verified, and the next step to take. */
export default function DefaultPage() {
  const { data, isPending } = useUserInfo();
  return (
    <div>
      <h1 style={{ fontSize: 20, margin: '0 0 16px' }}>账户概览</h1>
      {data ? (
        <Overview user={data} />
      ) : isPending ? (
        <Skeleton avatar active paragraph={{ rows: 6 }} />
      ) : null}
    </div>
  );
}
