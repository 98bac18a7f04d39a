import { CARD_TYPES, cardTypeLabels } from '@zl/shared';
import type { RadioGroupProps } from 'antd/es/radio';
import Radio from 'antd/es/radio';

/** 账号类型: one radio per card type (供应商 / 参展商), for a Form.Item. */
export function CardTypeRadios(props: RadioGroupProps) {
  return (
    <Radio.Group {...props}>
      {CARD_TYPES.map((t) => (
        <Radio key={t} value={t}>
          {cardTypeLabels[t]}
        </Radio>
      ))}
    </Radio.Group>
  );
}
