import UserOutlined from '@ant-design/icons/UserOutlined';
import { AUTH_STATUS, cardTypeLabels } from '@zl/shared';
import Avatar from 'antd/es/avatar';
import Menu from 'antd/es/menu';
import type { ItemType } from 'antd/es/menu/interface';
import { useLayoutEffect, useRef } from 'react';
import { Link, Outlet, useLocation } from 'react-router';
import { useUserInfo } from '../../lib/user-info.ts';
import './person-center.css';
import { AuthTag, toAuthStatus } from '../../components/account/auth-status.tsx';
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
      ['calendar', '项目日历'],
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

function menuItems(): ItemType[] {
  return GROUPS.map((g) => ({
    type: 'group' as const,
    key: g.key,
    label: g.label,
    children: g.items.map(([key, label]) => ({
      key,
      label: <Link to={`/personCenter/${key}`}>{label}</Link>,
    })),
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

/**
 * The phone form of the menu: every page as a tab in one row that scrolls sideways, scrolled so the
 * current page's tab is in view. antd's horizontal Menu folded the items that do not fit into
 * 「···」, the current page among them (docs/web.md § Phone layout).
 */
function PhoneTabs({ selected }: { selected: string }) {
  const row = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const el = row.current;
    const tab = el?.querySelector<HTMLElement>(`[data-key="${selected}"]`);
    if (!el || !tab) return;
    // centre the tab in the row; only the row scrolls, never the page
    el.scrollLeft = tab.offsetLeft - (el.clientWidth - tab.offsetWidth) / 2;
  }, [selected]);
  return (
    <div className="zl-pc-tabs" ref={row}>
      {GROUPS.flatMap((g) => g.items).map(([key, label]) => (
        <Link
          key={key}
          to={`/personCenter/${key}`}
          data-key={key}
          className={key === selected ? 'zl-pc-tab zl-pc-tab-on' : 'zl-pc-tab'}
          aria-current={key === selected ? 'page' : undefined}
        >
          {label}
        </Link>
      ))}
    </div>
  );
}

/** /personCenter/*: side menu on desktop, a sideways-scrolling row of tabs on phones. */
export default function PersonCenterLayout() {
  const { pathname } = useLocation();
  const compact = useCompact();
  const selected = pathname.split('/')[2] || 'defaultPage';
  return (
    <div className={compact ? 'zl-pc zl-pc-compact' : 'zl-pc'}>
      <nav className="zl-pc-side" aria-label="个人中心菜单">
        {compact ? (
          <PhoneTabs selected={selected} />
        ) : (
          <>
            <MemberCard />
            <Menu
              mode="inline"
              selectedKeys={[selected]}
              items={menuItems()}
              style={{ borderInlineEnd: 0 }}
            />
          </>
        )}
      </nav>
      <section className="zl-pc-body zl-panel">
        <Outlet />
      </section>
    </div>
  );
}
