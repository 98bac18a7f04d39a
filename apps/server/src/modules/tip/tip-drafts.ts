import type { NoticeKind } from '@zl/shared';
import type * as repo from './tip.repo.ts';

/**
 * What the tip builders share (docs/messages.md): a tip before its event id, links, money, clipping.
 * `notice`: the tip tells of something the member must not miss, which also goes out by SMS or
 * WeChat as the member chose for that kind (docs/notices.md), about project `projectId`.
 */
export type Draft = Omit<repo.NewTip, 'eventId'> & { notice?: NoticeKind; projectId?: number | null };

/** The drafts, each marked as a notice of `kind` about project `projectId`. */
export const asNotice = (drafts: Draft[], kind: NoticeKind, projectId: number | null): Draft[] =>
  drafts.map((d) => ({ ...d, notice: kind, projectId }));

export const customerLink = (id: number) => `/customer/project?id=${id}`;
export const supplierLink = (id: number) => `/orderDetail?id=${id}`;
export const clip = (s: string, n: number) => (s.length > n ? `${s.slice(0, n - 1)}…` : s);
export const str = (v: unknown) => (typeof v === 'string' ? v : '');
