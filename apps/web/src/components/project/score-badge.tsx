import Rate from 'antd/es/rate';
import './project.css';

/** A supplier's score (mean of revealed evaluations, one decimal) or 暂无评分. */
export function ScoreBadge({ score }: { score: number | null | undefined }) {
  if (score === null || score === undefined) return <span className="zl-eval-noscore">暂无评分</span>;
  return (
    <span className="zl-eval-score" title={`评分 ${score.toFixed(1)}`}>
      <Rate disabled allowHalf value={Math.round(score * 2) / 2} style={{ fontSize: 14 }} />
      <b>{score.toFixed(1)}</b>
    </span>
  );
}
