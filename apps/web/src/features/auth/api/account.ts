import type { CardType } from '@zl/shared';
import { api } from '../../../lib/api-client.ts';

export interface RegistBody {
  mobile: string;
  code: string;
  password: string;
  cardtype: CardType;
  invite?: string;
}

export function regist(body: RegistBody) {
  return api.post<{ cardno: string }>('User/regist', body, { skipErrorHandler: true });
}

export function checkCode(mobile: string, code: string) {
  return api.post<{ token: string; expiresIn: number }>(
    'User/checkCode',
    { mobile, code },
    { skipErrorHandler: true },
  );
}

export function resetPwd(mobile: string, token: string, password: string) {
  return api.post<null>('User/resetPwd', { mobile, token, password }, { skipErrorHandler: true });
}

export function logout() {
  return api.get<null>('User/logout', undefined, { skipErrorHandler: true });
}
