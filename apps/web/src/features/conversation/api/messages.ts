/**
 * One thread's messages (docs/conversation.md): Conversation/messages page by page (newest page
 * first), send, withdraw (撤回) and read.
 */
import {
  infiniteQueryOptions,
  type QueryClient,
  useInfiniteQuery,
  useMutation,
  useQueryClient,
} from '@tanstack/react-query';
import type {
  readThreadResultSchema,
  SendMessageInput,
  sendMessageResultSchema,
  Thread,
  ThreadMessage,
  ThreadMessages,
} from '@zl/shared';
import { api } from '../../../lib/api-client.ts';
import { conversationKeys } from '../../../lib/query-keys.ts';
import { useSubmission } from '../../../lib/submission.ts';
import { setUnreadMessages } from '../../../lib/user-info.ts';
import { patchListThread } from './threads.ts';

/** `data` of Conversation/send and Conversation/read (the schemas' output types). */
export type SendResult = ReturnType<typeof sendMessageResultSchema.parse>;
type ReadResult = ReturnType<typeof readThreadResultSchema.parse>;
type Pages = { pages: ThreadMessages[]; pageParams: number[] };

export function threadMessagesQuery(threadId: number) {
  return infiniteQueryOptions({
    queryKey: conversationKeys.messages(threadId),
    // the page says what failed (a thread of someone else, a bad id): only the session is the shared handler's
    queryFn: ({ pageParam, signal }) =>
      api.post<ThreadMessages>(
        'Conversation/messages',
        pageParam ? { threadId, before: pageParam } : { threadId },
        { signal, inline: true },
      ),
    initialPageParam: 0,
    getNextPageParam: (last: ThreadMessages) =>
      last.hasMore && last.listItem[0] ? last.listItem[0].id : undefined,
    meta: { skipErrorHandler: true },
    retry: false,
  });
}

/** The loaded messages, oldest first, each once. */
export function flattenMessages(pages: readonly ThreadMessages[] | undefined): ThreadMessage[] {
  const seen = new Set<number>();
  const out: ThreadMessage[] = [];
  for (const p of [...(pages ?? [])].reverse()) {
    for (const m of p.listItem) {
      if (seen.has(m.id)) continue;
      seen.add(m.id);
      out.push(m);
    }
  }
  return out.sort((a, b) => a.id - b.id);
}

export function useThreadMessages(threadId: number) {
  return useInfiniteQuery(threadMessagesQuery(threadId));
}

/** Puts a message (new or changed) and its thread into the thread's cached pages. */
function putMessage(qc: QueryClient, message: ThreadMessage, thread?: Thread): void {
  qc.setQueryData<Pages>(conversationKeys.messages(message.threadId), (d) => {
    if (!d || d.pages.length === 0) return d;
    const known = d.pages.some((p) => p.listItem.some((m) => m.id === message.id));
    const pages = d.pages.map((p, i) => {
      const listItem = known
        ? p.listItem.map((m) => (m.id === message.id ? message : m))
        : i === 0
          ? [...p.listItem, message]
          : p.listItem;
      return { ...p, listItem, thread: i === 0 && thread ? thread : p.thread };
    });
    return { ...d, pages };
  });
}

/**
 * 发送: to a thread, or to the caller's thread of a project (`projectId`, before the thread is
 * known). One Idempotency-Key per submission; the composer shows the refusal beside the input.
 */
export function useSendMessage() {
  const qc = useQueryClient();
  const submission = useSubmission();
  return useMutation({
    mutationFn: (body: SendMessageInput) =>
      api.post<SendResult>('Conversation/send', body, { inline: true, submission }),
    meta: { skipErrorHandler: true },
    onSuccess: (res) => {
      putMessage(qc, res.message, res.thread);
      void qc.invalidateQueries({ queryKey: conversationKeys.list() });
    },
  });
}

/** 撤回 the caller's own message (within WITHDRAW_WINDOW_MS); a refusal is shown by the shared handler. */
export function useWithdrawMessage() {
  const qc = useQueryClient();
  const submission = useSubmission();
  return useMutation({
    mutationFn: (body: { threadId: number; messageId: number }) =>
      api.post<ThreadMessage>('Conversation/withdraw', body, { submission }),
    onSuccess: (message) => {
      putMessage(qc, message);
      void qc.invalidateQueries({ queryKey: conversationKeys.list() });
    },
  });
}

/**
 * Marks the thread read up to a message: the header badge takes the answer's count, the list's
 * thread shows nothing unread. Quiet: a failure is tried again with the next message.
 */
export function useReadThread() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: { threadId: number; upTo: number }) =>
      api.post<ReadResult>('Conversation/read', body, { skipErrorHandler: true }),
    meta: { skipErrorHandler: true },
    onSuccess: (res, vars) => {
      setUnreadMessages(qc, res.unread);
      patchListThread(qc, vars.threadId, { unread: 0 });
    },
  });
}
