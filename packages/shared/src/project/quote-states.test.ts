import { describe, expect, it } from 'vitest';
import {
  factoryPrjctListSchema,
  QUOTE_STATES,
  QUOTE_STATUS,
  type QuoteState,
  quoteStateOf,
  quoteStatusLabels,
  quoteStatusOf,
} from './quote.schema.ts';

describe('quote status codes', () => {
  it('are 0 pending · 1 won · 2 lost · 3 closed, each with a Chinese label', () => {
    expect(QUOTE_STATUS).toEqual({ PENDING: 0, WON: 1, LOST: 2, CLOSED: 3 });
    expect(quoteStatusLabels).toEqual({ 0: '报价中', 1: '已中标', 2: '未中标', 3: '已关闭' });
  });

  it('name each code in the API by its constant: QUOTE_STATES[code] is the lower-cased key', () => {
    for (const [key, code] of Object.entries(QUOTE_STATUS)) {
      expect(QUOTE_STATES[code]).toBe(key.toLowerCase());
      expect(quoteStateOf(code)).toBe(key.toLowerCase());
    }
    expect(QUOTE_STATES).toHaveLength(Object.keys(QUOTE_STATUS).length);
  });

  it('quoteStatusOf is the inverse of quoteStateOf', () => {
    for (const state of QUOTE_STATES) expect(quoteStateOf(quoteStatusOf(state))).toBe(state);
    const codes: Record<QuoteState, number> = { pending: 0, won: 1, lost: 2, closed: 3 };
    for (const state of QUOTE_STATES) expect(quoteStatusOf(state)).toBe(codes[state]);
  });

  it('an unknown code reads as closed (never as pending)', () => {
    expect(quoteStateOf(4)).toBe('closed');
    expect(quoteStateOf(-1)).toBe('closed');
  });

  it('the supplier list filters by the state names and refuses anything else', () => {
    for (const state of QUOTE_STATES) {
      expect(factoryPrjctListSchema.parse({ state })).toMatchObject({ state, page: 1, pageSize: 20 });
    }
    expect(factoryPrjctListSchema.safeParse({ state: 'withdrawn' }).success).toBe(false);
    expect(factoryPrjctListSchema.safeParse({ state: 0 }).success).toBe(false);
  });
});
