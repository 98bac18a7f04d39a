import CopyOutlined from '@ant-design/icons/CopyOutlined';
import FileTextOutlined from '@ant-design/icons/FileTextOutlined';
import type { Invoice, InvoiceStatus } from '@zl/shared';
import Button from 'antd/es/button';
import Tag from 'antd/es/tag';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { withFeedback } from '../../../lib/feedback.ts';
import { formatFen } from '../../../lib/money.ts';
import { formatTime } from '../../../lib/time.ts';
import { buyerDetails, buyerDetailsText } from '../lib/request-values.ts';
import { SupplierActions } from './supplier-actions.tsx';

const STATUS_COLOR: Record<InvoiceStatus, string> = {
  requested: 'gold',
  issued: 'success',
  rejected: 'error',
};

async function copy(text: string, what: string) {
  try {
    await navigator.clipboard.writeText(text);
    withFeedback((f) => f.message.success(`${what}已复制`));
  } catch {
    withFeedback((f) => f.message.warning('复制失败，请长按手动复制'));
  }
}

/** The buyer's details, each with 复制 for the supplier while it has to issue. */
function Details({ inv, copyable }: { inv: Invoice; copyable: boolean }) {
  const rows = buyerDetails(inv).filter(([k, v]) => v && k !== '发票类型');
  return (
    <dl className="zl-inv-details">
      {rows.map(([k, v]) => (
        <div key={k}>
          <dt>{k}</dt>
          <dd>
            <span className="zl-inv-value">{v}</span>
            {copyable && (
              <button
                type="button"
                className="zl-inv-copy"
                aria-label={`复制${k}`}
                title={`复制${k}`}
                onClick={() => void copy(v, k)}
              >
                <CopyOutlined />
              </button>
            )}
          </dd>
        </div>
      ))}
      {inv.remark && (
        <div>
          <dt>备注</dt>
          <dd>
            <span className="zl-inv-value">{inv.remark}</span>
          </dd>
        </div>
      )}
    </dl>
  );
}

/**
 * One invoice request: status, kind and amount, the buyer's details; the issued invoice once
 * issued, the reason once rejected; to the supplier while waiting, 上传发票 and 拒绝. `project`
 * names the project and the other party (the list of all of the caller's invoices).
 */
export function InvoiceCard({ inv, project = false }: { inv: Invoice; project?: boolean }) {
  const supplier = inv.role === 'supplier';
  const waiting = inv.status === 'requested';
  let outcome: ReactNode = null;
  if (inv.status === 'issued') {
    outcome = (
      <div className="zl-inv-issued">
        {inv.file ? (
          <a href={inv.file.url} target="_blank" rel="noreferrer" className="zl-inv-file">
            <FileTextOutlined /> 查看发票
          </a>
        ) : (
          <span className="zl-inv-muted">发票文件不可用</span>
        )}
        {inv.number && <span>发票号码 {inv.number}</span>}
        <span className="zl-inv-muted">开具于 {formatTime(inv.decided)}</span>
      </div>
    );
  } else if (inv.status === 'rejected') {
    outcome = (
      <div className="zl-inv-rejected">
        <b>拒绝原因：</b>
        <span>{inv.reason || '—'}</span>
        <span className="zl-inv-muted">（{formatTime(inv.decided)}）</span>
      </div>
    );
  }

  return (
    <li className="zl-inv-item" data-testid={`invoice-${inv.id}`}>
      <div className="zl-inv-head">
        <Tag color={STATUS_COLOR[inv.status]}>{inv.statusText}</Tag>
        <b>{inv.kindText}</b>
        <b className="zl-inv-amount">{formatFen(inv.amount)}</b>
        <span className="zl-inv-muted zl-inv-when">申请于 {formatTime(inv.requested)}</span>
      </div>
      {project && (
        <div className="zl-inv-project">
          <Link to={supplier ? `/orderDetail?id=${inv.projectId}` : `/customer/project?id=${inv.projectId}`}>
            {inv.projectTitle}
          </Link>
          <span className="zl-inv-muted">
            {inv.orders}
            {inv.counterpart && ` · ${supplier ? '参展商' : '供应商'} ${inv.counterpart}`}
          </span>
        </div>
      )}
      <Details inv={inv} copyable={supplier && waiting} />
      {supplier && waiting && (
        <Button
          size="small"
          icon={<CopyOutlined />}
          className="zl-inv-copyall"
          onClick={() => void copy(buyerDetailsText(inv), '开票信息')}
        >
          复制全部开票信息
        </Button>
      )}
      {outcome}
      {supplier && waiting && <SupplierActions invoice={inv} />}
    </li>
  );
}
