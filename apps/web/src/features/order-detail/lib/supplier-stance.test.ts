import { describe, expect, it } from 'vitest';
import { type StanceInput, supplierStance } from './supplier-stance.ts';

const NOW = Date.parse('2026-11-23T00:00:00Z');
const AHEAD = '2026-12-01T10:00:00.000Z';
const PAST = '2026-11-20T10:00:00.000Z';

function input(over: Partial<StanceInput>): StanceInput {
  return { id: 7, status: 1, biddl: AHEAD, myQuote: null, whyNot: null, whyNotText: '', ...over };
}
const stance = (over: Partial<StanceInput>) => supplierStance(input(over), NOW);

describe('what this supplier can do now (one answer for /orderDetail and /orderPrice)', () => {
  it('bidding open, verified, coins: a new quote', () => {
    expect(stance({})).toMatchObject({
      kind: 'quote',
      label: '立即报价',
      form: 'new',
      to: '/orderPrice?id=7',
    });
  });

  it('his pending quote while bidding is open: edit it', () => {
    expect(stance({ myQuote: { status: 0 }, whyNot: 'ALREADY_QUOTED' })).toMatchObject({
      kind: 'edit',
      label: '修改报价',
      form: 'edit',
      to: '/orderPrice?id=7',
    });
  });

  it('his pending quote after the deadline: wait for the award, no form', () => {
    expect(stance({ biddl: PAST, myQuote: { status: 0 }, whyNot: 'ALREADY_QUOTED' })).toMatchObject({
      kind: 'awaitingAward',
      form: null,
      note: '报价已截止，请等待客户选标',
    });
  });

  it('won before the deadline: 已中标, never 「请等待客户选标」, no form', () => {
    for (const biddl of [AHEAD, PAST]) {
      for (const status of [2, 3, 4, 5, 6]) {
        const s = stance({ status, biddl, myQuote: { status: 1 }, whyNot: 'ALREADY_QUOTED' });
        expect(s).toMatchObject({ kind: 'won', label: '已中标', form: null });
        expect(s.note).not.toContain('等待客户选标');
        expect(s.to).toBeUndefined();
      }
    }
  });

  it('another supplier won: 未中标, no form', () => {
    expect(stance({ status: 2, myQuote: { status: 2 }, whyNot: 'ALREADY_QUOTED' })).toMatchObject({
      kind: 'lost',
      label: '未中标',
      form: null,
    });
  });

  it('the project was cancelled or expired after he quoted: closed, coins back', () => {
    expect(stance({ status: 7, myQuote: { status: 3 }, whyNot: 'ALREADY_QUOTED' })).toMatchObject({
      kind: 'withdrawn',
      form: null,
    });
    expect(stance({ status: 7, myQuote: { status: 0 } }).kind).toBe('withdrawn');
  });

  it('no quote and bidding over: closed, whatever else is missing', () => {
    expect(stance({ biddl: PAST, whyNot: 'NOT_VERIFIED' })).toMatchObject({
      kind: 'closed',
      label: '已截止',
      form: null,
      note: '该项目已截止报价',
    });
    expect(stance({ status: 2, whyNot: 'BIDDING_CLOSED' })).toMatchObject({ kind: 'closed', form: null });
    expect(stance({ status: 7, whyNot: 'BIDDING_CLOSED' }).note).toBe('项目已关闭，不再接受报价');
    expect(stance({ whyNot: 'BIDDING_CLOSED' })).toMatchObject({ kind: 'closed', form: null });
  });

  it('not verified: no form, the way to verify', () => {
    for (const verification of [undefined, 'none'] as const) {
      expect(stance({ whyNot: 'NOT_VERIFIED', verification })).toMatchObject({
        kind: 'verify',
        label: '认证后报价',
        form: null,
        note: '完成实名认证或企业认证后才能报价',
        link: { to: '/personCenter/security_person', text: '去认证' },
      });
    }
    expect(stance({ whyNot: 'NOT_VERIFIED', verification: 'rejected' })).toMatchObject({
      kind: 'verify',
      form: null,
      link: { to: '/personCenter/security_person', text: '去修改' },
    });
  });

  it('verification under review: no form, says so', () => {
    expect(stance({ whyNot: 'NOT_VERIFIED', verification: 'pending' })).toMatchObject({
      kind: 'reviewing',
      label: '认证审核中',
      form: null,
      link: { to: '/personCenter/security_person', text: '查看进度' },
    });
  });

  it('not enough coins: no form, the way to recharge', () => {
    expect(stance({ whyNot: 'INSUFFICIENT_COINS' })).toMatchObject({
      kind: 'recharge',
      form: null,
      link: { to: '/personCenter/charging', text: '去充值' },
    });
  });

  it('a customer account: no form', () => {
    expect(stance({ whyNot: 'NOT_WORKSHOP' })).toMatchObject({ kind: 'notSupplier', form: null });
  });

  it('a form is offered exactly when a quote can be sent or changed', () => {
    const all: Array<Partial<StanceInput>> = [];
    for (const status of [1, 2, 3, 4, 5, 6, 7])
      for (const biddl of [AHEAD, PAST])
        for (const myQuote of [null, { status: 0 }, { status: 1 }, { status: 2 }, { status: 3 }])
          for (const whyNot of [null, 'NOT_VERIFIED', 'INSUFFICIENT_COINS', 'ALREADY_QUOTED'] as const)
            all.push({ status, biddl, myQuote, whyNot });
    for (const over of all) {
      const s = stance(over);
      const open = over.status === 1 && over.biddl === AHEAD;
      const pendingQuote = over.myQuote ? over.myQuote.status === 0 : over.whyNot === 'ALREADY_QUOTED';
      if (s.form === 'edit') expect(open && pendingQuote).toBe(true);
      if (s.form === 'new') expect(open && !over.myQuote && over.whyNot === null).toBe(true);
      expect(Boolean(s.to)).toBe(s.form !== null);
      if (s.form === null) expect(s.note).not.toBe('');
    }
  });
});
