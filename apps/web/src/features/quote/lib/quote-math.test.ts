import { describe, expect, it } from 'vitest';
import { formatFen } from '../../../lib/money.ts';
import { computeTotals, draftFrom, priceProblem, toPayload } from './quote-math.ts';

const item = (name: string, qty: number) => ({ name, spec: '', unit: '个', qty, remark: '' });

describe('quote amounts in integer 分', () => {
  it('qty 3 × ¥12.34 = ¥37.02, subtotals per category and the grand total', () => {
    const t = computeTotals({
      dimian: [
        { ...item('地毯', 3), price: '12.34' },
        { ...item('地台', 2), price: '0.29' },
      ],
      beiban: [{ ...item('背板', 1), price: '1000' }],
    });
    expect(t.amounts.dimian).toEqual([3702, 58]);
    expect(formatFen(t.amounts.dimian?.[0] ?? 0)).toBe('¥37.02');
    expect(t.subtotals).toEqual({ dimian: 3760, beiban: 100000 });
    expect(t.total).toBe(103760);
    expect(formatFen(t.total)).toBe('¥1,037.60');
  });

  it('a line without a valid price counts nothing until it has one', () => {
    const t = computeTotals({
      dimian: [
        { ...item('地毯', 3), price: '' },
        { ...item('灯', 2), price: '1.234' },
      ],
    });
    expect(t.amounts.dimian).toEqual([null, null]);
    expect(t.total).toBe(0);
  });

  it('the payload carries integer prices (分), never a float, and drops empty attachment slots', () => {
    const body = toPayload(7, {
      lines: {
        dimian: [{ ...item('地毯', 3), price: '12.34' }],
        zulin: [{ ...item('桌椅', 10), price: '0.1' }],
      },
      days: 5,
      remark: '  含运输 ',
      attachments: ['F1', undefined, ''],
    });
    expect(body).toEqual({
      id: 7,
      lines: {
        dimian: [{ name: '地毯', spec: '', unit: '个', qty: 3, price: 1234, remark: '' }],
        zulin: [{ name: '桌椅', spec: '', unit: '个', qty: 10, price: 10, remark: '' }],
      },
      days: 5,
      remark: '含运输',
      attachments: ['F1'],
    });
    for (const l of Object.values(body.lines).flat()) expect(Number.isInteger(l.price)).toBe(true);
  });

  it('prefills an existing quote’s prices into the template', () => {
    const draft = draftFrom([{ key: 'dimian', items: [item('地毯', 3), item('地台', 1)] }], {
      lines: { dimian: [{ ...item('地毯', 3), price: 1234, amount: 3702 }] },
    });
    expect(draft.dimian?.map((l) => l.price)).toEqual(['12.34', '']);
  });

  it('validates a typed price', () => {
    expect(priceProblem('')).toBe('请输入单价');
    expect(priceProblem('1.234')).toMatch(/两位小数/);
    expect(priceProblem('-5')).toBe('单价不能为负数');
    expect(priceProblem(' -0.5')).toBe('单价不能为负数');
    expect(priceProblem('¥-12.345')).toBe('单价不能为负数');
    expect(priceProblem('1000000.01')).toMatch(/不能超过/);
    expect(priceProblem('0')).toBeNull();
  });
});
