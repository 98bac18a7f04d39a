import CheckCircleFilled from '@ant-design/icons/CheckCircleFilled';
import ExclamationCircleFilled from '@ant-design/icons/ExclamationCircleFilled';
import { type PayPlan, stageKindLabels } from '@zl/shared';
import Form from 'antd/es/form';
import InputNumber, { type InputNumberProps } from 'antd/es/input-number';
import Radio from 'antd/es/radio';
import type { PayMode, PublishValues } from '../lib/publish-values.ts';
import { planRule } from '../lib/rules.ts';

const MODE_OPTIONS: Array<{ value: PayMode; label: string }> = [
  { value: 'staged', label: '分阶段付款' },
  { value: 'full', label: '全额预付（100%）' },
];

/** When each share is paid into escrow and when it is released to the supplier (docs/staged-escrow.md). */
const STAGES: Array<{ key: Exclude<keyof PayPlan, 'retention'>; when: string }> = [
  { key: 'prepay', when: '合同确认后支付，确认进场后结算' },
  { key: 'progress', when: '进场前支付，确认进场后结算' },
  { key: 'final', when: '验收前支付，验收后结算' },
];
export const RETENTION_HINT = '从尾款中扣留，撤展后质保期满无投诉再结算给供应商';

/** A whole-percent input; Form.Item hands it id, value and onChange. */
function Percent(props: InputNumberProps<number>) {
  return <InputNumber {...props} suffix="%" placeholder="0" inputMode="numeric" style={{ width: '100%' }} />;
}

/** 预付款 + 进场款 + 尾款, live: 100% is right, anything else says what it is. */
function PlanSum() {
  const form = Form.useFormInstance<PublishValues>();
  const plan = Form.useWatch('payPlan', form);
  const n = (x: number | null | undefined) => (typeof x === 'number' && Number.isFinite(x) ? x : 0);
  const sum = n(plan?.prepay) + n(plan?.progress) + n(plan?.final);
  const ok = sum === 100;
  const retention = n(plan?.retention);
  return (
    <output
      className={ok ? 'zl-cust-plan-sum' : 'zl-cust-plan-sum zl-cust-plan-off'}
      aria-label="比例合计"
      data-testid="plan-sum"
    >
      {ok ? <CheckCircleFilled /> : <ExclamationCircleFilled />}
      预付款 + 进场款 + 尾款 = {sum}%{ok ? '' : '，须为 100%'}
      {ok && retention > 0 && retention <= n(plan?.final) ? `；尾款中 ${retention}% 作为质保金` : ''}
    </output>
  );
}

/**
 * 付款计划: 分阶段付款 (预付款 / 进场款 / 尾款 in whole percent, an optional 质保金 out of 尾款) or
 * 全额预付（100%）. Each share is checked with the whole plan against the shared schema, so the sum
 * message shows on 尾款 as soon as another share changes. The staged values stay in the form while
 * 全额预付 is chosen (switching back keeps them); the body then carries {100, 0, 0, 0}.
 */
export function PayPlanFields() {
  const form = Form.useFormInstance<PublishValues>();
  const mode = Form.useWatch('payMode', form);
  return (
    <>
      <Form.Item required name="payMode" label="付款方式">
        <Radio.Group options={MODE_OPTIONS} optionType="button" buttonStyle="solid" />
      </Form.Item>
      {mode === 'full' ? (
        <p className="zl-cust-plan-note" data-testid="plan-full">
          中标后按合同金额一次付清，由平台托管：合同确认后支付，确认进场后结算给供应商。
        </p>
      ) : (
        <>
          <div className="zl-cust-plan">
            {STAGES.map((s) => (
              <Form.Item
                key={s.key}
                required
                name={['payPlan', s.key]}
                label={stageKindLabels[s.key]}
                rules={[planRule(s.key)]}
                // the sum's message sits on 尾款: re-checked whenever another share changes
                dependencies={
                  s.key === 'final'
                    ? [
                        ['payPlan', 'prepay'],
                        ['payPlan', 'progress'],
                      ]
                    : []
                }
                extra={s.when}
              >
                <Percent />
              </Form.Item>
            ))}
            <Form.Item
              name={['payPlan', 'retention']}
              label={`${stageKindLabels.retention}（选填）`}
              rules={[planRule('retention')]}
              dependencies={[['payPlan', 'final']]}
              extra={RETENTION_HINT}
            >
              <Percent />
            </Form.Item>
          </div>
          <PlanSum />
        </>
      )}
    </>
  );
}
