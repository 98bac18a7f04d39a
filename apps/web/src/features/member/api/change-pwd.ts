import { useMutation } from '@tanstack/react-query';
import type { ChangePwdInput } from '@zl/shared';
import { api } from '../../../lib/api-client.ts';

/** Member/changePwd: the server ends every other session of the member; this one stays. */
export function changePwd(body: ChangePwdInput) {
  return api.post<null>('Member/changePwd', body, { skipErrorHandler: true });
}

export function useChangePwd() {
  return useMutation({ mutationFn: changePwd, meta: { skipErrorHandler: true } });
}
