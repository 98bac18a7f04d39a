import type * as repo from './tip.repo.ts';

/** What the tip builders share (docs/messages.md): a tip before its event id, links, money, clipping. */
export type Draft = Omit<repo.NewTip, 'eventId'>;

export const customerLink = (id: number) => `/customer/project?id=${id}`;
export const supplierLink = (id: number) => `/orderDetail?id=${id}`;
// ¥1,234.50, as the web shows money (apps/web/src/lib/money.ts)
export const yuan = (fen: number) =>
  `¥${(Math.abs(fen) / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
export const clip = (s: string, n: number) => (s.length > n ? `${s.slice(0, n - 1)}…` : s);
export const str = (v: unknown) => (typeof v === 'string' ? v : '');
