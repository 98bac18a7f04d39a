import FilePdfOutlined from '@ant-design/icons/FilePdfOutlined';
import type { ThreadMessage } from '@zl/shared';
import Image from 'antd/es/image';
import Popconfirm from 'antd/es/popconfirm';
import { canWithdraw, chatTime, isImage, withdrawnText } from '../lib/chat.ts';

/**
 * One message: the caller's on the right, the other party's on the left; its pictures (thumbnails
 * opening large) and PDFs; time, 已读/未读 under the caller's own, 撤回 within the window.
 */
export function MessageItem({
  m,
  now,
  onWithdraw,
  withdrawing,
}: {
  m: ThreadMessage;
  now: number;
  onWithdraw: (m: ThreadMessage) => void;
  withdrawing: boolean;
}) {
  if (m.withdrawn) {
    return (
      <li className="zl-conv-msg zl-conv-msg-sys" data-message={m.id}>
        <span>{withdrawnText(m)}</span>
      </li>
    );
  }
  const images = m.files.filter(isImage);
  const others = m.files.filter((f) => !isImage(f));
  return (
    <li className={m.mine ? 'zl-conv-msg zl-conv-mine' : 'zl-conv-msg'} data-message={m.id}>
      {m.content && <div className="zl-conv-bubble">{m.content}</div>}
      {images.length > 0 && (
        <div className="zl-conv-pics">
          <Image.PreviewGroup>
            {images.map((f) => (
              <Image
                key={f.id}
                src={f.thumbUrl ?? f.url}
                preview={{ src: f.url }}
                width={120}
                height={120}
                alt={f.name || '图片'}
              />
            ))}
          </Image.PreviewGroup>
        </div>
      )}
      {others.map((f) => (
        <a key={f.id} href={f.url} target="_blank" rel="noreferrer" className="zl-conv-file">
          <FilePdfOutlined />
          <span>{f.name || 'PDF 文件'}</span>
        </a>
      ))}
      <div className="zl-conv-meta">
        <time dateTime={m.at}>{chatTime(m.at, now)}</time>
        {m.mine && (
          <span className={m.read ? 'zl-conv-read' : 'zl-conv-unread'}>{m.read ? '已读' : '未读'}</span>
        )}
        {m.masked && <span title="成交前联系方式会显示为 ＊">联系方式已隐藏</span>}
        {canWithdraw(m, now) && (
          <Popconfirm
            title="撤回这条消息？"
            description="撤回后对方将看不到这条消息"
            okText="撤回"
            cancelText="取消"
            onConfirm={() => onWithdraw(m)}
          >
            <button type="button" className="zl-conv-withdraw" disabled={withdrawing}>
              撤回
            </button>
          </Popconfirm>
        )}
      </div>
    </li>
  );
}
