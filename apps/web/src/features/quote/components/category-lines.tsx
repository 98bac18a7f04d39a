import Form from 'antd/es/form';
import Input from 'antd/es/input';
import { formatFen } from '../../../lib/money.ts';
import type { LineDraft } from '../lib/quote-math.ts';
import { priceProblem } from '../lib/quote-math.ts';

export interface CategoryLinesProps {
  categoryKey: string;
  label: string;
  items: LineDraft[];
  amounts: Array<number | null>;
  subtotal: number;
}

/**
 * One category of the quote: the customer's lines (fixed) with an editable unit price each.
 * A grid rather than a Table so that on a phone each line folds into two readable rows.
 */
export function CategoryLines({ categoryKey, label, items, amounts, subtotal }: CategoryLinesProps) {
  return (
    <section className="zl-qt-cat" aria-label={label}>
      <header className="zl-qt-cat-head">
        <h3>
          {label} <span>{items.length} 项</span>
        </h3>
        <span className="zl-qt-sub">
          小计 <b>{formatFen(subtotal)}</b>
        </span>
      </header>
      <div className="zl-qt-row zl-qt-row-head" aria-hidden="true">
        <span>名称 / 规格</span>
        <span>数量</span>
        <span>单价（元）</span>
        <span>金额</span>
      </div>
      {items.map((item, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the lines are the customer's fixed list, in order
        <div className="zl-qt-row" key={i}>
          <div className="zl-qt-name">
            <b>{item.name}</b>
            {(item.spec || item.remark) && (
              <small>
                {item.spec}
                {item.spec && item.remark ? ' · ' : ''}
                {item.remark}
              </small>
            )}
          </div>
          <div className="zl-qt-qty">
            {item.qty} {item.unit}
          </div>
          <Form.Item
            name={['lines', categoryKey, i, 'price']}
            className="zl-qt-price"
            rules={[
              {
                validator: async (_r, v) => {
                  const p = priceProblem(v);
                  if (p) throw new Error(p);
                },
              },
            ]}
            validateTrigger={['onBlur', 'onSubmit']}
          >
            <Input
              prefix="¥"
              inputMode="decimal"
              placeholder="0.00"
              maxLength={13}
              aria-label={`${item.name} 单价`}
            />
          </Form.Item>
          <div className="zl-qt-amount" data-testid={`amount-${categoryKey}-${i}`}>
            {amounts[i] === null || amounts[i] === undefined ? '—' : formatFen(amounts[i])}
          </div>
        </div>
      ))}
    </section>
  );
}
