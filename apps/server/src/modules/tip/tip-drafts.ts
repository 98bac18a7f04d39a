import type * as repo from './tip.repo.ts';

/** What the tip builders share (docs/messages.md): a tip before its event id, links, money, clipping. */
export type Draft = Omit<repo.NewTip, 'eventId'>;

export const customerLink = (id: number) => `/customer/project?id=${id}`;
export const supplierLink = (id: number) => `/orderDetail?id=${id}`;
export const clip = (s: string, n: number) => (s.length > n ? `${s.slice(0, n - 1)}…` : s);
export const str = (v: unknown) => (typeof v === 'string' ? v : '');
