import type { CheckCodeInput, CheckCodeResult, RegistInput, RegistResult, ResetPwdInput } from '@zl/shared';
import { api } from '../../../lib/api-client.ts';

export function regist(body: RegistInput) {
  return api.post<RegistResult>('User/regist', body, { skipErrorHandler: true });
}

export function checkCode(mobile: string, code: string) {
  return api.post<CheckCodeResult>('User/checkCode', { mobile, code } satisfies CheckCodeInput, {
    skipErrorHandler: true,
  });
}

export function resetPwd(mobile: string, token: string, password: string) {
  return api.post<null>('User/resetPwd', { mobile, token, password } satisfies ResetPwdInput, {
    skipErrorHandler: true,
  });
}
