import { describe, expect, it } from 'vitest';
import { buildInDate, type DeliveryFields, deliveryMilestones, deliveryStep } from './delivery-step.ts';
import { PROJECT_STATUS as S } from './project-states.ts';

const base: DeliveryFields & { id: number } = {
  id: 9,
  status: S.AWARDED,
  contctck: 0,
  contctckdt: '',
  ispaid: false,
  prepay: 10_000,
  reportck: 0,
  reportdate: '',
  complaintOpen: false,
  sdate: '2026-12-10',
  edate: '2026-12-12',
  biddl: '2026-11-01T02:00:00.000Z',
  closedBy: '',
};
const at = (ymd: string) => new Date(`${ymd}T04:00:00Z`); // noon in Shanghai
const p = (o: Partial<DeliveryFields>) => ({ ...base, ...o });
const ms = (o: Partial<DeliveryFields>, now = at('2026-11-20')) =>
  Object.fromEntries(deliveryMilestones(p(o), now).map((m) => [m.key, m]));

describe('deliveryStep: every status × flag combination', () => {
  const statuses = Object.values(S);
  for (const status of statuses)
    for (const contctck of [0, 1, 2, 3])
      for (const ispaid of [false, true])
        for (const prepay of [0, 10_000])
          for (const reportck of [0, 1, 2, 3])
            for (const complaintOpen of [false, true]) {
              const f = p({ status, contctck, ispaid, prepay, reportck, complaintOpen });
              it(`s${status} c${contctck} paid${+ispaid} pre${prepay} r${reportck} co${+complaintOpen}`, () => {
                const step = deliveryStep(f);
                expect(step.label).not.toBe('');
                // one next action per role: either a link or a waiting hint, never both
                for (const a of [step.supplier, step.customer]) {
                  expect(a.label).not.toBe('');
                  expect(a.waiting).toBe(a.href === null);
                }
                // at most one of the two parties has something to do (after completion both evaluate)
                if (status !== S.DONE || complaintOpen)
                  expect(step.supplier.waiting || step.customer.waiting).toBe(true);
                if (status === S.CLOSED) expect(step.label.startsWith('已关闭')).toBe(true);
                else if (complaintOpen && status >= S.AWARDED) expect(step.label).toBe('投诉处理中');
                const list = deliveryMilestones(f, at('2026-12-20'));
                expect(list.map((m) => m.label)).toEqual([
                  '竞标截止',
                  '签订合同',
                  '支付预付款',
                  '进场',
                  '开展',
                  '撤场',
                  '完工报告',
                  '验收',
                ]);
                for (const m of list) expect(m.done && m.overdue).toBe(false);
                if (status === S.DONE || status === S.CLOSED) expect(list.some((m) => m.overdue)).toBe(false);
              });
            }
});

describe('deliveryStep: the next action per step', () => {
  it('awarded: supplier signs, customer waits', () => {
    const s = deliveryStep(p({ status: S.AWARDED }));
    expect(s.label).toBe('待签合同');
    expect(s.supplier).toEqual({ label: '下载并签订合同', href: '/signContract?id=9', waiting: false });
    expect(s.customer.waiting).toBe(true);
  });
  it('contract uploaded: customer reviews', () => {
    const s = deliveryStep(p({ status: S.SIGNING, contctck: 1 }));
    expect(s.supplier.label).toBe('等待参展商审核合同');
    expect(s.customer).toEqual({
      label: '审核合同',
      href: '/customer/project?id=9#contract',
      waiting: false,
    });
  });
  it('contract rejected: supplier uploads again', () => {
    const s = deliveryStep(p({ status: S.SIGNING, contctck: 3 }));
    expect(s.supplier.href).toBe('/uploadContract?id=9');
  });
  it('approved, prepayment due: customer pays', () => {
    const s = deliveryStep(p({ status: S.SIGNING, contctck: 2 }));
    expect(s.customer.label).toBe('支付预付款');
    expect(s.supplier.label).toBe('等待预付款');
  });
  it('building: supplier uploads the report; sent back: amends it', () => {
    expect(deliveryStep(p({ status: S.BUILDING, contctck: 2, ispaid: true })).supplier).toEqual({
      label: '上传完工报告',
      href: '/uploadReport?id=9',
      waiting: false,
    });
    expect(deliveryStep(p({ status: S.BUILDING, reportck: 3 })).supplier.label).toBe('修改完工报告');
  });
  it('building before the build-in: the report waits for it (the server refuses one before it)', () => {
    const soon = new Date(Date.now() + 3 * 86_400_000);
    const s = deliveryStep(
      p({ status: S.BUILDING, contctck: 2, ispaid: true, buildStart: soon.toISOString() }),
    );
    expect(s.label).toBe('待进场');
    expect(s.supplier).toMatchObject({ href: null, waiting: true });
    expect(s.supplier.label).toMatch(/^\d\d-\d\d \d\d:\d\d 进场后上传完工报告$/);
    const begun = deliveryStep(
      p({
        status: S.BUILDING,
        contctck: 2,
        ispaid: true,
        buildStart: new Date(Date.now() - 60_000).toISOString(),
      }),
    );
    expect(begun.supplier.label).toBe('上传完工报告');
  });
  it('accepting: customer accepts; done: both evaluate', () => {
    expect(deliveryStep(p({ status: S.ACCEPTING })).customer.label).toBe('验收完工报告');
    const done = deliveryStep(p({ status: S.DONE }));
    expect(done.customer.label).toBe('评价供应商');
    expect(done.supplier.waiting).toBe(false);
  });
  it('a stage of the payment plan due: the customer pays it first; the acceptance waits for it', () => {
    const progress = { label: '进场款', overdue: false };
    expect(
      deliveryStep(p({ status: S.BUILDING, contctck: 2, ispaid: true, dueStage: progress })),
    ).toMatchObject({
      label: '施工中',
      customer: { label: '支付进场款', href: '/customer/project?id=9#stages' },
      supplier: { label: '上传完工报告' },
    });
    const final = { label: '尾款', overdue: true };
    expect(
      deliveryStep(p({ status: S.ACCEPTING, reportck: 1, ispaid: true, dueStage: final })),
    ).toMatchObject({
      label: '待付尾款',
      customer: { label: '支付尾款', href: '/customer/project?id=9#stages' },
      supplier: { label: '等待参展商支付尾款', href: null },
    });
    // paid: back to the acceptance
    expect(
      deliveryStep(p({ status: S.ACCEPTING, reportck: 1, ispaid: true, dueStage: null })).customer.label,
    ).toBe('验收完工报告');
  });

  it('an open complaint pauses both parties', () => {
    const s = deliveryStep(p({ status: S.ACCEPTING, complaintOpen: true }));
    expect(s.supplier.waiting && s.customer.waiting).toBe(true);
  });
});

describe('deliveryMilestones', () => {
  it('build-in is the day before the show', () => {
    expect(buildInDate('2026-12-10')).toBe('2026-12-09');
    expect(buildInDate('2027-01-01')).toBe('2026-12-31');
    expect(ms({}).buildIn!.date).toBe('2026-12-09');
  });
  it('contract not signed by build-in day is overdue; before it is not', () => {
    expect(ms({ status: S.AWARDED }, at('2026-12-08')).contract!.overdue).toBe(false);
    expect(ms({ status: S.AWARDED }, at('2026-12-09')).contract!.overdue).toBe(true);
    expect(ms({ status: S.SIGNING, contctck: 1 }, at('2026-12-09')).contract!.overdue).toBe(true);
  });
  it('signed contract is done with its date', () => {
    const m = ms({ status: S.SIGNING, contctck: 2, contctckdt: '2026-11-18 10:00:00' });
    expect(m.contract).toMatchObject({ done: true, date: '2026-11-18', overdue: false });
    expect(m.prepay).toMatchObject({ done: false });
  });
  it('prepay: done when paid, or nothing asked once the contract is signed', () => {
    expect(ms({ status: S.BUILDING, contctck: 2, ispaid: true }).prepay!.done).toBe(true);
    expect(ms({ status: S.SIGNING, contctck: 2, prepay: 0 }).prepay).toMatchObject({
      done: true,
      note: '无需预付款',
    });
    expect(ms({ status: S.SIGNING, contctck: 2 }, at('2026-12-09')).prepay!.overdue).toBe(true);
  });
  it('report overdue once the show opened without it', () => {
    expect(ms({ status: S.BUILDING }, at('2026-12-10')).report!.overdue).toBe(false);
    expect(ms({ status: S.BUILDING }, at('2026-12-11')).report!.overdue).toBe(true);
    expect(
      ms({ status: S.ACCEPTING, reportdate: '2026-12-09 09:00:00' }, at('2026-12-11')).report,
    ).toMatchObject({
      done: true,
      overdue: false,
      date: '2026-12-09',
    });
  });
  it('show and move-out are done once reached while delivering', () => {
    const m = ms({ status: S.BUILDING }, at('2026-12-12'));
    expect(m.show!.done && m.moveOut!.done && m.buildIn!.done).toBe(true);
    expect(ms({ status: S.BUILDING }, at('2026-12-11')).moveOut!.done).toBe(false);
  });
  it('accepted when done; complaint note', () => {
    expect(ms({ status: S.DONE, reportck: 2, reportdate: '2026-12-11 08:00:00' }).accept).toMatchObject({
      done: true,
      date: '2026-12-11',
    });
    expect(ms({ status: S.ACCEPTING, complaintOpen: true }).accept!.note).toContain('投诉');
  });
  it('closed projects mark nothing overdue', () => {
    expect(Object.values(ms({ status: S.CLOSED }, at('2027-01-01'))).some((m) => m.overdue)).toBe(false);
  });
});
