import CheckCircleOutlined from '@ant-design/icons/CheckCircleOutlined';
import DownloadOutlined from '@ant-design/icons/DownloadOutlined';
import EditOutlined from '@ant-design/icons/EditOutlined';
import ExclamationCircleOutlined from '@ant-design/icons/ExclamationCircleOutlined';
import SendOutlined from '@ant-design/icons/SendOutlined';
import { FILING_ANSWERS, type FilingAnswer, type FilingStatus, type FilingView } from '@zl/shared';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Skeleton from 'antd/es/skeleton';
import Tag from 'antd/es/tag';
import { type ReactNode, useState } from 'react';
import { formatTime } from '../../../lib/time.ts';
import { filingPdfUrl, useFilingInfo } from '../api/filing.ts';
import { ANSWER_LABELS, FilingAnswerModal } from './filing-answer.tsx';
import { FilingFormDrawer } from './filing-form.tsx';
import { FilingHistory, FilingPack } from './filing-pack.tsx';
import '../filing.css';

export type FilingSide = 'customer' | 'supplier';

const STATUS_COLOR: Record<FilingStatus, string> = {
  none: 'default',
  draft: 'blue',
  submitted: 'processing',
  approved: 'success',
  changes: 'warning',
};

const ANSWER_ICON: Record<FilingAnswer, ReactNode> = {
  submitted: <SendOutlined />,
  approved: <CheckCircleOutlined />,
  changes: <ExclamationCircleOutlined />,
};

/** What the winner should do next, by the filing's state (one line under the state). */
const SUPPLIER_NEXT: Record<FilingStatus, string> = {
  none: '请填写报馆资料：用电、施工人员、搭建材料及防火等级、施工保险单。保存后下载报馆 PDF 提交场馆。',
  draft: '资料已保存。下载报馆 PDF 提交场馆后，点「已提交场馆」记录进度。',
  submitted: '等待场馆审核。场馆回复后，记录「场馆已通过」（上传场馆回执）或「场馆要求修改」。',
  approved: '场馆已审核通过，报馆资料已锁定。',
  changes: '场馆要求修改：请按下方场馆回复修改报馆资料，保存后再次提交场馆。',
};

const CUSTOMER_NEXT: Record<FilingStatus, string> = {
  none: '中标供应商尚未填写报馆资料',
  draft: '供应商已填写报馆资料，尚未提交场馆。',
  submitted: '供应商已把报馆资料提交场馆，等待场馆审核。',
  approved: '场馆已审核通过。',
  changes: '场馆要求修改报馆资料，等待供应商修改后再次提交。',
};

function LateAlert({ view, supplier }: { view: FilingView; supplier: boolean }) {
  const when = formatTime(view.deadline);
  return (
    <Alert
      type="error"
      showIcon
      className="zl-filing-late"
      title={`已过报馆截止时间（${when}），场馆尚未审核通过`}
      description={
        supplier
          ? '请尽快提交或跟进场馆审核，报馆未通过可能无法按时进场施工。'
          : '供应商已逾期，请联系供应商尽快完成报馆，以免影响进场施工。'
      }
    />
  );
}

/**
 * 报馆 of one project (`#filing`; docs/filing.md), to its winner (`side` supplier) and its customer:
 * where the filing stands (red when late), the deadline, the saved pack (用电、搭建材料、施工人员、
 * 保险单; the customer's ID numbers arrive masked from the server), the venue's answers and the
 * PDF. The winner fills the pack and records the venue's answers. The call is refused (NOT_FOUND)
 * to anyone else: the panel then stays away.
 */
export function FilingPanel({
  projectId,
  side,
  className,
}: {
  projectId: number;
  /** which party looks (the prop is not `role`: that would be the element's ARIA role) */
  side: FilingSide;
  /** the page's spacing around the panel */
  className?: string;
}) {
  const { data, isLoading, error } = useFilingInfo(projectId);
  const [editing, setEditing] = useState(false);
  const [answer, setAnswer] = useState<FilingAnswer | null>(null);
  const cls = className ? ` ${className}` : '';
  if (isLoading) return <Skeleton active className={`zl-panel${cls}`} />;
  if (error || !data || !Array.isArray(data.crew)) return null;

  const supplier = side === 'supplier' && data.role === 'supplier';
  const saved = data.savedAt !== null;
  const canEdit = supplier && data.canEdit;
  const canRecord = supplier ? data.canRecord : [];
  const lastChanges = data.status === 'changes' ? data.history.findLast((h) => h.status === 'changes') : null;

  return (
    <section className={`zl-panel zl-filing${cls}`} id="filing" aria-label="报馆">
      <div className="zl-filing-top">
        <h2>报馆</h2>
        <Tag color={STATUS_COLOR[data.status]} data-testid="filing-status">
          {data.statusText}
        </Tag>
        {data.late && (
          <Tag color="red" className="zl-filing-late-tag" data-testid="filing-late">
            报馆逾期
          </Tag>
        )}
        <span className={`zl-filing-deadline${data.late ? ' zl-filing-deadline-late' : ''}`}>
          {data.deadline ? `报馆截止 ${formatTime(data.deadline)}` : '场馆未设报馆截止时间'}
        </span>
      </div>
      {data.late && <LateAlert view={data} supplier={supplier} />}
      <p className="zl-filing-intro">
        报馆是展馆在搭建前对展台设计、用电、搭建材料防火等级和施工人员的审核，通过后方可进场施工。
        {supplier
          ? '中标后请在此填写一次，下载报馆 PDF 提交场馆，并记录场馆的审核结果；参展商可随时查看进度。'
          : '中标供应商在此填写并提交场馆，您可随时查看进度和场馆的回复。'}
        施工人员的身份证号仅用于报馆，参展商只能看到后 4 位。
      </p>
      <p
        className={`zl-filing-next${!supplier && data.status === 'none' ? ' zl-filing-empty' : ''}`}
        data-testid="filing-next"
      >
        {supplier ? SUPPLIER_NEXT[data.status] : CUSTOMER_NEXT[data.status]}
      </p>
      {lastChanges?.note && (
        <Alert
          type="warning"
          showIcon
          className="zl-filing-changes"
          title="场馆要求修改"
          description={lastChanges.note}
        />
      )}
      {(canEdit || canRecord.length > 0 || saved) && (
        <div className="zl-filing-actions">
          {canEdit && (
            <Button
              type={saved ? 'default' : 'primary'}
              icon={<EditOutlined />}
              onClick={() => setEditing(true)}
            >
              {saved ? '修改报馆资料' : '填写报馆资料'}
            </Button>
          )}
          {canRecord.map((a) => (
            <Button
              key={a}
              type={a === 'submitted' || a === 'approved' ? 'primary' : 'default'}
              icon={ANSWER_ICON[a]}
              onClick={() => setAnswer(a)}
            >
              {ANSWER_LABELS[a]}
            </Button>
          ))}
          {saved && (
            <Button href={filingPdfUrl(projectId)} download icon={<DownloadOutlined />}>
              下载报馆 PDF
            </Button>
          )}
        </div>
      )}
      {saved && <FilingPack view={data} />}
      {data.history.length > 0 && (
        <>
          <h3>场馆审核记录</h3>
          <FilingHistory history={data.history} />
        </>
      )}
      {supplier && (
        <>
          <FilingFormDrawer view={data} open={editing} onClose={() => setEditing(false)} />
          {FILING_ANSWERS.map((a) => (
            <FilingAnswerModal
              key={a}
              projectId={projectId}
              answer={a}
              open={answer === a}
              onClose={() => setAnswer(null)}
            />
          ))}
        </>
      )}
    </section>
  );
}
