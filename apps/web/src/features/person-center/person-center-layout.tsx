import UserOutlined from '@ant-design/icons/UserOutlined';
import { AUTH_STATUS, cardTypeLabels } from '@zl/shared';
import Avatar from 'antd/es/avatar';
import Menu from 'antd/es/menu';
import type { ItemType } from 'antd/es/menu/interface';
import { Link, Outlet, useLocation } from 'react-router';
import { useUserInfo } from '../member/index.ts';
import { AuthTag, toAuthStatus } from '../verification/index.ts';
import './person-center.css';
import { useCompact } from '../../lib/use-compact.ts';

const GROUPS: Array<{ key: string; label: string; items: Array<[string, string]> }> = [
  {
    key: 'account',
    label: '账户',
    items: [
      ['defaultPage', '账户概览'],
      ['basicSetting', '基本资料'],
      ['securitySetting', '账号安全'],
      ['security_person', '实名认证'],
    ],
  },
  {
    key: 'project',
    label: '项目',
    items: [
      ['projectList', '我的项目'],
      ['evaluateList', '我的评价'],
      ['complaints', '我的投诉'],
    ],
  },
  {
    key: 'show',
    label: '企业展示',
    items: [
      ['showRoomSetting', '展厅设置'],
      ['caseOut', '案例展示'],
      ['uploadMyDesign', '设计作品'],
      ['serviceList', '我的服务'],
    ],
  },
  {
    key: 'money',
    label: '资金',
    items: [
      ['charging', '充值'],
      ['businessList', '收支明细'],
    ],
  },
];

function menuItems(grouped: boolean): ItemType[] {
  const leaf = ([key, label]: [string, string]) => ({
    key,
    label: <Link to={`/personCenter/${key}`}>{label}</Link>,
  });
  if (!grouped) return GROUPS.flatMap((g) => g.items.map(leaf));
  return GROUPS.map((g) => ({
    type: 'group' as const,
    key: g.key,
    label: g.label,
    children: g.items.map(leaf),
  }));
}

/** Who is signed in, from Member/userInfo (the same cached query the pages use). */
function MemberCard() {
  const { data } = useUserInfo();
  if (!data) return null;
  const approved = data.businsauth === AUTH_STATUS.APPROVED ? data.businsauth : data.personauth;
  return (
    <Link to="/personCenter/defaultPage" className="zl-pc-member">
      <Avatar size={40} src={data.userlogo || undefined} icon={<UserOutlined />} />
      <span>
        <b>{data.nickname || `会员 ${data.cardno}`}</b>
        <small>
          {cardTypeLabels[data.cardtype].split('（')[0]} · <AuthTag status={toAuthStatus(approved)} />
        </small>
      </span>
    </Link>
  );
}

/** /personCenter/*: side menu on desktop, a scrolling top menu on phones. */
export default function PersonCenterLayout() {
  const { pathname } = useLocation();
  const compact = useCompact();
  const selected = [pathname.split('/')[2] ?? 'defaultPage'];
  return (
    <div className={compact ? 'zl-pc zl-pc-compact' : 'zl-pc'}>
      <nav className="zl-pc-side" aria-label="个人中心菜单">
        {!compact && <MemberCard />}
        <Menu
          mode={compact ? 'horizontal' : 'inline'}
          selectedKeys={selected}
          items={menuItems(!compact)}
          style={{ borderInlineEnd: 0 }}
        />
      </nav>
      <section className="zl-pc-body zl-panel">
        <Outlet />
      </section>
    </div>
  );
}
