import MessageOutlined from '@ant-design/icons/MessageOutlined';
import Empty from 'antd/es/empty';
import Skeleton from 'antd/es/skeleton';
import { useEffect } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { pickProjectThread, useThreadList } from '../api/threads.ts';
import '../conversation.css';
import { ThreadList } from './thread-list.tsx';
import { ProjectThreadView, type Side, ThreadView } from './thread-view.tsx';

/** How many pages of threads `?project=` looks through for the caller's thread of the project. */
const PROJECT_LOOKUP_PAGES = 10;

function positiveId(v: string | null): number | null {
  const n = Number(v);
  return Number.isSafeInteger(n) && n > 0 ? n : null;
}

/**
 * 会话 (docs/conversation.md) on 消息中心: the thread list beside the open thread on a desktop;
 * on a phone the list, or the open thread alone on the whole screen. The URL says what is open:
 * `?thread=<id>`, or `?project=<id>` for the caller's thread of a project (picked from the list;
 * when there is none yet, the first message is sent with the project's id).
 */
export function ConversationView({ side }: { side: Side }) {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const location = useLocation();
  const threadId = positiveId(params.get('thread'));
  const projectId = threadId ? null : positiveId(params.get('project'));
  const list = useThreadList();
  const base = location.pathname;

  const open = (id: number, replace: boolean) =>
    navigate(`${base}?tab=chat&thread=${id}`, {
      replace,
      state: replace ? location.state : { fromList: true },
    });
  const back = () => {
    if ((location.state as { fromList?: boolean } | null)?.fromList) navigate(-1);
    else navigate(`${base}?tab=chat`, { replace: true });
  };

  const pages = list.data?.pages.length ?? 0;
  const match = projectId ? pickProjectThread(list.threads, projectId) : null;
  const looking = projectId !== null && !match && list.hasNextPage && pages < PROJECT_LOOKUP_PAGES;
  const { fetchNextPage, isFetchingNextPage } = list;
  // biome-ignore lint/correctness/useExhaustiveDependencies: `open` is a new function each render; the match decides
  useEffect(() => {
    if (match) open(match.id, true);
    else if (looking && !isFetchingNextPage) void fetchNextPage();
  }, [match?.id, looking, isFetchingNextPage, fetchNextPage]);

  let pane: React.ReactNode;
  if (threadId) {
    pane = <ThreadView key={threadId} threadId={threadId} side={side} onBack={back} />;
  } else if (projectId) {
    pane =
      list.isPending || match || looking ? (
        <Skeleton active paragraph={{ rows: 6 }} className="zl-conv-wait" />
      ) : (
        <ProjectThreadView
          key={projectId}
          projectId={projectId}
          side={side}
          onBack={back}
          onStarted={(res) => open(res.thread.id, true)}
        />
      );
  } else {
    pane = (
      <div className="zl-conv-pick">
        <Empty
          image={<MessageOutlined className="zl-conv-pick-icon" />}
          description={list.threads.length > 0 ? '选择左侧的会话查看消息' : '暂无会话'}
        />
      </div>
    );
  }

  return (
    <div className={threadId || projectId ? 'zl-conv zl-conv-open' : 'zl-conv'}>
      <aside className="zl-conv-side" aria-label="会话">
        <ThreadList
          threads={list.threads}
          activeId={threadId}
          onOpen={(t) => t.id !== threadId && open(t.id, threadId !== null)}
          side={side}
          loading={list.isPending}
          hasMore={list.hasNextPage}
          loadingMore={list.isFetchingNextPage}
          onMore={() => void fetchNextPage()}
        />
      </aside>
      <div className="zl-conv-pane">{pane}</div>
    </div>
  );
}
