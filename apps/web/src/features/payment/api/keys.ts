/** Query keys of payments (docs/payments.md). */
export const paymentKeys = {
  all: ['payment'] as const,
  order: (outTradeNo: string) => [...paymentKeys.all, 'orderStatus', outTradeNo] as const,
};
