/** The signed-in member's Member/userInfo: read by the frame and most features (docs/web.md § How the web calls the API). */
import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import type { UserInfo } from '@zl/shared';
import { api } from './api-client.ts';
import { isServerAnswer } from './biz-error.ts';
import { memberKeys } from './query-keys.ts';
import { useSession } from './session-store.ts';
import { removeItem, writeItem } from './storage.ts';

/**
 * POST Member/userInfo with the storage rules of docs/seed-map.md § Browser storage and § Client state: a successful answer saves the
 * business-auth status and the pay-code flag; an answer that is not success removes the stored
 * cardno, so the guard sends the member to /login. A network failure (no answer) keeps it.
 */
export async function fetchUserInfo(signal?: AbortSignal): Promise<UserInfo> {
  try {
    const data = await api.post<UserInfo>('Member/userInfo', {}, { skipErrorHandler: true, signal });
    writeItem('businsauth', String(data.businsauth));
    writeItem('ispaycode', data.ispaycode ? '1' : '0');
    return data;
  } catch (err) {
    if (isServerAnswer(err)) {
      removeItem('cardno');
      useSession.setState({ cardno: null, member: null });
    }
    throw err;
  }
}

export function userInfoQuery() {
  return queryOptions({
    queryKey: memberKeys.userInfo(),
    queryFn: ({ signal }) => fetchUserInfo(signal),
    staleTime: 30_000,
  });
}

export function useUserInfo() {
  return useQuery(userInfoQuery());
}

/**
 * Unread messages of the project conversation (userInfo's `unreadMessages`, docs/conversation.md);
 * 0 when the answer does not carry it.
 */
export function unreadMessagesOf(u: UserInfo | undefined): number {
  // an older server's answer may lack it
  const n: unknown = u?.unreadMessages;
  return typeof n === 'number' && Number.isInteger(n) && n >= 0 ? n : 0;
}

/** Sets userInfo's `unreadMessages` in the cache (a live `thread` event, Conversation/read): the header badge reads it. */
export function setUnreadMessages(qc: QueryClient, unread: number): void {
  if (!Number.isInteger(unread) || unread < 0) return;
  qc.setQueryData<UserInfo>(memberKeys.userInfo(), (u) => (u ? { ...u, unreadMessages: unread } : u));
}
