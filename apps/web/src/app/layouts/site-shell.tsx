import LogoutOutlined from '@ant-design/icons/LogoutOutlined';
import MenuOutlined from '@ant-design/icons/MenuOutlined';
import UserOutlined from '@ant-design/icons/UserOutlined';
import { useQuery } from '@tanstack/react-query';
import { maskMobile } from '@zl/shared';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { lazy, type ReactNode, Suspense, useDeferredValue, useEffect, useState } from 'react';
import { Link, Navigate, Outlet, useLocation, useNavigation } from 'react-router';
import { Brand } from '../../components/brand.tsx';
import { LiteButton, LiteMenuButton } from '../../components/lite/lite-ui.tsx';
import { isBizError } from '../../lib/biz-error.ts';
import { queryClient } from '../../lib/query-client.ts';
import { sessionKeys } from '../../lib/query-keys.ts';
import { loginCheckQuery, logout } from '../../lib/session-api.ts';
import { useSession } from '../../lib/session-store.ts';
import { decideRole } from '../guard.ts';
import { PageLoading } from '../root.tsx';
import './main-layout.css';
import { useCompact } from '../../lib/use-compact.ts';
import { SiteFooter } from './site-footer.tsx';

dayjs.locale('zh-cn');

// antd's Drawer and Menu load when a phone first opens the menu (docs/web.md § Page speed)
const PhoneDrawer = lazy(() => import('./phone-drawer.tsx'));

/**
 * Background GET User/loginCheck: NOT_LOGGED_IN drops cardno/loginState, then the guard runs
 * again. Answers whether the check failed otherwise (network, server error): the page is then
 * shown and the server still refuses what the member may not do.
 */
export function useLoginCheck(): { failed: boolean } {
  const { data, error } = useQuery(loginCheckQuery());
  const setMember = useSession((s) => s.setMember);
  const sessionEnded = useSession((s) => s.sessionEnded);
  useEffect(() => {
    // A check sent before 退出登录 may answer after it: it must not store the member again (the
    // next page, /login, would take the stored cardno for a live session and send him home).
    if (data && !leaving) setMember(data);
  }, [data, setMember]);
  useEffect(() => {
    if (isBizError(error) && error.code === 'NOT_LOGGED_IN') {
      queryClient.removeQueries({ queryKey: sessionKeys.all });
      sessionEnded();
    }
  }, [error, sessionEnded]);
  return { failed: Boolean(error) && !(isBizError(error) && error.code === 'NOT_LOGGED_IN') };
}

/** Set by 退出登录 for the rest of this page's life: late session answers are ignored. */
let leaving = false;

/** Logout: the server call, then a full load of /login. */
export async function logoutAndLeave(): Promise<void> {
  leaving = true;
  await queryClient.cancelQueries();
  try {
    await logout();
  } catch {
    // the local session ends regardless; the server session expires on its own
  }
  queryClient.clear();
  useSession.getState().loggedOut();
  // A full load of /login: no in-flight query, guard or lazy route of the old session can race
  // the logout and bring the member back (or add ?redirect=).
  window.location.replace('/login');
}

export interface NavItem {
  key: string;
  to: string;
  label: ReactNode;
  icon?: ReactNode;
}

/**
 * The desktop header's links: plain markup with the menu roles. antd's horizontal Menu measured
 * its items for overflow on every first render, ~200 ms of blocked main thread on a signed-in
 * page's first visit (docs/web.md § Page speed).
 */
function HeaderNav({ items, selectedKey }: { items: NavItem[]; selectedKey: string }) {
  return (
    <nav className="zl-nav" aria-label="主导航">
      <div role="menubar" className="zl-nav-bar">
        {items.map((n) => (
          <Link
            key={n.key}
            role="menuitem"
            to={n.to}
            className={n.key === selectedKey ? 'zl-nav-item zl-nav-on' : 'zl-nav-item'}
            aria-current={n.key === selectedKey ? 'page' : undefined}
          >
            {n.icon}
            {n.label}
          </Link>
        ))}
      </div>
    </nav>
  );
}

export interface SiteShellProps {
  brandTo: string;
  /** a tag beside the brand, e.g. 参展商 */
  badge?: ReactNode;
  /** the header's links (a plain nav on a desktop; the phone drawer's menu) */
  nav: NavItem[];
  selectedKey: string;
  /** the account menu's links to the member's own pages */
  accountLinks: Array<{ to: string; label: string }>;
  /** list the account links in the phone drawer too (when the nav does not already have them) */
  accountLinksInDrawer?: boolean;
  drawerTitle: string;
  tagline: string;
  className?: string;
}

/**
 * The logged-in member's frame: header with nav and account menu (a drawer on phones), page, footer.
 * Guard rule 6: a page of the other role sends the member to their own home; until the server has
 * said who the member is, nothing of the page is shown.
 */
export function SiteShell(props: SiteShellProps) {
  const check = useLoginCheck();
  const compact = useCompact();
  const { pathname, search } = useLocation();
  const navigation = useNavigation();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const member = useSession((s) => s.member);
  const cardno = useSession((s) => s.cardno);
  const who = member ? maskMobile(member.mobile) : cardno ? `会员 ${cardno}` : '';
  const role = decideRole(
    { cardtype: member?.cardtype ?? null, checkFailed: check.failed },
    pathname,
    search,
  );

  // biome-ignore lint/correctness/useExhaustiveDependencies: close the drawer whenever the page changes
  useEffect(() => setDrawerOpen(false), [pathname]);

  const [drawerUsed, setDrawerUsed] = useState(false);

  // The session check's answer arrives as an urgent update; the frame and the page then render as
  // a transition, which React splits into short slices instead of one long task on a phone
  // (docs/web.md § Page speed). Until that render is done the loading state stays.
  const shown = useDeferredValue(role.action === 'allow');
  if (role.action === 'redirect') return <Navigate to={role.to} replace />;
  if (role.action === 'wait' || !shown) return <PageLoading />;

  return (
    <div className={`zl-main${props.className ? ` ${props.className}` : ''}`}>
      {navigation.state === 'loading' && <div className="zl-progress" aria-hidden="true" />}
      <header className="zl-header">
        <div className="zl-header-inner">
          <Brand to={props.brandTo} className="zl-header-brand" />
          {props.badge}
          {compact ? (
            <LiteButton
              variant="text"
              aria-label="打开导航菜单"
              icon={<MenuOutlined />}
              onClick={() => {
                setDrawerUsed(true);
                setDrawerOpen(true);
              }}
              className="zl-header-burger"
            />
          ) : (
            <>
              <HeaderNav items={props.nav} selectedKey={props.selectedKey} />
              <LiteMenuButton label={who} icon={<UserOutlined />} className="zl-header-user">
                {(close) => (
                  <>
                    <div role="menuitem" aria-disabled="true" className="zl-menu-item" tabIndex={-1}>
                      会员号：{cardno ?? '—'}
                    </div>
                    {props.accountLinks.map((l) => (
                      <Link key={l.to} to={l.to} role="menuitem" className="zl-menu-item" onClick={close}>
                        <UserOutlined />
                        {l.label}
                      </Link>
                    ))}
                    <hr className="zl-menu-sep" />
                    <button
                      type="button"
                      role="menuitem"
                      className="zl-menu-item zl-menu-danger"
                      onClick={() => {
                        close();
                        void logoutAndLeave();
                      }}
                    >
                      <LogoutOutlined />
                      退出登录
                    </button>
                  </>
                )}
              </LiteMenuButton>
            </>
          )}
        </div>
      </header>
      {compact && drawerUsed && (
        <Suspense fallback={null}>
          <PhoneDrawer
            open={drawerOpen}
            onClose={() => setDrawerOpen(false)}
            title={props.drawerTitle}
            who={member ? maskMobile(member.mobile) : '已登录'}
            cardno={cardno}
            items={props.nav}
            accountLinks={props.accountLinksInDrawer ? props.accountLinks : []}
            selectedKey={props.selectedKey}
            onLogout={() => void logoutAndLeave()}
          />
        </Suspense>
      )}
      <main className="zl-content">
        {navigation.state === 'loading' && !navigation.location ? <PageLoading /> : <Outlet />}
      </main>
      <SiteFooter tagline={props.tagline} />
    </div>
  );
}
