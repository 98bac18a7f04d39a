import {
  PROJECT_STATUS,
  type PriceTableInput,
  type priceTableSchema,
  QUOTE_STATUS,
  type QuoteView,
  quoteStateOf,
  REQUIREMENT_CATEGORIES,
  type RequirementCategory,
} from '@zl/shared';
import type { z } from 'zod';
import type { Db, DbOrTx, Tx } from '../../db/client.ts';
import type { QuoteLine } from '../../db/schema/index.ts';
import { AppError, fieldError, pgErrorCode } from '../../lib/errors.ts';
import { imageIdsAmong } from '../file/file.repo.ts';
import { assertOwnFile, fileRef } from '../file/file-access.ts';
import { coinBalance } from '../ledger/ledger.service.ts';
import { quoteFee } from '../ledger/movements.ts';
import { lockProject } from '../project/project-transition.ts';
import { type ProjectRow, shanghaiDateTime, statusText } from '../project/project-view.ts';
import { biddingOpen, type Caller, isVerified, loadCaller, visibleProject } from './detail.service.ts';
import {
  countBidder,
  findOwnQuote,
  insertQuote,
  isPublic,
  type QuoteRow,
  updateOwnQuote,
} from './projectcenter.repo.ts';

type PriceTable = z.output<typeof priceTableSchema>;

export type { PriceTableInput };

/** How a stored quote is answered (only ever to its own supplier, or to the project's customer). */
export async function quoteView(db: DbOrTx, q: QuoteRow): Promise<QuoteView> {
  const hasThumb = new Set(await imageIdsAmong(db, q.attachments));
  return {
    quoteId: q.id,
    projectId: q.projectId,
    lines: q.lines as Record<string, QuoteLine[]>,
    subtotals: q.subtotals as Record<string, number>,
    total: q.total,
    days: q.days,
    remark: q.remark,
    attachments: q.attachments.map((id) => fileRef(id, hasThumb.has(id))),
    status: q.status,
    state: quoteStateOf(q.status),
    coinsPaid: q.coinsPaid,
    created: shanghaiDateTime(q.createdAt),
    updated: shanghaiDateTime(q.updatedAt),
  };
}

/** Suppliers quote; a customer account never does (FORBIDDEN), an unverified supplier is told why. */
function assertMayQuote(caller: Caller): void {
  if (caller.cardtype !== 'workshop') {
    throw new AppError('FORBIDDEN', { message: '只有供应商账号可以报价' });
  }
  if (!isVerified(caller)) throw new AppError('NOT_VERIFIED');
}

/** Bidding runs on this project (checked on the locked row). */
function assertBiddingOpen(p: ProjectRow): void {
  if (!isPublic(p)) throw new AppError('NOT_FOUND');
  if (p.status !== PROJECT_STATUS.BIDDING) {
    throw new AppError('INVALID_STATE', {
      message: `项目当前状态为「${statusText(p.status)}」，不能报价`,
      data: { status: p.status },
    });
  }
  if (!biddingOpen(p)) throw new AppError('BIDDING_CLOSED');
}

/**
 * Checks the lines against the project's requirement lists and prices them. Lines at index <
 * the category's requirement count must be those items in order (same name and quantity); spec
 * and unit are taken from the project. Lines after them are the supplier's own additions.
 */
export function priceLines(p: ProjectRow, lines: PriceTable['lines']) {
  const out: Partial<Record<RequirementCategory, QuoteLine[]>> = {};
  const subtotals: Partial<Record<RequirementCategory, number>> = {};
  let total = 0;
  let count = 0;
  for (const [key, label] of REQUIREMENT_CATEGORIES) {
    const required = p[key];
    const given = lines[key] ?? [];
    if (given.length < required.length) {
      throw fieldError(
        'VALIDATION_FAILED',
        `lines.${key}`,
        `${label}：需求清单的 ${required.length} 项都要报价`,
      );
    }
    if (given.length === 0) continue;
    out[key] = given.map((line, i) => {
      const req = required[i];
      if (req && (line.name !== req.name || line.qty !== req.qty)) {
        throw fieldError(
          'VALIDATION_FAILED',
          `lines.${key}.${i}`,
          `${label}第 ${i + 1} 项与需求清单（${req.name} × ${req.qty}）不一致`,
        );
      }
      const amount = line.qty * line.price;
      return {
        name: line.name,
        spec: req ? req.spec : line.spec,
        unit: req ? req.unit : line.unit,
        qty: line.qty,
        remark: line.remark,
        price: line.price,
        amount,
      };
    });
    subtotals[key] = out[key].reduce((s, l) => s + l.amount, 0);
    total += subtotals[key];
    count += given.length;
  }
  if (count === 0) throw fieldError('VALIDATION_FAILED', 'lines', '请至少填写一项报价');
  return { lines: out, subtotals, total };
}

async function checkAttachments(tx: DbOrTx, memberId: number, ids: string[]): Promise<string[]> {
  const unique = [...new Set(ids)];
  for (const [i, id] of unique.entries()) {
    await assertOwnFile(tx, memberId, id, {
      purposes: ['attachment', 'design'],
      field: `attachments.${i}`,
      label: '附件',
    });
  }
  return unique;
}

/** Projectcenter/priceTable: the one quote of this supplier, paid in the same transaction. */
export async function createQuote(db: Db, memberId: number, input: PriceTable): Promise<QuoteView> {
  const caller = await loadCaller(db, memberId);
  assertMayQuote(caller);
  try {
    return await db.transaction(async (tx: Tx) => {
      // The project row lock orders this quote with award, cancel and expiry (which lock it too)
      // and with a second quote of the same supplier, which then finds this one.
      const p = await lockProject(tx, input.id);
      if (!p) throw new AppError('NOT_FOUND');
      assertBiddingOpen(p);
      if (await findOwnQuote(tx, p.id, memberId)) throw new AppError('ALREADY_QUOTED');
      const priced = priceLines(p, input.lines);
      const attachments = await checkAttachments(tx, memberId, input.attachments);
      const q = await insertQuote(tx, {
        projectId: p.id,
        supplierId: memberId,
        ...priced,
        days: input.days,
        remark: input.remark,
        attachments,
        coinsPaid: p.coins,
      });
      if (p.coins > 0) {
        // INSUFFICIENT_COINS here rolls the quote back with it: nothing stored, nothing paid.
        await quoteFee(tx, { quoteId: q.id, supplierId: memberId, coins: p.coins, orders: p.orders });
      }
      await countBidder(tx, p.id);
      return quoteView(tx, q);
    });
  } catch (err) {
    // The unique index is the last word on "one quote per supplier per project".
    if (pgErrorCode(err) === '23505') throw new AppError('ALREADY_QUOTED', { cause: err });
    throw err;
  }
}

/** Projectcenter/editPriceTable: a pending quote of an open project; no further charge. */
export async function updateQuote(db: Db, memberId: number, input: PriceTable): Promise<QuoteView> {
  const caller = await loadCaller(db, memberId);
  assertMayQuote(caller);
  return db.transaction(async (tx: Tx) => {
    const p = await lockProject(tx, input.id);
    if (!p || !isPublic(p)) throw new AppError('NOT_FOUND');
    const mine = await findOwnQuote(tx, p.id, memberId);
    if (!mine) throw new AppError('NOT_FOUND', { message: '您还没有报价' });
    assertBiddingOpen(p);
    if (mine.status !== QUOTE_STATUS.PENDING)
      throw new AppError('INVALID_STATE', { message: '报价已结束，不能修改' });
    const priced = priceLines(p, input.lines);
    const attachments = await checkAttachments(tx, memberId, input.attachments);
    const q = await updateOwnQuote(tx, mine.id, memberId, {
      ...priced,
      days: input.days,
      remark: input.remark,
      attachments,
    });
    return quoteView(tx, q);
  });
}

/** Projectcenter/projectFee: what quoting costs and whether the caller can pay it. */
export async function projectFee(db: DbOrTx, memberId: number, id: number) {
  const p = await visibleProject(db, memberId, id);
  const [balance, mine] = await Promise.all([coinBalance(db, memberId), findOwnQuote(db, p.id, memberId)]);
  return { coins: p.coins, balance, enough: balance >= p.coins, quoted: Boolean(mine) };
}

/** Projectcenter/getPriceTable: the requirement lists to price, and the caller's own quote. */
export async function getPriceTable(db: DbOrTx, memberId: number, id: number) {
  const p = await visibleProject(db, memberId, id);
  const mine = await findOwnQuote(db, p.id, memberId);
  return {
    project: { id: p.id, title: p.title, orders: p.orders, coins: p.coins },
    categories: REQUIREMENT_CATEGORIES.map(([key, label]) => ({ key, label, items: p[key] })),
    quote: mine ? await quoteView(db, mine) : null,
  };
}
