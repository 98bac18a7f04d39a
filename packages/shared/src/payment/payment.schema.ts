import { z } from 'zod';
import { textSchema } from '../text/text.schema.ts';

/** Coins bought in one order (1 金币 = ¥1.00, docs/payments.md). */
export const COINS_PURCHASE_MIN = 10;
export const COINS_PURCHASE_MAX = 5000;
/** 分 per 金币 */
export const COIN_PRICE_FEN = 100;
/** The packages the charging page offers besides a free amount. */
export const COIN_PACKAGES = [50, 100, 200, 500] as const;

/** The coins of one purchase: the server's rule, and the words the charging page shows. */
export const coinsPurchaseSchema = z
  .number({ error: '请输入购买的金币数量' })
  .int({ error: '金币数量须为整数' })
  .min(COINS_PURCHASE_MIN, { error: `每次至少购买 ${COINS_PURCHASE_MIN} 金币` })
  .max(COINS_PURCHASE_MAX, { error: `每次最多购买 ${COINS_PURCHASE_MAX} 金币` });

const positiveId = (label: string) =>
  z
    .number({ error: `${label}不正确` })
    .int({ error: `${label}不正确` })
    .min(1, { error: `${label}不正确` })
    .max(Number.MAX_SAFE_INTEGER, { error: `${label}不正确` });

/**
 * `Alipay/getPayLink`: buy coins, pay a project's prepayment (its first stage) into escrow, or pay
 * one stage of its payment plan (`stage` = the stage's id from `Projectcenter/payPlan`).
 */
export const payLinkRequestSchema = z.discriminatedUnion(
  'purpose',
  [
    z.strictObject({ purpose: z.literal('coins'), coins: coinsPurchaseSchema }),
    z.strictObject({ purpose: z.literal('prepay'), id: positiveId('项目编号') }),
    z.strictObject({
      purpose: z.literal('stage'),
      id: positiveId('项目编号'),
      stage: positiveId('付款阶段'),
    }),
  ],
  { error: '请选择支付用途' },
);
export type PayLinkRequest = z.infer<typeof payLinkRequestSchema>;

export const payLinkResultSchema = z.object({
  outTradeNo: z.string().describe('支付订单号（out_trade_no）'),
  amount: z.number().int().describe('金额，分'),
  payUrl: z.string().describe('支付宝收银台地址（alipay.trade.page.pay）：浏览器跳转到这里'),
  sandbox: z.boolean().describe('true：本机沙箱收银台（开发环境，非真实付款）'),
});
export type PayLinkResult = z.infer<typeof payLinkResultSchema>;

export const outTradeNoSchema = textSchema({ error: '订单号不正确', max: 64 }).regex(/^[A-Za-z0-9_]{1,64}$/, {
  error: '订单号不正确',
});

export const orderStatusRequestSchema = z.strictObject({ outTradeNo: outTradeNoSchema });

export const paymentOrderStatusSchema = z.enum(['pending', 'paid', 'closed']);
export type PaymentOrderStatus = z.infer<typeof paymentOrderStatusSchema>;
export const paymentPurposeSchema = z.enum(['coins', 'prepay', 'stage']);

export const orderStatusResultSchema = z.object({
  status: paymentOrderStatusSchema.describe('pending 待支付 · paid 已支付 · closed 已关闭'),
  purpose: paymentPurposeSchema.describe('coins 购买金币 · prepay 项目预付款 · stage 项目的其他付款阶段'),
  amount: z.number().int().describe('金额，分'),
  coins: z.number().int().describe('购买的金币数（预付款为 0）'),
  projectId: z.number().int().nullable().describe('项目款项（预付款或其他付款阶段）的项目编号'),
});
export type OrderStatusResult = z.infer<typeof orderStatusResultSchema>;
