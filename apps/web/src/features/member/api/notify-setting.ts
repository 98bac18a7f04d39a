import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { NotifySettingInput, NotifySettings, UserInfo } from '@zl/shared';
import { api } from '../../../lib/api-client.ts';
import { memberKeys } from '../../../lib/query-keys.ts';

/** Member/notifyInfo: each kind's channels and the message nudge (docs/notices.md). */
export function useNotifyInfo() {
  return useQuery({
    queryKey: memberKeys.notifyInfo(),
    queryFn: () => api.post<NotifySettings>('Member/notifyInfo', {}),
  });
}

/** Member/notifySetting: saves what changed; the settings (and userInfo's `messageSms`) follow the answer. */
export function useNotifySetting() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: NotifySettingInput) => api.post<NotifySettings>('Member/notifySetting', body),
    onSuccess: (r) => {
      qc.setQueryData(memberKeys.notifyInfo(), r);
      qc.setQueryData<UserInfo>(memberKeys.userInfo(), (u) => (u ? { ...u, messageSms: r.messageSms } : u));
    },
  });
}
