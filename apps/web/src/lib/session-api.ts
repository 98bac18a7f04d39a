/**
 * The session calls the app shell uses on every page (the guard's auto-login, the background
 * loginCheck, 退出登录): infrastructure beside the session store, not a feature's internals.
 */
import { queryOptions } from '@tanstack/react-query';
import type { LoginInput, LoginResult, SessionMember } from '@zl/shared';
import { api } from './api-client.ts';
import { forgetEarly, LOGIN_CHECK } from './early.ts';
import { sessionKeys } from './query-keys.ts';

/** GET User/loginCheck: the server's word on who is logged in. Errors are handled by the caller. */
export function loginCheckQuery() {
  return queryOptions({
    queryKey: sessionKeys.check(),
    queryFn: ({ signal }) =>
      api.takeEarly<SessionMember>(LOGIN_CHECK, { skipErrorHandler: true }, () =>
        api.get<SessionMember>(LOGIN_CHECK, undefined, { skipErrorHandler: true, signal }),
      ),
    retry: false,
    staleTime: 60_000,
    meta: { skipErrorHandler: true },
  });
}

/** docs/seed-map.md § Errors: ALREADY_LOGGED_IN ("do not log in again") counts as a successful login. */
const LOGIN_OK = ['ALREADY_LOGGED_IN'] as const;

export function postLogin(body: LoginInput, opts: { skipErrorHandler?: boolean } = {}) {
  forgetEarly(LOGIN_CHECK);
  return api.post<LoginResult>('User/login', body, { ...opts, okCodes: LOGIN_OK });
}

/** Guard rule 2: no password, the server uses its httpOnly remember cookie. */
export function loginWithRememberToken() {
  return postLogin({ autologin: 1 }, { skipErrorHandler: true });
}

export function logout() {
  return api.get<null>('User/logout', undefined, { skipErrorHandler: true });
}
