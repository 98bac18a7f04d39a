/** The caller's threads (docs/conversation.md): Conversation/list, page by page, newest message first. */
import {
  infiniteQueryOptions,
  type QueryClient,
  useInfiniteQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type { Thread, ThreadList } from '@zl/shared';
import { useEffect, useMemo } from 'react';
import { api } from '../../../lib/api-client.ts';
import { conversationKeys } from '../../../lib/query-keys.ts';
import { setUnreadMessages } from '../../../lib/user-info.ts';

type ListPages = { pages: ThreadList[]; pageParams: number[] };

export function threadListQuery() {
  return infiniteQueryOptions({
    queryKey: conversationKeys.list(),
    queryFn: ({ pageParam, signal }) =>
      api.post<ThreadList>('Conversation/list', { page: pageParam }, { signal }),
    initialPageParam: 1,
    getNextPageParam: (last: ThreadList, pages: ThreadList[]) =>
      pages.reduce((n, p) => n + p.listItem.length, 0) < last.total && last.listItem.length > 0
        ? last.page + 1
        : undefined,
  });
}

/** The loaded threads, each once (a thread that moved to the top may still sit on a later page). */
export function flattenThreads(pages: readonly ThreadList[] | undefined): Thread[] {
  const seen = new Set<number>();
  const out: Thread[] = [];
  for (const p of pages ?? []) {
    for (const t of p.listItem) {
      if (seen.has(t.id)) continue;
      seen.add(t.id);
      out.push(t);
    }
  }
  return out;
}

/** The thread list; its answer also sets the header badge's count of unread messages. */
export function useThreadList() {
  const qc = useQueryClient();
  const q = useInfiniteQuery(threadListQuery());
  const unread = q.data?.pages[0]?.unread;
  useEffect(() => {
    if (unread !== undefined) setUnreadMessages(qc, unread);
  }, [qc, unread]);
  const threads = useMemo(() => flattenThreads(q.data?.pages), [q.data]);
  return { ...q, threads };
}

/** Changes one thread where the list shows it (read: its unread count is 0). */
export function patchListThread(qc: QueryClient, threadId: number, patch: Partial<Thread>): void {
  qc.setQueryData<ListPages>(conversationKeys.list(), (d) =>
    d
      ? {
          ...d,
          pages: d.pages.map((p) => ({
            ...p,
            listItem: p.listItem.map((t) => (t.id === threadId ? { ...t, ...patch } : t)),
          })),
        }
      : d,
  );
}

/**
 * The caller's thread of a project among `threads`: a supplier has one; a customer may have one
 * per bidder, and the one with the winner (awarded) is the project's thread, else the newest open one.
 */
export function pickProjectThread(threads: readonly Thread[], projectId: number): Thread | null {
  const mine = threads.filter((t) => t.projectId === projectId);
  return mine.find((t) => t.awarded) ?? mine.find((t) => t.open) ?? mine[0] ?? null;
}
