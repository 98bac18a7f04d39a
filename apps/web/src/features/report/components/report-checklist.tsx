import PaperClipOutlined from '@ant-design/icons/PaperClipOutlined';
import {
  REQUIREMENT_CATEGORIES,
  type ReportInfo,
  type ReportLineView,
  reportLineStateLabels,
} from '@zl/shared';
import Alert from 'antd/es/alert';
import Image from 'antd/es/image';
import Tag from 'antd/es/tag';
import type { ReactNode } from 'react';
import { formatFen } from '../../../lib/money.ts';
import { formatTime } from '../../../lib/time.ts';
import '../report.css';

const STATE_COLOR = { pending: 'processing', ok: 'success', flagged: 'error' } as const;

export function LineStateTag({ line }: { line: Pick<ReportLineView, 'state'> }) {
  return <Tag color={STATE_COLOR[line.state]}>{reportLineStateLabels[line.state]}</Tag>;
}

export function Photos({ files, alt }: { files: ReportInfo['workpic']; alt: string }) {
  if (files.length === 0) return <span className="zl-rp-muted">无照片</span>;
  return (
    <div className="zl-rp-photos">
      <Image.PreviewGroup>
        {files.map((f, i) => (
          <Image
            key={f.id}
            src={f.thumbUrl ?? f.url}
            preview={{ src: f.url }}
            width={96}
            height={72}
            alt={`${alt} ${i + 1}`}
          />
        ))}
      </Image.PreviewGroup>
    </div>
  );
}

/** 名称 · 规格 · 数量 · 金额 of a checklist line. */
export function LineHead({ line, extra }: { line: ReportLineView; extra?: ReactNode }) {
  return (
    <div className="zl-rp-line-head">
      <div>
        <b>{line.name}</b>
        {line.spec && <span className="zl-rp-muted"> · {line.spec}</span>}
        <div className="zl-rp-muted">
          {line.qty} {line.unit} × {formatFen(line.price)} = {formatFen(line.amount)}
        </div>
      </div>
      {extra}
    </div>
  );
}

/** The checklist lines grouped by the seven categories (only those with lines). */
export function groupLines(
  lines: ReportLineView[],
): Array<{ key: string; name: string; lines: ReportLineView[] }> {
  return REQUIREMENT_CATEGORIES.map(([key, name]) => ({
    key,
    name,
    lines: lines.filter((l) => l.category === key),
  })).filter((g) => g.lines.length > 0);
}

/** The report's overall photos, files and remark. */
export function ReportOverview({ info }: { info: ReportInfo }) {
  return (
    <div className="zl-rp-overview">
      <div className="zl-rp-muted">
        第 {info.round} 轮提交{info.reportdate ? ` · ${formatTime(info.reportdate)}` : ''}
      </div>
      <Photos files={info.workpic} alt="完工照片" />
      {info.reports.length > 0 && (
        <div className="zl-rp-files">
          {info.reports.map((f) => (
            <a key={f.id} href={f.url} target="_blank" rel="noreferrer">
              <PaperClipOutlined /> {f.name}
            </a>
          ))}
        </div>
      )}
      {info.remark && <p className="zl-rp-remark">{info.remark}</p>}
    </div>
  );
}

/**
 * The checklist, read-only: every line with its photos, note, state and the customer's reason;
 * `decision(line)` adds the customer's controls to a line.
 */
export function ReportChecklist({
  info,
  decision,
}: {
  info: ReportInfo;
  decision?: (line: ReportLineView) => ReactNode;
}) {
  return (
    <div className="zl-rp-checklist">
      {groupLines(info.lines).map((g) => (
        <div key={g.key} className="zl-rp-group">
          <h4>{g.name}</h4>
          {g.lines.map((l) => (
            <div key={l.line} className={`zl-rp-line zl-rp-${l.state}`} data-line={l.line}>
              <LineHead line={l} extra={<LineStateTag line={l} />} />
              {l.state === 'flagged' && l.reason && (
                <Alert type="error" showIcon title={`整改意见：${l.reason}`} className="zl-rp-reason" />
              )}
              <Photos files={l.photos} alt={l.name} />
              {l.note && <p className="zl-rp-note">说明：{l.note}</p>}
              {decision?.(l)}
            </div>
          ))}
        </div>
      ))}
    </div>
  );
}

/** 已验收: when and by whom, what the escrow released and the commission. */
export function AcceptedSummary({ info }: { info: ReportInfo }) {
  if (!info.accepted) return null;
  const a = info.accepted;
  const by =
    a.by === 'system' ? `系统自动验收（超过验收期限）` : a.by === 'admin' ? '平台验收' : '参展商验收';
  return (
    <Alert
      type="success"
      showIcon
      className="zl-rp-accepted"
      title={`已验收 · ${by}${a.at ? ` · ${formatTime(a.at)}` : ''}`}
      description={
        a.released > 0
          ? `托管款 ${formatFen(a.released)} 已结算：平台佣金 ${formatFen(a.commission)}，供应商实收 ${formatFen(a.released - a.commission)}`
          : '该项目无托管预付款'
      }
    />
  );
}
