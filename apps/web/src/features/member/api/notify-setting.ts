import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UserInfo } from '@zl/shared';
import { api } from '../../../lib/api-client.ts';
import { memberKeys } from '../../../lib/query-keys.ts';

/** Member/notifySetting: the offline SMS nudge of unread messages (docs/conversation.md "Offline"). */
export function setNotify(body: { messageSms: boolean }) {
  return api.post<{ messageSms: boolean }>('Member/notifySetting', body);
}

/** Saves the switch; userInfo's `messageSms` follows the answer. */
export function useNotifySetting() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: setNotify,
    onSuccess: (r) =>
      qc.setQueryData<UserInfo>(memberKeys.userInfo(), (u) => (u ? { ...u, messageSms: r.messageSms } : u)),
  });
}
