import FilePdfOutlined from '@ant-design/icons/FilePdfOutlined';
import { useQuery } from '@tanstack/react-query';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Empty from 'antd/es/empty';
import Image from 'antd/es/image';
import Skeleton from 'antd/es/skeleton';
import Tag from 'antd/es/tag';
import { type ReactNode, useState } from 'react';
import { isBizError } from '../../../lib/biz-error.ts';
import {
  type ComplaintThread,
  type ComplaintThreadMessage,
  complaintMessagesQuery,
} from '../api/complaints.ts';
import { fmtTime } from '../labels.tsx';

const SENDER_TEXT = { customer: '参展商', supplier: '供应商' } as const;

const isImage = (f: { mime: string; thumbUrl: string | null }) =>
  f.mime.startsWith('image/') && f.thumbUrl !== null;

/** Oldest first (by time, then by id for messages of the same second). */
function oldestFirst(messages: readonly ComplaintThreadMessage[]): ComplaintThreadMessage[] {
  return [...messages].sort((a, b) => Date.parse(a.at) - Date.parse(b.at) || a.id - b.id);
}

function MessageRow({ m }: { m: ComplaintThreadMessage }) {
  const images = m.files.filter(isImage);
  const others = m.files.filter((f) => !isImage(f));
  const cls = ['zl-cmsg', `zl-cmsg-${m.sender}`, m.withdrawn ? 'zl-cmsg-withdrawn' : '']
    .filter(Boolean)
    .join(' ');
  return (
    <li className={cls} data-message={m.id}>
      <div className="zl-cmsg-meta">
        <b>{SENDER_TEXT[m.sender]}</b>
        <time dateTime={m.at}>{fmtTime(m.at)}</time>
        {m.withdrawn && (
          <Tag className="zl-cmsg-tag">{m.withdrawnAt ? `已撤回 ${fmtTime(m.withdrawnAt)}` : '已撤回'}</Tag>
        )}
        {m.masked && (
          <Tag color="orange" className="zl-cmsg-tag" title="成交前，对方看到的联系方式显示为 ＊">
            已隐藏联系方式
          </Tag>
        )}
      </div>
      <div className="zl-cmsg-bubble">
        {m.content && <p className="zl-cmsg-text">{m.content}</p>}
        {images.length > 0 && (
          <div className="zl-cmsg-pics">
            <Image.PreviewGroup>
              {images.map((f) => (
                <Image
                  key={f.id}
                  src={f.thumbUrl ?? f.url}
                  preview={{ src: f.url }}
                  width={72}
                  height={72}
                  alt={f.name || '图片'}
                />
              ))}
            </Image.PreviewGroup>
          </div>
        )}
        {others.map((f) => (
          <a key={f.id} href={f.url} target="_blank" rel="noreferrer" className="zl-cmsg-file">
            <FilePdfOutlined /> {f.name || 'PDF 文件'}
          </a>
        ))}
      </div>
    </li>
  );
}

function ThreadBlock({ t }: { t: ComplaintThread }) {
  return (
    <section className="zl-cthread" data-testid={`complaint-thread-${t.id}`}>
      <header className="zl-cthread-head">
        <span>
          参展商 <b>{t.customer || '—'}</b>
        </span>
        <span aria-hidden="true">↔</span>
        <span>
          供应商 <b>{t.supplier || '—'}</b>
          <span className="zl-admin-muted zl-admin-mono">（{t.supplierCardno}）</span>
        </span>
        {!t.awarded && <Tag color="blue">成交前</Tag>}
      </header>
      {t.messages.length === 0 ? (
        <p className="zl-admin-muted zl-cthread-none">暂无消息</p>
      ) : (
        <ol className="zl-cthread-list">
          {oldestFirst(t.messages).map((m) => (
            <MessageRow key={m.id} m={m} />
          ))}
        </ol>
      )}
    </section>
  );
}

/**
 * 双方会话记录: the complaint's project's conversation, read-only, for the ruling operator
 * (docs/conversation.md "Complaints"). The server writes every read to the audit log, so nothing
 * is read until the operator asks for it.
 */
export function ComplaintMessages({ complaintId }: { complaintId: number }) {
  const [asked, setAsked] = useState(false);
  const { data, error, isFetching, refetch } = useQuery(complaintMessagesQuery(complaintId, asked));

  let body: ReactNode;
  if (!asked) {
    body = (
      <Button onClick={() => setAsked(true)} data-testid="complaint-messages-load">
        查看双方会话（将记入审计日志）
      </Button>
    );
  } else if (error) {
    body = (
      <Alert
        type="error"
        showIcon
        title={isBizError(error) ? error.message : '会话记录读取失败'}
        action={
          <Button size="small" onClick={() => void refetch()} loading={isFetching}>
            重试
          </Button>
        }
      />
    );
  } else if (!data) {
    body = <Skeleton active paragraph={{ rows: 4 }} />;
  } else if (data.listItem.length === 0) {
    body = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="双方没有会话记录" />;
  } else {
    body = data.listItem.map((t) => <ThreadBlock key={t.id} t={t} />);
  }

  return (
    <section className="zl-complaint-stmt zl-cmsgs" data-testid="complaint-messages">
      <h3>双方会话记录</h3>
      {body}
    </section>
  );
}
