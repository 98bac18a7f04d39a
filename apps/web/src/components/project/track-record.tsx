import type { TrackRecord as TrackRecordData } from '@zl/shared';
import './project.css';
import Tooltip from 'antd/es/tooltip';

/**
 * A supplier's track record beside its card (docs/delivery-complaint.md "Track record"):
 * completed projects, the on-time rate (first report before 开展) and complaints upheld.
 */
export function TrackRecord({ record }: { record: TrackRecordData | null | undefined }) {
  if (!record) return null;
  const rate = record.onTimeRate === null ? '—' : `${Math.round(record.onTimeRate * 100)}%`;
  return (
    <Tooltip title="平台履约记录：已完成项目数、准时率（开展前提交完工报告）、被投诉成立次数">
      <span className="zl-track" data-testid="track-record">
        <span>完成 {record.completed} 单</span>
        <span>准时率 {rate}</span>
        <span className={record.complaintsUpheld > 0 ? 'zl-track-bad' : undefined}>
          投诉成立 {record.complaintsUpheld} 次
        </span>
      </span>
    </Tooltip>
  );
}
