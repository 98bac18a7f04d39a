import AlipayCircleOutlined from '@ant-design/icons/AlipayCircleOutlined';
import { COIN_PACKAGES, COIN_PRICE_FEN, COINS_PURCHASE_MAX, COINS_PURCHASE_MIN } from '@zl/shared';
import Button from 'antd/es/button';
import InputNumber from 'antd/es/input-number';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { formatFen } from '../../../lib/money.ts';
import { useUserInfo } from '../../member/index.ts';
import { usePay } from '../api/payment.ts';
import { PayResult } from '../components/pay-result.tsx';
import { PayModeNote } from '../components/sandbox-note.tsx';
import { payMode } from '../lib/pay-mode.ts';
import '../payment.css';

const valid = (n: number | null): n is number =>
  typeof n === 'number' && Number.isInteger(n) && n >= COINS_PURCHASE_MIN && n <= COINS_PURCHASE_MAX;

/** 充值: buy 金币 through Alipay (1 金币 = ¥1.00); the 收银台 comes back here with `?outTradeNo=`. */
export default function ChargingPage() {
  const [params, setParams] = useSearchParams();
  const outTradeNo = params.get('outTradeNo');
  const user = useUserInfo();
  const [picked, setPicked] = useState<number | null>(COIN_PACKAGES[1]);
  const [custom, setCustom] = useState<number | null>(null);
  const pay = usePay();
  const coins = custom ?? picked;
  const ok = valid(coins);

  if (outTradeNo) {
    return (
      <div className="zl-pay">
        <PayResult
          outTradeNo={outTradeNo}
          cancelled={params.get('sandbox_cancel') === '1'}
          paidExtra={(o) => (
            <p className="zl-pay-balance-line">
              已到账 <b>{o.coins}</b> 金币，当前余额 <b>{user.data?.coins ?? '—'}</b> 金币
            </p>
          )}
          onDone={() => setParams({})}
          onRetry={() => setParams({})}
        />
      </div>
    );
  }

  return (
    <div className="zl-pay">
      <div className="zl-pay-head">
        <div>
          <h2>购买金币</h2>
          <p className="zl-pay-muted">报价时按项目消耗金币；1 金币 = ¥1.00，通过支付宝付款。</p>
        </div>
        <div className="zl-pay-balance">
          <span>当前余额</span>
          <b>{user.data?.coins ?? '—'}</b>
          <span>金币</span>
        </div>
      </div>
      <PayModeNote />

      <fieldset className="zl-pay-fieldset">
        <legend className="zl-pay-section-title">选择金币数量</legend>
        <div className="zl-pay-packages">
          {COIN_PACKAGES.map((n) => {
            const active = custom === null && picked === n;
            return (
              <button
                key={n}
                type="button"
                aria-pressed={active}
                className={`zl-pay-package${active ? ' is-active' : ''}`}
                onClick={() => {
                  setPicked(n);
                  setCustom(null);
                }}
              >
                <span className="zl-pay-package-coins">{n} 金币</span>
                <span className="zl-pay-package-price">{formatFen(n * COIN_PRICE_FEN)}</span>
              </button>
            );
          })}
        </div>
      </fieldset>
      <div className="zl-pay-custom">
        <span>自定义数量</span>
        <InputNumber
          aria-label="自定义金币数量"
          min={COINS_PURCHASE_MIN}
          max={COINS_PURCHASE_MAX}
          precision={0}
          step={10}
          value={custom}
          placeholder={`${COINS_PURCHASE_MIN}–${COINS_PURCHASE_MAX}`}
          onChange={(v) => setCustom(typeof v === 'number' ? v : null)}
          suffix="金币"
          style={{ width: 180 }}
        />
        <span className="zl-pay-muted">
          每次 {COINS_PURCHASE_MIN}–{COINS_PURCHASE_MAX} 金币
        </span>
      </div>

      <div className="zl-pay-summary">
        <div>
          应付金额
          <b className="zl-pay-amount">{ok ? formatFen(coins * COIN_PRICE_FEN) : '—'}</b>
        </div>
        <Button
          type="primary"
          size="large"
          icon={<AlipayCircleOutlined />}
          disabled={!ok || payMode() === 'off'}
          loading={pay.isPending || pay.isSuccess}
          onClick={() => ok && pay.mutate({ purpose: 'coins', coins })}
        >
          {payMode() === 'sandbox' ? '支付宝支付（沙箱）' : '支付宝支付'}
        </Button>
      </div>
    </div>
  );
}
