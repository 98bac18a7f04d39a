import type { LoginResult } from '@zl/shared';

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

/** Rules 3 and 4: returns where the member goes next. */
export async function runAutologin(deps: AutologinDeps): Promise<'/' | '/login'> {
  try {
    const data = await deps.login();
    if (!data || typeof data.cardno !== 'string' || data.cardno === '') throw new Error('no cardno');
    deps.onSuccess(data);
    return '/';
  } catch (error) {
    deps.onFailure(error);
    return '/login';
  }
}
