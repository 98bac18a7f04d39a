import './zod-locale.ts';

export * from './api/envelope.ts';
export * from './errors/catalogue.ts';
export * from './user/user.schema.ts';

/** Local storage key prefix of the web app (docs/seed-map.md § Browser storage: product-specific, value decided here). */
export const STORAGE_PREFIX = 'zlgys_';
export * from './admin/admin.schema.ts';
export * from './admin/audit-labels.ts';
export * from './admin/queue-counts.schema.ts';
export * from './bills/bills.schema.ts';
export * from './bills/ledger-types.ts';
export * from './complaint/complaint.schema.ts';
export * from './date/date.ts';
export * from './evaluation/evaluation.schema.ts';
export * from './file/file.schema.ts';
export * from './home/home.schema.ts';
export * from './labels.ts';
export * from './member/id-checks.ts';
export * from './member/member.schema.ts';
export * from './member/track-record.schema.ts';
export * from './payment/payment.schema.ts';
export * from './project/contract.schema.ts';
export * from './project/delivery-step.ts';
export * from './project/keyword-terms.ts';
export * from './project/project.schema.ts';
export * from './project/project-states.ts';
export * from './project/project-view.schema.ts';
export * from './project/quote.schema.ts';
export * from './project/search.schema.ts';
export * from './region/region.ts';
export * from './report/report.schema.ts';
export * from './showroom/showroom.schema.ts';
export * from './text/text.schema.ts';
export * from './tip/tip.schema.ts';
export * from './wechat/wechat.schema.ts';
export * from './withdraw/withdraw.schema.ts';
export * from './works/works.schema.ts';
