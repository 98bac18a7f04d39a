import Alert from 'antd/es/alert';
import { payMode } from '../lib/pay-mode.ts';

/** 沙箱 / 未开通 notice above a pay button; nothing when real Alipay is configured. */
export function PayModeNote() {
  const mode = payMode();
  if (mode === 'sandbox') {
    return (
      <Alert
        type="warning"
        showIcon
        className="zl-pay-note"
        title="支付宝沙箱环境"
        description="当前为开发环境：付款在本站模拟的沙箱收银台完成，不会产生真实扣款。"
      />
    );
  }
  if (mode === 'off') {
    return <Alert type="error" showIcon className="zl-pay-note" title="在线支付暂未开通，请联系平台客服" />;
  }
  return null;
}
