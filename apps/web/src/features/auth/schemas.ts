/** The shared account schemas, in their own chunk so that /login can load zod lazily. */
export { inviteCodeSchema, mobileSchema, passwordSchema, smsCodeSchema } from '@zl/shared';
