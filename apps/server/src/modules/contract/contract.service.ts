import {
  CONTRACT_CHECK,
  type ContractState,
  type contractReviewSchema,
  type contractUploadSchema,
  PROJECT_STATUS,
  type QuoteLine,
  type StageKind,
  stageKindLabels,
} from '@zl/shared';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { assertOwnFile } from '../file/file-access.ts';
import { applyTransition, lockProject, type ProjectRow } from '../project/project-transition.ts';
import { shanghaiDateTime, statusText } from '../project/project-view.ts';
import { stagesOf } from '../stage/stage.service.ts';
import type { SessionContext } from '../user/session.service.ts';
import * as repo from './contract.repo.ts';

/** When the platform pays each stage to 乙方, in the contract's words (docs/staged-escrow.md). */
const STAGE_RELEASE_TEXT: Record<StageKind, string> = {
  prepay: '甲方确认进场后结算给乙方',
  progress: '甲方确认进场后结算给乙方',
  final: '验收通过后结算给乙方',
  retention: '作为质保金，撤展后质保期满且无未处理投诉时结算给乙方',
  change: '验收通过后结算给乙方',
};

import { type ContractParty, contractFileName, renderContractPdf } from './contract-pdf.ts';

/** docs/delivery-contract.md: contract calls. */

export function contractState(p: ProjectRow): ContractState {
  return {
    id: p.id,
    status: p.status,
    statusText: statusText(p.status),
    contctck: p.contctck,
    contctckdt: shanghaiDateTime(p.contctckdt),
    contract: p.contract,
    reason: p.contctck === CONTRACT_CHECK.REJECTED ? p.reason : '',
    ispaid: p.ispaid,
    prepay: Number(p.prepay),
  };
}

/** The winner of an awarded project, or undefined. */
async function winnerOf(db: DbOrTx, p: ProjectRow) {
  if (p.winnerQuoteId === null || p.status < PROJECT_STATUS.AWARDED) return undefined;
  return repo.findWinnerQuote(db, p.winnerQuoteId);
}

function partyOf(m: Awaited<ReturnType<typeof repo.findParty>>): ContractParty {
  return { name: m?.name ?? '', mobile: m?.mobile ?? '' };
}

/** `Projectcenter/contractPdf`: for the winner and the project's customer; anyone else NOT_FOUND. */
export async function contractPdf(db: Db, memberId: number, id: number) {
  const p = await repo.findProjectRow(db, id);
  if (!p) throw new AppError('NOT_FOUND');
  const quote = await winnerOf(db, p);
  if (!quote || (p.customerId !== memberId && quote.supplierId !== memberId)) throw new AppError('NOT_FOUND');
  const [customer, supplier] = await Promise.all([
    repo.findParty(db, p.customerId),
    repo.findParty(db, quote.supplierId),
  ]);
  // the stages under the project's lock (an awarded project from before the plan gets its own here)
  const { stages, contractAmount } = await db.transaction(async (tx) => {
    const row = await lockProject(tx, p.id);
    const list = await stagesOf(tx, row!);
    const fresh = list.length > 0 ? await lockProject(tx, p.id) : row;
    return { stages: list, contractAmount: fresh?.contractAmount ?? Number(quote.total) };
  });
  const pdf = await renderContractPdf({
    orders: p.orders,
    title: p.title,
    prov: p.prov,
    city: p.city,
    strt: p.strt,
    addr: p.addr,
    sdate: p.sdate,
    edate: p.edate,
    buildStart: p.buildStart,
    buildEnd: p.buildEnd,
    teardownStart: p.teardownStart,
    teardownEnd: p.teardownEnd,
    filingDeadline: p.filingDeadline,
    hall: p.hall,
    booth: p.booth,
    deposit: Number(p.deposit),
    areas: Number(p.areas),
    customer: partyOf(customer),
    supplier: partyOf(supplier),
    lines: quote.lines as Partial<Record<string, QuoteLine[]>>,
    total: Number(quote.total),
    contractAmount: Number(contractAmount),
    // a stage a 减项 took all of is no longer part of the plan (docs/change-orders.md)
    stages: stages
      .filter((s) => s.amount > 0)
      .map((s) => ({
        label: stageKindLabels[s.kind],
        percent: s.percent,
        amount: Number(s.amount),
        due:
          s.kind === 'prepay'
            ? '合同审核通过后、进场前'
            : s.kind === 'change'
              ? '增项确认后即'
              : `${shanghaiDateTime(s.dueAt).slice(0, 10)} 前`,
        release: STAGE_RELEASE_TEXT[s.kind],
      })),
    days: quote.days,
    awardedAt: shanghaiDateTime(p.awardedAt).slice(0, 10),
  });
  return { pdf, name: contractFileName(p.orders) };
}

/**
 * `Projectcenter/fUpdateContract`: the winner uploads the signed contract. 2 → 3, or 3 → 3 after
 * a rejection; while a contract waits for review or once it is approved, refused. The checks run
 * under the project's row lock, so of concurrent uploads exactly one takes effect.
 */
export async function uploadContract(
  db: Db,
  member: SessionContext,
  input: z.output<typeof contractUploadSchema>,
): Promise<ContractState> {
  const files = [...new Set(input.files)];
  return db.transaction(async (tx) => {
    const p = await lockProject(tx, input.id);
    const quote = p ? await winnerOf(tx, p) : undefined;
    if (!p || !quote || quote.supplierId !== member.memberId) throw new AppError('NOT_FOUND');
    if (p.status === PROJECT_STATUS.SIGNING && p.contctck === CONTRACT_CHECK.PENDING)
      throw new AppError('INVALID_STATE', {
        message: '合同已上传，正在等待参展商审核',
        data: { status: p.status },
      });
    if (p.status === PROJECT_STATUS.SIGNING && p.contctck === CONTRACT_CHECK.APPROVED)
      throw new AppError('INVALID_STATE', {
        message: '合同已审核通过，无需再次上传',
        data: { status: p.status },
      });
    for (const f of files) {
      await assertOwnFile(tx, member.memberId, f, {
        purposes: ['contract'],
        field: 'files',
        label: '合同文件',
      });
    }
    const res = await applyTransition(
      tx,
      {
        projectId: p.id,
        event: 'uploadContract',
        actor: { type: 'supplier', id: member.memberId },
        detail: { files: files.length },
      },
      () => ({ contract: files, contctck: CONTRACT_CHECK.PENDING, contctckdt: new Date(), reason: '' }),
    );
    return contractState(res.project);
  });
}

/**
 * `Customer/contractReview`: the customer approves (contctck 2) or rejects with a reason
 * (contctck 3, kept in projects.reason until the next upload). Approved with nothing to pay or the
 * prepayment already in escrow, the project starts building (3 → 4) in the same transaction;
 * otherwise the prepayment's arrival does it (payment.service.ts settlePrepay).
 */
export async function reviewContract(
  db: Db,
  member: SessionContext,
  input: z.output<typeof contractReviewSchema>,
): Promise<ContractState> {
  const reason = input.approve ? '' : (input.reason ?? '').trim();
  return db.transaction(async (tx) => {
    const res = await applyTransition(
      tx,
      {
        projectId: input.id,
        customerId: member.memberId,
        event: 'reviewContract',
        actor: { type: 'customer', id: member.memberId },
        detail: input.approve ? { approve: true } : { approve: false, reason },
      },
      (p) => {
        if (p.contctck !== CONTRACT_CHECK.PENDING)
          throw new AppError('INVALID_STATE', {
            message: p.contctck === CONTRACT_CHECK.APPROVED ? '合同已审核通过' : '没有待审核的合同',
            data: { status: p.status },
          });
        return {
          contctck: input.approve ? CONTRACT_CHECK.APPROVED : CONTRACT_CHECK.REJECTED,
          contctckdt: new Date(),
          reason,
        };
      },
    );
    let project = res.project;
    if (input.approve && (Number(project.prepay) === 0 || project.ispaid)) {
      const started = await applyTransition(tx, {
        projectId: project.id,
        event: 'startBuilding',
        actor: { type: 'customer', id: member.memberId },
        detail: { prepay: Number(project.prepay) },
      });
      project = started.project;
    }
    return contractState(project);
  });
}
