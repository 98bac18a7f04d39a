import type { TrackRecord as TrackRecordData } from '@zl/shared';
import './project.css';
import Tooltip from 'antd/es/tooltip';

const RULE = '准时率：开展前标记展台就绪（现场打卡上线后开工的项目），此前的项目按开展前提交完工报告计算';

/**
 * A supplier's track record beside its card (docs/delivery-complaint.md "Track record"):
 * completed projects, the on-time rate (展台就绪 before 开展; older projects their first report)
 * and complaints upheld. `basis` adds, as on /show, how many projects each rule judged.
 */
export function TrackRecord({
  record,
  basis = false,
}: {
  record: TrackRecordData | null | undefined;
  basis?: boolean;
}) {
  if (!record) return null;
  const rate = record.onTimeRate === null ? '—' : `${Math.round(record.onTimeRate * 100)}%`;
  const byReport = record.completed - record.readyCounted;
  return (
    <Tooltip title={`平台履约记录：已完成项目数、${RULE}、被投诉成立次数`}>
      <span className="zl-track" data-testid="track-record">
        <span>完成 {record.completed} 单</span>
        <span>准时率 {rate}</span>
        <span className={record.complaintsUpheld > 0 ? 'zl-track-bad' : undefined}>
          投诉成立 {record.complaintsUpheld} 次
        </span>
        {basis && record.completed > 0 && (
          <span className="zl-track-basis" data-testid="track-basis">
            {[
              record.readyCounted > 0 ? `${record.readyCounted} 单按开展前展台就绪计` : '',
              byReport > 0 ? `${byReport} 单按开展前提交完工报告计` : '',
            ]
              .filter(Boolean)
              .join('，')}
          </span>
        )}
      </span>
    </Tooltip>
  );
}
