/** A quote's state and a project's state as antd tags on the supplier's pages (the detail, 我的项目). */
import { PROJECT_STATUS, QUOTE_STATUS, quoteStatusLabels } from '@zl/shared';
import Tag from 'antd/es/tag';

const S = PROJECT_STATUS;
const Q = QUOTE_STATUS;
export const QUOTE_STATE: Record<number, { text: string; color: string }> = {
  [Q.PENDING]: { text: quoteStatusLabels[Q.PENDING], color: 'processing' },
  [Q.WON]: { text: quoteStatusLabels[Q.WON], color: 'success' },
  [Q.LOST]: { text: quoteStatusLabels[Q.LOST], color: 'default' },
  [Q.CLOSED]: { text: quoteStatusLabels[Q.CLOSED], color: 'default' },
};

export function QuoteStateTag({ status }: { status: number }) {
  const s = QUOTE_STATE[status] ?? { text: '—', color: 'default' };
  return <Tag color={s.color}>{s.text}</Tag>;
}

/** antd Tag colours of the project states (the supplier's pages). */
export const STATUS_COLOR: Record<number, string> = {
  [S.PENDING_REVIEW]: 'default',
  [S.BIDDING]: 'processing',
  [S.AWARDED]: 'success',
  [S.SIGNING]: 'cyan',
  [S.BUILDING]: 'geekblue',
  [S.ACCEPTING]: 'purple',
  [S.DONE]: 'success',
  [S.CLOSED]: 'default',
};
