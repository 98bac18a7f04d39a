import AlipayCircleOutlined from '@ant-design/icons/AlipayCircleOutlined';
import {
  COIN_PACKAGES,
  COIN_PRICE_FEN,
  COINS_PURCHASE_MAX,
  COINS_PURCHASE_MIN,
  coinsPurchaseSchema,
} from '@zl/shared';
import Button from 'antd/es/button';
import Input from 'antd/es/input';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { formatFen } from '../../../lib/money.ts';
import { useUserInfo } from '../../../lib/user-info.ts';
import { usePay } from '../api/payment.ts';
import { PayResult } from '../components/pay-result.tsx';
import { PayModeNote } from '../components/sandbox-note.tsx';
import { payMode } from '../lib/pay-mode.ts';
import '../payment.css';

/**
 * The typed 自定义数量, read as the server will (the shared schema): the coins, or why not in words.
 * Nothing is clamped or rounded, so the amount shown is the amount charged.
 */
export function readCustomCoins(text: string): { coins: number } | { error: string } {
  const t = text.trim();
  if (!/^\d+(\.\d+)?$/.test(t)) return { error: '请输入整数金币数量' };
  const r = coinsPurchaseSchema.safeParse(Number(t));
  return r.success ? { coins: r.data } : { error: r.error.issues[0]?.message ?? '请输入整数金币数量' };
}

/** 充值: buy 金币 through Alipay (1 金币 = ¥1.00); the 收银台 comes back here with `?outTradeNo=`. */
export default function ChargingPage() {
  const [params, setParams] = useSearchParams();
  const outTradeNo = params.get('outTradeNo');
  const user = useUserInfo();
  const [picked, setPicked] = useState<number | null>(COIN_PACKAGES[1]);
  const [customText, setCustomText] = useState('');
  const pay = usePay();
  const custom = customText.trim() === '' ? null : readCustomCoins(customText);
  const coins = custom === null ? picked : 'coins' in custom ? custom.coins : null;
  const ok = coins !== null;

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
                  setCustomText('');
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
        <Input
          aria-label="自定义金币数量"
          aria-describedby="zl-pay-custom-note"
          aria-invalid={custom !== null && 'error' in custom}
          status={custom !== null && 'error' in custom ? 'error' : undefined}
          inputMode="numeric"
          maxLength={9}
          value={customText}
          placeholder={`${COINS_PURCHASE_MIN}–${COINS_PURCHASE_MAX}`}
          onChange={(e) => setCustomText(e.target.value)}
          suffix="金币"
          style={{ width: 180 }}
        />
        {custom !== null && 'error' in custom ? (
          <span id="zl-pay-custom-note" className="zl-pay-error" role="alert">
            {custom.error}（每次 {COINS_PURCHASE_MIN}–{COINS_PURCHASE_MAX} 金币）
          </span>
        ) : (
          <span id="zl-pay-custom-note" className="zl-pay-muted">
            每次 {COINS_PURCHASE_MIN}–{COINS_PURCHASE_MAX} 金币，整数
          </span>
        )}
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
          loading={pay.busy}
          onClick={() => coins !== null && pay.start({ purpose: 'coins', coins })}
        >
          {payMode() === 'sandbox' ? '支付宝支付（沙箱）' : '支付宝支付'}
        </Button>
      </div>
    </div>
  );
}
