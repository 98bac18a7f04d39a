/**
 * What the platform asks of Alipay (docs/payments.md). One implementation wraps the official
 * `alipay-sdk` client; it talks either to Alipay's gateway or, on a development machine without
 * `ALIPAY_APP_ID`, to the server's own sandbox gateway that speaks the same protocol. Amounts are
 * integer 分 here; the implementation converts to Alipay's 元 strings.
 */
export interface AlipayGateway {
  /** true when this talks to the built-in sandbox (pages label it 沙箱) */
  readonly sandbox: boolean;
  /** the `alipay.trade.page.pay` address to send the browser to */
  pagePayUrl(order: {
    outTradeNo: string;
    amountFen: number;
    subject: string;
    returnUrl: string;
    notifyUrl: string;
  }): string;
  /** RSA2 check of an asynchronous notification (the form fields exactly as received) */
  verifyNotify(form: Record<string, string>): boolean;
  /** `alipay.trade.query`; `NOT_EXIST` when Alipay does not know the trade */
  query(outTradeNo: string): Promise<{
    tradeStatus: 'WAIT_BUYER_PAY' | 'TRADE_CLOSED' | 'TRADE_SUCCESS' | 'TRADE_FINISHED' | 'NOT_EXIST';
    totalAmountFen?: number;
    tradeNo?: string;
  }>;
  /** `alipay.trade.refund` (idempotent by outRequestNo) */
  refund(r: {
    outTradeNo: string;
    outRequestNo: string;
    amountFen: number;
    reason: string;
  }): Promise<{ ok: true } | { ok: false; code: string; message: string }>;
  /** `alipay.fund.trans.uni.transfer` to an Alipay account (idempotent by outBizNo) */
  transfer(t: {
    outBizNo: string;
    amountFen: number;
    payeeAccount: string;
    payeeName: string;
    remark: string;
  }): Promise<{ ok: true; orderId: string } | { ok: false; code: string; message: string }>;
}
