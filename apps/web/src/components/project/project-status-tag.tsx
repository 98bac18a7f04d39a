/**
 * 项目状态 as a tag wherever a project is listed for its customer or the operator (the customer's
 * list and page, the operator's review). Plain markup (\`LiteTag\`): the customer's list draws no
 * antd before its first paint (docs/adr/0009).
 */
import { PROJECT_STATUS, type ProjectStatus, projectStatusLabels } from '@zl/shared';
import { LiteTag, type TagColor } from '../lite/lite-ui.tsx';

const S = PROJECT_STATUS;
const COLORS: Record<number, TagColor> = {
  [S.PENDING_REVIEW]: 'orange',
  [S.BIDDING]: 'blue',
  [S.AWARDED]: 'purple',
  [S.SIGNING]: 'cyan',
  [S.BUILDING]: 'geekblue',
  [S.ACCEPTING]: 'gold',
  [S.DONE]: 'green',
  [S.CLOSED]: 'default',
};

const CLOSED_BY: Record<string, string> = {
  rejected: '已驳回',
  cancelled: '已取消',
  expired: '已过期',
  complaint: '投诉裁决',
};

/** 项目状态 tag: the server's statusText, else the shared label; a closed one says why. */
export function ProjectStatusTag({
  status,
  statusText,
  closedBy,
}: {
  status: number;
  statusText?: string;
  closedBy?: string;
}) {
  const base = statusText || projectStatusLabels[status as ProjectStatus] || String(status);
  const why = status === S.CLOSED && closedBy ? CLOSED_BY[closedBy] : undefined;
  return (
    <LiteTag color={why === '已驳回' ? 'red' : (COLORS[status] ?? 'default')}>
      {why && !base.includes(why) ? `${base}·${why}` : base}
    </LiteTag>
  );
}
