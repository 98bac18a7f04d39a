import AlipayCircleOutlined from '@ant-design/icons/AlipayCircleOutlined';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Tag from 'antd/es/tag';
import { useSearchParams } from 'react-router';
import { formatFen } from '../../../lib/money.ts';
import { usePay } from '../api/payment.ts';
import { payMode } from '../lib/pay-mode.ts';
import { PayResult } from './pay-result.tsx';
import '../payment.css';
import { CONTRACT_CHECK, PROJECT_STATUS } from '@zl/shared';

/** Prepayment is due: 签约中 (3) with the contract approved (contctck 2), not paid. */
export function prepayDue(p: { status: number; contctck: number; ispaid: boolean; prepay: number }): boolean {
  return (
    p.status === PROJECT_STATUS.SIGNING && p.contctck === CONTRACT_CHECK.APPROVED && !p.ispaid && p.prepay > 0
  );
}

/**
 * 支付预付款 on the customer's project page (`#prepay`), and the result when the 收银台 sends the
 * browser back (`?id=…&outTradeNo=…`) — after the prepayment or any later stage of the payment
 * plan paid from 付款计划 (StagePanel).
 */
export function PrepayPanel({
  project,
}: {
  project: { id: number; status: number; contctck: number; ispaid: boolean; prepay: number };
}) {
  const [params, setParams] = useSearchParams();
  const outTradeNo = params.get('outTradeNo');
  const pay = usePay();
  const back = () => setParams({ id: String(project.id) });

  if (outTradeNo) {
    return (
      <div className="zl-pay-prepay-result">
        <PayResult
          outTradeNo={outTradeNo}
          cancelled={params.get('sandbox_cancel') === '1'}
          paidExtra={(o) => (
            <p className="zl-pay-balance-line">
              {o.purpose === 'stage'
                ? '款项已由平台托管，按付款计划结算给供应商'
                : '预付款已由平台托管，项目进入施工阶段'}
            </p>
          )}
          onDone={back}
          onRetry={back}
        />
      </div>
    );
  }
  if (!prepayDue(project)) return null;
  const sandbox = payMode() === 'sandbox';
  return (
    <Alert
      id="prepay"
      type="info"
      showIcon
      className="zl-pay-prepay"
      title={`合同已审核通过，请支付预付款 ${formatFen(project.prepay)}`}
      description={
        <div className="zl-pay-prepay-body">
          <p>
            预付款由平台托管，您确认供应商进场后结算给供应商。
            {sandbox && <Tag color="orange">支付宝沙箱，不产生真实扣款</Tag>}
          </p>
          <Button
            type="primary"
            icon={<AlipayCircleOutlined />}
            loading={pay.busy}
            disabled={payMode() === 'off'}
            onClick={() => pay.start({ purpose: 'prepay', id: project.id })}
          >
            支付预付款
          </Button>
        </div>
      }
    />
  );
}
