export * from './admin.ts';
export * from './files.ts';
export * from './members.ts';
export * from './sms.ts';
export * from './verification.ts';
export * from './wechat.ts';
