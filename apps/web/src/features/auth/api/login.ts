import type { LoginInput, LoginResult } from '@zl/shared';
import { api } from '../../../lib/api-client.ts';
import { useSession } from '../../../lib/session-store.ts';
import { storage } from '../../../lib/storage.ts';

/** docs/seed-map.md § Errors: ALREADY_LOGGED_IN ("do not log in again") counts as a successful login. */
const LOGIN_OK = ['ALREADY_LOGGED_IN'] as const;

export function postLogin(body: LoginInput, opts: { skipErrorHandler?: boolean } = {}) {
  return api.post<LoginResult>('User/login', body, { ...opts, okCodes: LOGIN_OK });
}

/** Guard rule 2: no password, the server uses its httpOnly remember cookie. */
export function loginWithRememberToken() {
  return postLogin({ autologin: 1 }, { skipErrorHandler: true });
}

export interface LoginFormValues {
  mobile: string;
  password: string;
  remember: boolean;
}

/**
 * Manual login. The password goes to the server and nowhere else: only cardno, loginState and
 * (with 记住我) the mobile are kept in the browser.
 */
export async function submitLogin(values: LoginFormValues): Promise<LoginResult> {
  const mobile = values.mobile.trim();
  const data = await postLogin(
    values.remember
      ? { mobile, password: values.password, autologin: 1 }
      : { mobile, password: values.password },
    { skipErrorHandler: true },
  );
  useSession.getState().loggedIn(data);
  if (values.remember) storage.saveName(mobile);
  else storage.removeName();
  return data;
}
