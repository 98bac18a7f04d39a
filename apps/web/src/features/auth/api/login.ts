import type { LoginResult } from '@zl/shared';
import { postLogin } from '../../../lib/session-api.ts';
import { useSession } from '../../../lib/session-store.ts';
import { storage } from '../../../lib/storage.ts';

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
