import DeleteOutlined from '@ant-design/icons/DeleteOutlined';
import { TIP_TYPES, type Tip, type TipType, tipTypeLabels } from '@zl/shared';
import Button from 'antd/es/button';
import Empty from 'antd/es/empty';
import Pagination from 'antd/es/pagination';
import Popconfirm from 'antd/es/popconfirm';
import Segmented from 'antd/es/segmented';
import Select from 'antd/es/select';
import Skeleton from 'antd/es/skeleton';
import Tabs from 'antd/es/tabs';
import Tag from 'antd/es/tag';
import { useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { formatTime } from '../../../lib/time.ts';
import { ConversationView } from '../../conversation/index.ts';
import { useDeleteTips, useMarkRead, useTipList } from '../api/tips.ts';
import { useUnreadTotal } from '../api/unread-count.ts';
import '../message.css';

const PAGE_SIZE = 10;

const TYPE_COLOR: Record<TipType, string> = {
  system: 'default',
  project: 'blue',
  finance: 'gold',
  review: 'purple',
};

const TYPE_OPTIONS = [
  { value: '', label: '全部类型' },
  ...TIP_TYPES.map((t) => ({ value: t, label: tipTypeLabels[t] })),
];

/** A link the tip carries, kept inside the app the member is in. */
function internalLink(link: string): string | null {
  return link.startsWith('/') && !link.startsWith('//') ? link : null;
}

function TipItem({
  tip,
  onOpen,
  onDelete,
  deleting,
}: {
  tip: Tip;
  onOpen: (t: Tip) => void;
  onDelete: (t: Tip) => void;
  deleting: boolean;
}) {
  const link = internalLink(tip.link);
  return (
    <li className={tip.read ? 'zl-tip' : 'zl-tip zl-tip-unread'}>
      <button type="button" className="zl-tip-main" onClick={() => onOpen(tip)}>
        {!tip.read && <span className="zl-visually-hidden">未读，</span>}
        <span className="zl-tip-dot" aria-hidden="true" />
        <span className="zl-tip-body">
          <span className="zl-tip-head">
            <Tag color={TYPE_COLOR[tip.type]} className="zl-tip-tag">
              {tipTypeLabels[tip.type]}
            </Tag>
            <span className="zl-tip-title">{tip.title}</span>
          </span>
          {tip.content && <span className="zl-tip-content">{tip.content}</span>}
          <span className="zl-tip-meta">
            {formatTime(tip.created)}
            {link && <span className="zl-tip-go">查看详情 ›</span>}
          </span>
        </span>
      </button>
      <Popconfirm title="删除这条消息？" okText="删除" cancelText="取消" onConfirm={() => onDelete(tip)}>
        <Button
          type="text"
          size="small"
          icon={<DeleteOutlined />}
          aria-label={`删除：${tip.title}`}
          loading={deleting}
          className="zl-tip-del"
        />
      </Popconfirm>
    </li>
  );
}

/** 通知: the member's tips, filtered, paged; read, 全部已读, delete (docs/messages.md). */
function TipsPane() {
  const navigate = useNavigate();
  const [type, setType] = useState<TipType | ''>('');
  const [read, setRead] = useState<'all' | 'unread'>('all');
  const [page, setPage] = useState(1);
  const { data, isPending } = useTipList({
    type: type || undefined,
    read: read === 'unread' ? 0 : undefined,
    page,
    pageSize: PAGE_SIZE,
  });
  const markRead = useMarkRead();
  const del = useDeleteTips();
  const unread = data?.unread ?? 0;

  const open = async (t: Tip) => {
    if (!t.read) {
      try {
        await markRead.mutateAsync({ ids: [t.id] });
      } catch {
        // the shared handler said why; the link still opens
      }
    }
    const link = internalLink(t.link);
    if (link) navigate(link);
  };

  return (
    <>
      <div className="zl-msg-filters">
        <Segmented
          aria-label="显示范围"
          value={read}
          onChange={(v) => {
            setRead(v as 'all' | 'unread');
            setPage(1);
          }}
          options={[
            { value: 'all', label: '全部' },
            { value: 'unread', label: '未读' },
          ]}
        />
        <Select
          value={type}
          onChange={(v) => {
            setType(v);
            setPage(1);
          }}
          options={TYPE_OPTIONS}
          aria-label="消息类型"
          className="zl-msg-type"
        />
        <span className="zl-msg-tools">
          {unread > 0 && <span className="zl-msg-count">{unread} 条未读</span>}
          <Button
            onClick={() => markRead.mutate({ all: true })}
            disabled={unread === 0}
            loading={markRead.isPending && markRead.variables?.all === true}
          >
            全部已读
          </Button>
        </span>
      </div>
      {isPending ? (
        <Skeleton active />
      ) : !data || data.listItem.length === 0 ? (
        <Empty description={read === 'unread' ? '没有未读消息' : '暂无消息'} className="zl-msg-empty" />
      ) : (
        <>
          <ul className="zl-tips">
            {data.listItem.map((t) => (
              <TipItem
                key={t.id}
                tip={t}
                onOpen={open}
                onDelete={(x) => del.mutate({ ids: [x.id] })}
                deleting={del.isPending && del.variables?.ids[0] === t.id}
              />
            ))}
          </ul>
          <Pagination
            current={page}
            pageSize={PAGE_SIZE}
            total={data.total}
            onChange={setPage}
            hideOnSinglePage
            showSizeChanger={false}
            className="zl-msg-pager"
          />
        </>
      )}
    </>
  );
}

/** A tab's name with its unread count. */
function TabLabel({ text, count }: { text: string; count: number }) {
  return (
    <span className="zl-msg-tab">
      {text}
      {count > 0 && (
        <span className="zl-msg-tab-count" title={`${count} 条未读`}>
          {count > 99 ? '99+' : count}
        </span>
      )}
    </span>
  );
}

/**
 * /message (supplier) and /customer/message (customer portal): 消息中心 (docs/messages.md) with two
 * tabs, 通知 (the tips) and 会话 (the project conversation, docs/conversation.md). The URL says
 * which: `?tab=chat`, or `?thread=<id>` / `?project=<id>` for an open thread.
 */
export default function MessagePage() {
  const { pathname } = useLocation();
  const [params, setParams] = useSearchParams();
  const customer = pathname.startsWith('/customer');
  const chat = params.get('tab') === 'chat' || params.has('thread') || params.has('project');
  const unread = useUnreadTotal();

  return (
    <div className={customer ? 'zl-panel zl-msg-page' : 'zl-panel zl-msg-page zl-msg-main'}>
      <div className="zl-msg-top">
        <h1 className="zl-msg-h1">消息中心</h1>
      </div>
      <Tabs
        activeKey={chat ? 'chat' : 'tips'}
        onChange={(k) => setParams(k === 'chat' ? { tab: 'chat' } : {})}
        destroyOnHidden
        className="zl-msg-tabs"
        items={[
          { key: 'tips', label: <TabLabel text="通知" count={unread.tips} />, children: <TipsPane /> },
          {
            key: 'chat',
            label: <TabLabel text="会话" count={unread.messages} />,
            children: <ConversationView side={customer ? 'customer' : 'supplier'} />,
          },
        ]}
      />
    </div>
  );
}
