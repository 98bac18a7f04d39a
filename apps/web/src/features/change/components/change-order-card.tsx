import FilePdfOutlined from '@ant-design/icons/FilePdfOutlined';
import type { ChangeOrder, ChangeStatus } from '@zl/shared';
import Image from 'antd/es/image';
import Tag from 'antd/es/tag';
import type { ReactNode } from 'react';
import { formatFen } from '../../../lib/money.ts';
import { formatTime } from '../../../lib/time.ts';
import { ChangeLines } from './change-lines.tsx';

const STATUS_COLOR: Record<ChangeStatus, string> = {
  pending: 'gold',
  approved: 'success',
  rejected: 'error',
};

export type ChangeSide = 'customer' | 'supplier';

/** 合同金额 ¥X → ¥Y, the 减项's refund and the 补充协议 of an approved order. */
function Approved({ order: o, side }: { order: ChangeOrder; side: ChangeSide }) {
  return (
    <div className="zl-chg-outcome zl-chg-approved">
      {o.contractBefore !== null && o.contractAfter !== null && (
        <span>
          合同金额 <span className="zl-chg-amount">{formatFen(o.contractBefore)}</span> →{' '}
          <b className="zl-chg-amount">{formatFen(o.contractAfter)}</b>
        </span>
      )}
      {o.refunded > 0 && (
        <span>
          减项退款 <b className="zl-chg-amount">{formatFen(o.refunded)}</b>
          {side === 'customer' ? '，原路退回您的支付账户' : '，原路退回参展商的支付账户'}
        </span>
      )}
      {o.reviewReason && <span>参展商备注：{o.reviewReason}</span>}
      <span className="zl-chg-muted">同意于 {formatTime(o.reviewedAt)}</span>
      {o.pdfUrl && (
        <a href={o.pdfUrl} download className="zl-chg-pdf">
          <FilePdfOutlined /> 下载补充协议
        </a>
      )}
    </div>
  );
}

/**
 * One change order: its number, 增项 / 减项, status and amount, the lines with their 合计, the
 * reason and the site photos; once approved the contract amount before and after, a 减项's refund
 * and the 补充协议; once rejected the customer's reason. `actions` (the customer's 同意 / 拒绝)
 * go under a pending order.
 */
export function ChangeOrderCard({
  order: o,
  side,
  actions,
}: {
  order: ChangeOrder;
  side: ChangeSide;
  actions?: ReactNode;
}) {
  const sign = o.kind === 'reduce' ? '−' : '+';
  return (
    <li className="zl-chg-item" data-testid={`change-${o.id}`} aria-label={`变更单 ${o.seq}`}>
      <div className="zl-chg-head">
        <b className="zl-chg-no">变更单 {o.seq}</b>
        <Tag color={o.kind === 'add' ? 'blue' : 'orange'}>{o.kindText}</Tag>
        <Tag color={STATUS_COLOR[o.status]}>{o.statusText}</Tag>
        <b className={`zl-chg-amount zl-chg-sum-${o.kind}`}>
          {sign}
          {formatFen(o.amount)}
        </b>
        <span className="zl-chg-muted zl-chg-when">提出于 {formatTime(o.createdAt)}</span>
      </div>
      <ChangeLines lines={o.lines} amount={o.amount} />
      <p className="zl-chg-reason">
        <span className="zl-chg-muted">变更原因：</span>
        {o.reason}
      </p>
      {o.photos.length > 0 && (
        <div className="zl-chg-photos">
          <Image.PreviewGroup>
            {o.photos.map((f, i) => (
              <Image
                key={f.id}
                src={f.thumbUrl ?? f.url}
                preview={{ src: f.url }}
                width={80}
                height={60}
                alt={`现场照片 ${i + 1}`}
              />
            ))}
          </Image.PreviewGroup>
        </div>
      )}
      {o.status === 'approved' && <Approved order={o} side={side} />}
      {o.status === 'rejected' && (
        <div className="zl-chg-outcome zl-chg-rejected">
          <b>拒绝原因：</b>
          <span>{o.reviewReason || '—'}</span>
          <span className="zl-chg-muted">（{formatTime(o.reviewedAt)}）</span>
        </div>
      )}
      {o.status === 'pending' && (actions ?? <p className="zl-chg-muted zl-chg-waiting">等待参展商确认</p>)}
    </li>
  );
}
