import { type CardType, cardTypeLabels, maskMobile } from '@zl/shared';
import { Link } from 'react-router';
import { useSession } from '../../../lib/session-store.ts';

/** /personCenter/defaultPage: who is logged in and where each account task lives. */
export default function DefaultPage() {
  const member = useSession((s) => s.member);
  const cardno = useSession((s) => s.cardno);
  return (
    <div>
      <h1 style={{ fontSize: 20, margin: 0 }}>账户概览</h1>
      <dl className="zl-pc-summary">
        <div>
          <dt>会员号（邀请码）</dt>
          <dd>{member?.cardno ?? cardno ?? '—'}</dd>
        </div>
        <div>
          <dt>手机号</dt>
          <dd>{member ? maskMobile(member.mobile) : '—'}</dd>
        </div>
        <div>
          <dt>账号类型</dt>
          <dd>{member ? cardTypeLabels[member.cardtype as CardType] : '—'}</dd>
        </div>
        <div>
          <dt>昵称</dt>
          <dd>{member?.nickname || '未设置'}</dd>
        </div>
      </dl>
      <p style={{ color: '#6b7280', lineHeight: 1.8 }}>
        实名认证、资料设置、展厅与案例、充值和收支明细将陆续上线。先去 <Link to="/orderCenter">项目大厅</Link>{' '}
        看看，或在 <Link to="/help">帮助中心</Link> 了解平台规则。
      </p>
    </div>
  );
}
