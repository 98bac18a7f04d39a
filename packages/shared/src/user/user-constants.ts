/**
 * The accounts' constants (docs/product.md § Accounts and identity), zod-free: a page that only
 * shows a member's type or checks a number's shape does not fetch the schemas (docs/web.md § Page
 * speed: what a page loads). user.schema.ts validates with them.
 */

/** One mobile number = one member account. */
export const MOBILE_RE = /^1[3-9]\d{9}$/;
export const CARDNO_RE = /^\d{8}$/;

export const CARD_TYPES = ['workshop', 'customer'] as const;
export type CardType = (typeof CARD_TYPES)[number];
export const cardTypeLabels: Record<CardType, string> = {
  workshop: '供应商（展览工厂 / 搭建商）',
  customer: '参展商',
};

export const SMS_PURPOSES = ['regist', 'reset', 'bind'] as const;
export type SmsPurpose = (typeof SMS_PURPOSES)[number];

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 32;
