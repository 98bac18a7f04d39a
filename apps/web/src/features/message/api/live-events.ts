import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import type { Tip, UserInfo } from '@zl/shared';
import { useEffect } from 'react';
import { api } from '../../../lib/api-client.ts';
import { withFeedback } from '../../../lib/feedback.ts';
import { navigateTo } from '../../../lib/navigation.ts';
import { conversationKeys, memberKeys } from '../../../lib/query-keys.ts';
import { useSession } from '../../../lib/session-store.ts';
import { setUnreadMessages } from '../../../lib/user-info.ts';
import { tipKeys } from './keys.ts';

/** The signed-in member's server-sent events (docs/messages.md "Live updates"). */
export const LIVE_STREAM_URL = '/api/Tipcenter/stream';

/** What a `project` event says: the project, what changed, its status and number of quotes. */
export interface ProjectChange {
  id: number;
  what: 'quote' | 'project';
  status: number;
  quotes: number;
}

/**
 * What a `thread` event says: a thread of the project conversation got a message, was read by the
 * other party or had a message withdrawn; `messages` is the member's unread messages over all threads.
 */
export interface ThreadChange {
  threadId: number;
  what: 'message' | 'read' | 'withdraw';
  messages: number;
}

function parse<T>(data: unknown): T | null {
  if (typeof data !== 'string') return null;
  try {
    return JSON.parse(data) as T;
  } catch {
    return null;
  }
}

/** The header badge reads userInfo's `unread`/`hastips`: set them from the event. */
function setUnread(qc: QueryClient, unread: number): void {
  if (!Number.isInteger(unread) || unread < 0) return;
  qc.setQueryData<UserInfo>(memberKeys.userInfo(), (u) => (u ? { ...u, unread, hastips: unread > 0 } : u));
}

/**
 * The queries that show a project: the customer portal's (`['customer', …, id]`: detail, quotes,
 * winner; its project list) and the supplier's order pages (`['project', …, id]`; its order list).
 */
function invalidateProject(qc: QueryClient, id: number | null): Promise<void> {
  return qc.invalidateQueries({
    predicate: (q) => {
      const [area, what] = q.queryKey;
      if (area !== 'customer' && area !== 'project') return false;
      return id === null || q.queryKey.includes(id) || what === 'projectList' || what === 'factoryPrjctList';
    },
  });
}

/** A click on a tip's notification: marks it read (the stream then sends the count), opens its link. */
async function openTip(tip: Tip): Promise<void> {
  try {
    await api.post('Tipcenter/editMsg', { ids: [tip.id] }, { skipErrorHandler: true });
  } catch {
    // the message centre still shows it unread
  }
  if (tip.link.startsWith('/') && !tip.link.startsWith('//')) navigateTo(tip.link);
}

/**
 * Live updates while a member is signed in: one EventSource on LIVE_STREAM_URL (the browser
 * reconnects by itself and resumes with Last-Event-ID). `tip`: the badge's count, the message
 * list read again and a small notification; `unread`: the count; `project`: that project's
 * pages read again; `thread`: the badge's count of unread messages, the thread list and that
 * thread's messages read again (a new message, the 已读 mark, a withdrawn message); `resync` (the server may have missed something): all of them read again.
 * Closed when the member signs out. Mount it once per layout.
 */
export function useLiveEvents(): void {
  const qc = useQueryClient();
  const cardno = useSession((s) => s.member?.cardno ?? null);
  useEffect(() => {
    if (!cardno || typeof EventSource === 'undefined') return;
    const es = new EventSource(LIVE_STREAM_URL, { withCredentials: true });
    es.addEventListener('tip', (e) => {
      const d = parse<{ tip: Tip; unread: number }>((e as MessageEvent).data);
      if (!d?.tip) return;
      setUnread(qc, d.unread);
      void qc.invalidateQueries({ queryKey: tipKeys.all });
      withFeedback((f) =>
        f.notification.open({
          key: `tip-${d.tip.id}`,
          message: d.tip.title,
          description: d.tip.content || undefined,
          placement: 'topRight',
          duration: 6,
          // as on 消息中心: marked read, then its page (only links within the app)
          onClick: () => void openTip(d.tip),
          style: { cursor: 'pointer' },
        }),
      );
    });
    es.addEventListener('unread', (e) => {
      const d = parse<{ unread: number }>((e as MessageEvent).data);
      if (!d) return;
      setUnread(qc, d.unread);
      void qc.invalidateQueries({ queryKey: tipKeys.all });
    });
    es.addEventListener('project', (e) => {
      const d = parse<ProjectChange>((e as MessageEvent).data);
      if (d && Number.isSafeInteger(d.id)) void invalidateProject(qc, d.id);
    });
    es.addEventListener('thread', (e) => {
      const d = parse<ThreadChange>((e as MessageEvent).data);
      if (!d || !Number.isSafeInteger(d.threadId)) return;
      setUnreadMessages(qc, d.messages);
      void qc.invalidateQueries({ queryKey: conversationKeys.list() });
      void qc.invalidateQueries({ queryKey: conversationKeys.messages(d.threadId) });
    });
    es.addEventListener('resync', () => {
      void qc.invalidateQueries({ queryKey: memberKeys.userInfo() });
      void qc.invalidateQueries({ queryKey: tipKeys.all });
      void qc.invalidateQueries({ queryKey: conversationKeys.all });
      void invalidateProject(qc, null);
    });
    return () => es.close();
  }, [cardno, qc]);
}
