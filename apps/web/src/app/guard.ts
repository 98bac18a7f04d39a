import type { CardType, LoginResult } from '@zl/shared';
import { safeRedirect } from '../lib/navigation.ts';
import { sharedMainPages } from './route-table.ts';

/**
 * The guard of the main layout (docs/seed-map.md § Guard, with docs/product.md § Accounts and identity: the remembered mobile + the server's
 * httpOnly remember cookie replace the seed's stored password). Pure, so each rule is testable.
 */
export interface GuardSnapshot {
  cardno: string | null;
  /** The remembered mobile (`name`), saved only when 记住我 was ticked. */
  name: string | null;
}

export type GuardDecision =
  /** Rule 1: a member number is stored → show the page. */
  | { action: 'allow' }
  /** Rule 2: no member number but a remembered mobile → go to /login and try auto-login meanwhile. */
  | { action: 'autologin'; redirectTo: string }
  /** Rule 5: neither → /login, remembering where the member wanted to go. */
  | { action: 'login'; redirectTo: string };

export function loginPathFor(requested: string): string {
  if (!requested || requested === '/' || requested.startsWith('/login')) return '/login';
  return `/login?redirect=${encodeURIComponent(requested)}`;
}

export function decideGuard(s: GuardSnapshot, requested: string): GuardDecision {
  if (s.cardno) return { action: 'allow' };
  if (s.name) return { action: 'autologin', redirectTo: loginPathFor(requested) };
  return { action: 'login', redirectTo: loginPathFor(requested) };
}

export interface AutologinDeps {
  /** POST User/login {autologin: 1}; resolves with data (ALREADY_LOGGED_IN counts as success). */
  login: () => Promise<Pick<LoginResult, 'cardno'> & Partial<LoginResult>>;
  /** Rule 3: store cardno and loginState 'true'. */
  onSuccess: (member: Pick<LoginResult, 'cardno'> & Partial<LoginResult>) => void;
  /** Rule 4: the auto-login did not succeed (`error` says why: a server answer or a network failure). */
  onFailure: (error: unknown) => void;
}

/**
 * Rules 3 and 4: returns where the member goes next — on success the page that was asked for
 * (`requested`, a same-site path; anything else gives `/`), on failure `/login`.
 */
export async function runAutologin(deps: AutologinDeps, requested = '/'): Promise<string> {
  try {
    const data = await deps.login();
    if (!data || typeof data.cardno !== 'string' || data.cardno === '') throw new Error('no cardno');
    deps.onSuccess(data);
    return safeRedirect(requested);
  } catch (error) {
    deps.onFailure(error);
    return '/login';
  }
}

/**
 * Which kind of member a page is for (docs/adr/0002-sessions-and-remember-me.md, "Pages by role"):
 * `/customer/*` is the customer portal, the public information pages are for everyone, every
 * other page behind the guard is the supplier app. The server still decides what each call
 * allows (a customer cannot quote, a supplier cannot publish); this only keeps each member in the
 * pages made for them.
 */
export type PageArea = 'supplier' | 'customer' | 'any';

export function pageAreaOf(pathname: string): PageArea {
  const first = pathname.split('/').filter(Boolean)[0] ?? '';
  if (first === 'customer') return 'customer';
  if (sharedMainPages.has(first)) return 'any';
  return 'supplier';
}

/** Each member's home: where a page of the other role sends them. */
export const HOME_OF: Record<CardType, string> = { workshop: '/mainPage', customer: '/customer' };

export interface RoleSnapshot {
  /** the member's `cardtype` once the server told it (login or User/loginCheck), else null */
  cardtype: CardType | null;
  /** User/loginCheck failed without an answer (network): the page is shown, the server decides */
  checkFailed?: boolean;
}

export type RoleDecision =
  | { action: 'allow' }
  /** the role is not known yet: show nothing of the page until User/loginCheck answers */
  | { action: 'wait' }
  | { action: 'redirect'; to: string };

/**
 * Pages both roles have, each in its own area (supplier path → customer path): a member who opens
 * the other role's copy (a shared link, a typed /message) lands on their own copy, not at home.
 */
const COUNTERPARTS: ReadonlyArray<readonly [string, string]> = [
  ['/message', '/customer/message'],
  ['/personCenter/basicSetting', '/customer/basicSetting'],
  ['/personCenter/securitySetting', '/customer/securitySetting'],
  ['/personCenter/businessList', '/customer/bills'],
  ['/personCenter/complaints', '/customer/complaints'],
  ['/personCenter/complaint', '/customer/complaint'],
];

function counterpartOf(pathname: string, own: PageArea): string | undefined {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const pair = COUNTERPARTS.find(
    ([supplier, customer]) => (own === 'customer' ? supplier : customer) === path,
  );
  return pair && (own === 'customer' ? pair[1] : pair[0]);
}

/**
 * Rule 6: a page of the other role sends the member to their own copy of it when there is one
 * (keeping the query: `?id=`), else to their home.
 */
export function decideRole(s: RoleSnapshot, pathname: string, search = ''): RoleDecision {
  const area = pageAreaOf(pathname);
  if (area === 'any') return { action: 'allow' };
  if (!s.cardtype) return s.checkFailed ? { action: 'allow' } : { action: 'wait' };
  const own: PageArea = s.cardtype === 'customer' ? 'customer' : 'supplier';
  if (area === own) return { action: 'allow' };
  const twin = counterpartOf(pathname, own);
  return { action: 'redirect', to: twin ? `${twin}${search}` : HOME_OF[s.cardtype] };
}
