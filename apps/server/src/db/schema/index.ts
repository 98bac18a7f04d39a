export * from './admin.ts';
export * from './files.ts';
export * from './ledger.ts';
export * from './members.ts';
export * from './projects.ts';
export * from './sms.ts';
export * from './verification.ts';
export * from './wechat.ts';
