import ArrowLeftOutlined from '@ant-design/icons/ArrowLeftOutlined';
import type { Thread, ThreadMessage } from '@zl/shared';
import Button from 'antd/es/button';
import Empty from 'antd/es/empty';
import Result from 'antd/es/result';
import Skeleton from 'antd/es/skeleton';
import Tag from 'antd/es/tag';
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';
import { isBizError } from '../../../lib/biz-error.ts';
import {
  flattenMessages,
  type SendResult,
  useReadThread,
  useThreadMessages,
  useWithdrawMessage,
} from '../api/messages.ts';
import { withdrawableFor } from '../lib/chat.ts';
import { usePageVisible } from '../lib/use-page-visible.ts';
import { Composer } from './composer.tsx';
import { MessageItem } from './message-item.tsx';

export type Side = 'supplier' | 'customer';

export const CLOSED_NOTE = '该项目已选定其他供应商，会话已关闭';

function projectLink(side: Side, projectId: number): string {
  return side === 'customer' ? `/customer/project?id=${projectId}` : `/orderDetail?id=${projectId}`;
}

function Header({
  title,
  tags,
  project,
  onBack,
}: {
  title: string;
  tags?: React.ReactNode;
  project: { to: string; text: string };
  onBack: () => void;
}) {
  return (
    <header className="zl-conv-head">
      <Button
        type="text"
        icon={<ArrowLeftOutlined />}
        aria-label="返回会话列表"
        className="zl-conv-back"
        onClick={onBack}
      />
      <div className="zl-conv-head-main">
        <div className="zl-conv-head-title">
          <h2>{title}</h2>
          {tags}
        </div>
        <Link to={project.to} className="zl-conv-head-project" title={project.text}>
          {project.text}
        </Link>
      </div>
    </header>
  );
}

/**
 * Marks the thread read while it is open and the page visible: once when it shows unread messages
 * of the other party, and again for each newer one that arrives (upTo = the newest message id).
 */
function useMarkRead(thread: Thread | undefined, messages: readonly ThreadMessage[]): void {
  const read = useReadThread();
  const visible = usePageVisible();
  const sent = useRef(0);
  const newest = messages.at(-1)?.id ?? 0;
  const newestTheirs = messages.reduce((n, m) => (m.mine ? n : Math.max(n, m.id)), 0);
  const unread = thread?.unread ?? 0;
  const threadId = thread?.id ?? 0;
  const { mutate } = read;
  useEffect(() => {
    if (!threadId || !visible || unread === 0 || newestTheirs <= sent.current) return;
    const before = sent.current;
    sent.current = newest;
    mutate(
      { threadId, upTo: newest },
      {
        onError: () => {
          sent.current = before;
        },
      },
    );
  }, [threadId, visible, unread, newest, newestTheirs, mutate]);
}

/** Now, as of this render: re-renders when a message's 撤回 runs out (and every 10 s while one may be withdrawn). */
function useWithdrawClock(messages: readonly ThreadMessage[]): number {
  const [, setTick] = useState(0);
  const now = Date.now();
  const left = withdrawableFor(messages, now);
  useEffect(() => {
    if (left <= 0) return;
    const t = setTimeout(() => setTick((x) => x + 1), Math.min(left + 50, 10_000));
    return () => clearTimeout(t);
  }, [left]);
  return now;
}

/** The scrolled list of messages: at the bottom when opened and when one arrives; older ones above. */
function MessageList({
  messages,
  hasMore,
  loadingMore,
  onMore,
  empty,
  top,
}: {
  messages: readonly ThreadMessage[];
  hasMore: boolean;
  loadingMore: boolean;
  onMore: () => void;
  empty: string;
  top?: React.ReactNode;
}) {
  const box = useRef<HTMLDivElement>(null);
  const atBottom = useRef(true);
  const last = useRef<{ first: number; last: number; height: number } | null>(null);
  const withdraw = useWithdrawMessage();
  const now = useWithdrawClock(messages);

  useLayoutEffect(() => {
    const el = box.current;
    if (!el) return;
    const first = messages[0]?.id ?? 0;
    const newest = messages.at(-1);
    const prev = last.current;
    if (!prev || prev.last !== (newest?.id ?? 0)) {
      // opened, or a message arrived: follow it when the reader was at the bottom or sent it
      if (!prev || atBottom.current || newest?.mine) el.scrollTop = el.scrollHeight;
    } else if (prev.first !== first) {
      // older messages above: keep what the reader was looking at in place
      el.scrollTop += el.scrollHeight - prev.height;
    }
    last.current = { first, last: newest?.id ?? 0, height: el.scrollHeight };
  }, [messages]);

  return (
    <div
      className="zl-conv-msgs"
      ref={box}
      onScroll={(e) => {
        const el = e.currentTarget;
        atBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight < 80;
      }}
      onLoadCapture={() => {
        // a picture finished loading: stay at the bottom if the reader was there
        const el = box.current;
        if (el && atBottom.current) el.scrollTop = el.scrollHeight;
      }}
    >
      {top}
      {hasMore && (
        <div className="zl-conv-older">
          <Button size="small" onClick={onMore} loading={loadingMore}>
            加载更早的消息
          </Button>
        </div>
      )}
      {messages.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={empty} className="zl-conv-none" />
      ) : (
        <ol className="zl-conv-msglist" aria-label="消息记录">
          {messages.map((m) => (
            <MessageItem
              key={m.id}
              m={m}
              now={now}
              withdrawing={withdraw.isPending && withdraw.variables?.messageId === m.id}
              onWithdraw={(x) => withdraw.mutate({ threadId: x.threadId, messageId: x.id })}
            />
          ))}
        </ol>
      )}
    </div>
  );
}

/** An open thread: who and which project, the messages, the input (or why it is closed). */
export function ThreadView({ threadId, side, onBack }: { threadId: number; side: Side; onBack: () => void }) {
  const q = useThreadMessages(threadId);
  const messages = useMemo(() => flattenMessages(q.data?.pages), [q.data]);
  const thread = q.data?.pages[0]?.thread;
  useMarkRead(thread, messages);

  if (q.isPending) {
    return (
      <section className="zl-conv-thread">
        <Skeleton active paragraph={{ rows: 6 }} className="zl-conv-wait" />
      </section>
    );
  }
  if (!thread) {
    const missing =
      isBizError(q.error) && (q.error.code === 'NOT_FOUND' || q.error.code === 'VALIDATION_FAILED');
    return (
      <section className="zl-conv-thread">
        <Result
          status={missing ? '404' : 'warning'}
          title={missing ? '会话不存在或您无权查看' : '会话加载失败'}
          extra={
            <>
              <Button onClick={onBack}>返回会话列表</Button>
              {!missing && <Button onClick={() => void q.refetch()}>重试</Button>}
            </>
          }
        />
      </section>
    );
  }
  const other = thread.role === 'customer' ? '供应商' : '参展商';
  return (
    <section className="zl-conv-thread" aria-label={`与${thread.counterpart}的会话`}>
      <Header
        title={thread.counterpart || `会员 ${thread.counterpartCardno}`}
        tags={
          <>
            <Tag className="zl-conv-tag">{other}</Tag>
            {!thread.awarded && (
              <Tag color="orange" className="zl-conv-tag">
                成交前
              </Tag>
            )}
          </>
        }
        project={{ to: projectLink(side, thread.projectId), text: thread.projectTitle }}
        onBack={onBack}
      />
      <MessageList
        messages={messages}
        hasMore={q.hasNextPage}
        loadingMore={q.isFetchingNextPage}
        onMore={() => void q.fetchNextPage()}
        empty={`还没有消息，给${other}发第一条消息吧`}
        top={
          !thread.awarded && thread.open ? (
            <p className="zl-conv-premask">
              成交前请在平台内沟通，手机号、微信号、QQ 号、邮箱等联系方式会显示为 ＊
            </p>
          ) : null
        }
      />
      {thread.open ? (
        <Composer threadId={thread.id} masking={!thread.awarded} />
      ) : (
        <div className="zl-conv-closed" role="note">
          {CLOSED_NOTE}
        </div>
      )}
    </section>
  );
}

/**
 * A project's thread that the list does not have yet (`?project=`): the first message is sent with
 * the project's id, and the server answers the thread it went to.
 */
export function ProjectThreadView({
  projectId,
  side,
  onBack,
  onStarted,
}: {
  projectId: number;
  side: Side;
  onBack: () => void;
  onStarted: (res: SendResult) => void;
}) {
  const other = side === 'customer' ? '中标供应商' : '参展商';
  return (
    <section className="zl-conv-thread" aria-label={`联系${other}`}>
      <Header
        title={`联系${other}`}
        project={{ to: projectLink(side, projectId), text: '查看项目' }}
        onBack={onBack}
      />
      <MessageList
        messages={[]}
        hasMore={false}
        loadingMore={false}
        onMore={() => {}}
        empty={`还没有消息，给${other}发第一条消息吧`}
      />
      <Composer projectId={projectId} masking={false} onSent={onStarted} />
    </section>
  );
}
