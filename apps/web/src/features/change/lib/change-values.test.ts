import { describe, expect, it } from 'vitest';
import {
  formNameOf,
  lineAmount,
  parseQty,
  priceProblem,
  qtyProblem,
  toAddBody,
  totalOf,
  totalProblem,
} from './change-values.ts';

describe('变更单 form values', () => {
  it('turns typed 元 into integer 分 exactly, and counts qty × price in 分', () => {
    expect(lineAmount({ qty: '3', price: '1,234.56' })).toBe(370_368);
    expect(lineAmount({ qty: '1', price: '0.1' })).toBe(10);
    expect(lineAmount({ qty: '7', price: '19.99' })).toBe(13_993);
    expect(lineAmount({ qty: '1.5', price: '10' })).toBeNull();
    expect(lineAmount({ qty: '2', price: '1.234' })).toBeNull();
    expect(
      totalOf([{ qty: '3', price: '0.1' }, { qty: '2', price: '' }, undefined, { qty: '1', price: '0.2' }]),
    ).toBe(50);
  });

  it('checks quantity and unit price as the server does', () => {
    expect(parseQty(' 12 ')).toBe(12);
    expect(parseQty('0')).toBeNull();
    expect(parseQty('100001')).toBeNull();
    expect(qtyProblem('')).toBe('请输入数量');
    expect(qtyProblem('2.5')).toBe('数量为 1–100000 的整数');
    expect(priceProblem('')).toBe('请输入单价');
    expect(priceProblem('-5')).toBe('单价不能为负数');
    expect(priceProblem('1.234')).toBe('请输入正确的金额（最多两位小数）');
    expect(priceProblem('1000000.01')).toBe('单价不能超过 ¥1,000,000.00');
    expect(priceProblem('¥1,000,000')).toBeNull();
    expect(priceProblem('0')).toBeNull();
  });

  it('a total above 0; a 减项 no more than what may be reduced', () => {
    expect(totalProblem('add', 0, 0)).toBe('变更金额须大于 0');
    expect(totalProblem('add', 500_000, 0)).toBeNull();
    expect(totalProblem('reduce', 500_001, 500_000)).toBe('减项金额 ¥5,000.01 超过可减的 ¥5,000.00');
    expect(totalProblem('reduce', 100, 0)).toBe('没有可以减少的款项：合同款已全部结算');
    expect(totalProblem('reduce', 500_000, 500_000)).toBeNull();
  });

  it('the body: trimmed texts, integer quantities and 分', () => {
    expect(
      toAddBody(9, {
        kind: 'reduce',
        lines: [{ category: 'beiban', name: ' 背板喷绘 ', spec: '', unit: '㎡', qty: '12', price: '85.5' }],
        reason: '  取消右侧背板  ',
        photos: ['a'.repeat(22)],
      }),
    ).toEqual({
      id: 9,
      kind: 'reduce',
      lines: [{ category: 'beiban', name: '背板喷绘', spec: '', unit: '㎡', qty: 12, price: 8550 }],
      reason: '取消右侧背板',
      photos: ['a'.repeat(22)],
    });
  });

  it("puts the server's field names on the form's fields", () => {
    expect(formNameOf('lines.0.price')).toEqual(['lines', 0, 'price']);
    expect(formNameOf('lines.3.category')).toEqual(['lines', 3, 'category']);
    expect(formNameOf('lines')).toEqual(['lines']);
    expect(formNameOf('lines.2')).toEqual(['lines']);
    expect(formNameOf('photos.4')).toEqual(['photos']);
    expect(formNameOf('reason')).toEqual(['reason']);
    expect(formNameOf('id')).toBeNull();
  });
});
