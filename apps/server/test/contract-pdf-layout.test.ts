import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { QuoteLine } from '@zl/shared';
import { defaultShowDates } from '@zl/shared';
import { describe, expect, it } from 'vitest';
import { type ContractDraft, renderContractPdf } from '../src/modules/contract/contract-pdf.ts';

/** The text of each page of a PDF (pdftotext ends every page with a form feed). */
function pages(pdf: Buffer): string[] {
  const dir = mkdtempSync(join(tmpdir(), 'contract-layout-'));
  const f = join(dir, 'c.pdf');
  writeFileSync(f, pdf);
  return execFileSync('pdftotext', ['-layout', f, '-']).toString('utf8').split('\f').slice(0, -1);
}

function draft(lineCount: number): ContractDraft {
  const line = (i: number): QuoteLine => ({
    name: `木地台 ${i + 1}`,
    spec: '10cm',
    unit: '㎡',
    qty: 2,
    price: 15_000,
    amount: 30_000,
    remark: '',
  });
  const lines = Array.from({ length: lineCount }, (_, i) => line(i));
  return {
    orders: 'P202611220001',
    title: '上海国际车展特装展台搭建',
    prov: '上海市',
    city: '上海市',
    strt: '浦东新区',
    addr: '上海新国际博览中心 E3 馆',
    sdate: '2027-04-20',
    edate: '2027-04-23',
    ...defaultShowDates('2027-04-20', '2027-04-23'),
    filingDeadline: new Date('2027-04-10T10:00:00Z'),
    hall: 'E3 馆',
    booth: 'E3-A05',
    deposit: 500_000,
    areas: 54,
    customer: { name: '上海辰星会展服务有限公司', mobile: '13800000001' },
    supplier: { name: '上海鼎盛展览工程有限公司', mobile: '13800000002' },
    lines: { dimian: lines },
    total: lines.reduce((s, l) => s + l.amount, 0),
    contractAmount: lines.reduce((s, l) => s + l.amount, 0),
    stages: [
      {
        label: '预付款',
        percent: 30,
        amount: 800_000,
        due: '合同审核通过后、进场前',
        release: '甲方确认进场后结算给乙方',
      },
      {
        label: '尾款',
        percent: 70,
        amount: 1_000_000,
        due: '2026-12-20 前',
        release: '验收通过后结算给乙方',
      },
    ],
    days: 5,
    awardedAt: '2026-11-20',
  };
}

describe('contract PDF layout', () => {
  it('keeps both parties’ signature block (name, 签字/盖章, 日期) on one page, however long the price list', async () => {
    // Price lists of 4–10 lines brought the block to the foot of page 2, where its rows used to
    // land on pages 2 and 3 (the 日期 of each party on its own page); shorter and longer lists too.
    for (const n of [0, 4, 6, 8, 10, 14, 30]) {
      const text = await pages(await renderContractPdf(draft(n)));
      const at = text.findIndex((t) => t.includes('甲方（签字/盖章）'));
      expect(at, `${n} lines`).toBeGreaterThanOrEqual(0);
      const page = text[at]!;
      for (const s of [
        '乙方（签字/盖章）',
        '甲方（参展商）：上海辰星会展服务有限公司',
        '乙方（供应商）：上海鼎盛展览工程有限公司',
      ])
        expect(page, `${n} lines, page ${at + 1}`).toContain(s);
      expect(page.match(/日期：/g)?.length, `${n} lines, page ${at + 1}`).toBe(2);
      // nothing of the block spills onto a page of its own after it
      expect(
        text
          .slice(at + 1)
          .join('')
          .trim(),
        `${n} lines`,
      ).toBe('');
    }
  }, 120_000);
});
