import type { Thread } from '@zl/shared';
import Badge from 'antd/es/badge';
import Button from 'antd/es/button';
import Empty from 'antd/es/empty';
import Skeleton from 'antd/es/skeleton';
import Tag from 'antd/es/tag';
import { listTime, previewText } from '../lib/chat.ts';

export interface ThreadListProps {
  threads: readonly Thread[];
  activeId: number | null;
  onOpen: (t: Thread) => void;
  side: 'supplier' | 'customer';
  loading: boolean;
  hasMore: boolean;
  loadingMore: boolean;
  onMore: () => void;
  now?: number;
}

/** The caller's threads, newest message first: who, which project, the last message, unread. */
export function ThreadList({
  threads,
  activeId,
  onOpen,
  side,
  loading,
  hasMore,
  loadingMore,
  onMore,
  now = Date.now(),
}: ThreadListProps) {
  if (loading) return <Skeleton active avatar paragraph={{ rows: 2 }} className="zl-conv-list-wait" />;
  if (threads.length === 0) {
    return (
      <Empty
        className="zl-conv-list-empty"
        description={
          side === 'customer'
            ? '暂无会话。竞标中可在报价对比里点「联系」与供应商沟通，选标后在项目页点「联系供应商」。'
            : '暂无会话。中标后可在订单详情点「联系参展商」，竞标中参展商也可能联系您。'
        }
      />
    );
  }
  return (
    <>
      <ul className="zl-conv-list" aria-label="会话列表">
        {threads.map((t) => {
          const active = t.id === activeId;
          const cls = ['zl-conv-item', active ? 'zl-conv-item-on' : '', t.open ? '' : 'zl-conv-item-closed']
            .filter(Boolean)
            .join(' ');
          return (
            <li key={t.id}>
              <button
                type="button"
                className={cls}
                aria-current={active ? 'true' : undefined}
                onClick={() => onOpen(t)}
                data-thread={t.id}
              >
                <span className="zl-conv-avatar" aria-hidden="true">
                  {Array.from(t.counterpart || '会')[0]}
                </span>
                <span className="zl-conv-item-body">
                  <span className="zl-conv-item-top">
                    <span className="zl-conv-name">{t.counterpart || `会员 ${t.counterpartCardno}`}</span>
                    {!t.awarded && (
                      <Tag color="orange" className="zl-conv-tag">
                        成交前
                      </Tag>
                    )}
                    {!t.open && <Tag className="zl-conv-tag">已关闭</Tag>}
                    <span className="zl-conv-time">{listTime(t.last?.at ?? t.created, now)}</span>
                  </span>
                  <span className="zl-conv-item-project">{t.projectTitle}</span>
                  <span className="zl-conv-item-bottom">
                    <span className="zl-conv-preview">{previewText(t.last)}</span>
                    {t.unread > 0 && (
                      <Badge count={t.unread} overflowCount={99} size="small" title={`${t.unread} 条未读`} />
                    )}
                  </span>
                </span>
              </button>
            </li>
          );
        })}
      </ul>
      {hasMore && (
        <div className="zl-conv-list-more">
          <Button type="link" size="small" loading={loadingMore} onClick={onMore}>
            加载更多会话
          </Button>
        </div>
      )}
    </>
  );
}
