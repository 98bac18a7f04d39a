import type { OrderStatusResult } from '@zl/shared';
import Button from 'antd/es/button';
import Result from 'antd/es/result';
import Spin from 'antd/es/spin';
import type { ReactNode } from 'react';
import { formatFen } from '../../../lib/money.ts';
import { POLL_TRIES, useOrderStatus } from '../api/payment.ts';

/**
 * The page the browser comes back to from the 收银台 (`?outTradeNo=`): asks Alipay/orderStatus
 * until the order is paid or closed, or says it is still pending (docs/payments.md "Return pages").
 */
export function PayResult({
  outTradeNo,
  cancelled,
  paidExtra,
  onDone,
  onRetry,
}: {
  outTradeNo: string;
  /** the 收银台's 取消 came back (sandbox) */
  cancelled: boolean;
  /** what to show under 支付成功 (the new balance …) */
  paidExtra: (o: OrderStatusResult) => ReactNode;
  onDone: () => void;
  onRetry: () => void;
}) {
  const { data, error, polls } = useOrderStatus(outTradeNo);
  if (error) {
    return (
      <Result
        status="warning"
        title="查询支付结果失败"
        subTitle="订单不存在或网络异常"
        extra={<Button onClick={onDone}>返回</Button>}
      />
    );
  }
  if (!data)
    return (
      <Spin tip="正在确认支付结果…" size="large">
        <div className="zl-pay-wait" />
      </Spin>
    );
  if (data.status === 'paid') {
    return (
      <Result
        status="success"
        title="支付成功"
        subTitle={`已支付 ${formatFen(data.amount)}`}
        extra={
          <div className="zl-pay-result-extra">
            {paidExtra(data)}
            <Button type="primary" onClick={onDone}>
              完成
            </Button>
          </div>
        }
      />
    );
  }
  if (data.status === 'closed') {
    return (
      <Result
        status="warning"
        title="订单已关闭"
        subTitle="该订单未支付已关闭，如需付款请重新下单"
        extra={
          <Button type="primary" onClick={onRetry}>
            重新支付
          </Button>
        }
      />
    );
  }
  const stillWaiting = !cancelled && polls < POLL_TRIES;
  if (stillWaiting) {
    return (
      <Spin tip="正在确认支付结果，请稍候…" size="large">
        <div className="zl-pay-wait" />
      </Spin>
    );
  }
  return (
    <Result
      status="info"
      title={cancelled ? '您已取消支付' : '尚未收到支付结果'}
      subTitle={
        cancelled
          ? `订单 ${outTradeNo} 未支付`
          : '如已在支付宝付款，到账可能稍有延迟，请稍后刷新本页；未付款可重新支付'
      }
      extra={
        <div className="zl-pay-result-extra">
          <Button onClick={onDone}>返回</Button>
          <Button type="primary" onClick={onRetry}>
            重新支付
          </Button>
        </div>
      }
    />
  );
}
