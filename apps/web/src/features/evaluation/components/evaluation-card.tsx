import type { EvaluationView } from '@zl/shared';
import Image from 'antd/es/image';
import Rate from 'antd/es/rate';
import Tag from 'antd/es/tag';
import type { ReactNode } from 'react';
import { formatTime } from '../../../lib/time.ts';

function Mark({ label, value }: { label: string; value: number | null }) {
  if (value === null) return null;
  return (
    <span className="zl-eval-mark">
      {label} <Rate disabled value={value} style={{ fontSize: 13 }} />
    </span>
  );
}

/** One evaluation as the caller may see it; a hidden one says so (double-blind). */
export function EvaluationCard({
  e,
  title,
  extra,
}: {
  e: EvaluationView;
  title?: ReactNode;
  extra?: ReactNode;
}) {
  return (
    <div className="zl-eval-card" data-testid={`evaluation-${e.side}`}>
      <div className="zl-eval-head">
        <b>{title ?? e.authorName}</b>
        {e.hidden ? (
          <Tag color="gold">待对方评价后公开</Tag>
        ) : !e.revealed ? (
          <Tag color="blue">对方评价后公开</Tag>
        ) : (
          <Tag color="green">已公开</Tag>
        )}
        <span className="zl-eval-time">{formatTime(e.created)}</span>
      </div>
      {e.hidden ? (
        <p className="zl-eval-muted">对方已提交评价，双方都评价后（或评价期结束后）公开。</p>
      ) : (
        <>
          <div className="zl-eval-marks">
            <Mark label="综合" value={e.score} />
            <Mark label="质量" value={e.quality} />
            <Mark label="服务" value={e.service} />
            <Mark label="准时" value={e.punctuality} />
          </div>
          <p className="zl-eval-content">{e.content}</p>
          {e.pictures.length > 0 && (
            <Image.PreviewGroup>
              <div className="zl-eval-pics">
                {e.pictures.map((f) => (
                  <Image
                    key={f.id}
                    src={f.thumbUrl ?? f.url}
                    preview={{ src: f.url }}
                    width={72}
                    height={72}
                  />
                ))}
              </div>
            </Image.PreviewGroup>
          )}
          {e.reply && (
            <div className="zl-eval-reply">
              <b>供应商回复：</b>
              {e.reply}
            </div>
          )}
          {e.changeRequested && (
            <div className="zl-eval-muted">
              供应商申请修改评价{e.changeReason ? `：${e.changeReason}` : ''}
              {e.changeUsed ? '（已修改）' : ''}
            </div>
          )}
        </>
      )}
      {extra}
    </div>
  );
}
