export * from './members.ts';
export * from './sms.ts';
