import { buffer } from 'node:stream/consumers';
import {
  FILING_ANSWERS,
  type FilingAnswer,
  type FilingStatus,
  type FilingView,
  type filingSaveSchema,
  filingStatusLabels,
  type filingStatusSchema,
  maskIdcard,
  PROJECT_STATUS,
} from '@zl/shared';
import type { z } from 'zod';
import type { Db, DbOrTx, Tx } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { loadSharp } from '../../lib/sharp.ts';
import { findParty, findWinnerQuote } from '../contract/contract.repo.ts';
import { fileMimes, findFileById } from '../file/file.repo.ts';
import { assertOwnFile, fileRef } from '../file/file-access.ts';
import type { FileStorage } from '../file/storage.ts';
import { insertEvent as insertOutboxEvent } from '../outbox/outbox.repo.ts';
import { findProject, lockProject } from '../project/project.repo.ts';
import type { ProjectRow } from '../project/project-view.ts';
import { findWinnerId } from '../stage/stage.repo.ts';
import * as repo from './filing.repo.ts';
import { type FilingDraft, filingFileName, renderFilingPdf } from './filing-pdf.ts';

/** The venue filing (报馆): docs/filing.md. */

/** while the booth is to be built: the pack is filled and answers recorded (已中标 … 施工中) */
const UNDER_WAY = [PROJECT_STATUS.AWARDED, PROJECT_STATUS.SIGNING, PROJECT_STATUS.BUILDING] as number[];
/** the states each answer may follow */
const ANSWER_FROM: Record<FilingAnswer, readonly FilingStatus[]> = {
  submitted: ['draft', 'changes'],
  approved: ['submitted'],
  changes: ['submitted'],
};

export type FilingPayload = { projectId: number; status: FilingAnswer };

/** The project if `memberId` is its customer or its winner; NOT_FOUND for anyone else (and before the award). */
async function partyProject(
  db: DbOrTx,
  memberId: number,
  id: number,
): Promise<{ p: ProjectRow; role: 'customer' | 'supplier'; winnerId: number }> {
  const p = await findProject(db, id);
  if (!p || p.status < PROJECT_STATUS.AWARDED || p.status === PROJECT_STATUS.CLOSED)
    throw new AppError('NOT_FOUND');
  const winnerId = await findWinnerId(db, p.id);
  if (winnerId === undefined) throw new AppError('NOT_FOUND');
  if (p.customerId === memberId) return { p, role: 'customer', winnerId };
  if (winnerId === memberId) return { p, role: 'supplier', winnerId };
  throw new AppError('NOT_FOUND');
}

/** Past the deadline and not approved, while the project is under way (the pages and the console). */
export function isLate(deadline: Date | null, status: FilingStatus, underWay: boolean, now: Date): boolean {
  return deadline !== null && now > deadline && status !== 'approved' && underWay;
}

function view(
  p: ProjectRow,
  role: 'customer' | 'supplier',
  f: repo.FilingRow | undefined,
  now: Date,
  mimes: Map<string, string>,
): FilingView {
  // pictures have a thumbnail; a PDF does not
  const ref = (id: string) => fileRef(id, mimes.get(id)?.startsWith('image/') ?? false);
  const status = (f?.status ?? 'none') as FilingStatus;
  const supplier = role === 'supplier';
  const underWay = UNDER_WAY.includes(p.status);
  return {
    id: p.id,
    role,
    status,
    statusText: filingStatusLabels[status],
    deadline: p.filingDeadline ? p.filingDeadline.toISOString() : null,
    late: isLate(p.filingDeadline, status, underWay, now),
    power: f ? { kw: Number(f.powerKw), box: f.powerBox } : null,
    // the customer never receives an ID number: masked here, on the server
    crew: (f?.crew ?? []).map((c) => ({ ...c, idcard: supplier ? c.idcard : maskIdcard(c.idcard) })),
    materials: (f?.materials ?? []) as FilingView['materials'],
    insurance: f ? ref(f.insurance) : null,
    history: (f?.history ?? []).map((h) => ({
      status: h.status,
      at: h.at,
      note: h.note,
      file: h.file ? ref(h.file) : null,
    })),
    savedAt: f ? f.savedAt.toISOString() : null,
    canEdit: supplier && underWay && (status === 'none' || status === 'draft' || status === 'changes'),
    canRecord: supplier && underWay ? FILING_ANSWERS.filter((a) => ANSWER_FROM[a].includes(status)) : [],
  };
}

/** Projectcenter/filingInfo */
export async function filingInfo(
  db: DbOrTx,
  memberId: number,
  id: number,
  now = new Date(),
): Promise<FilingView> {
  const { p, role } = await partyProject(db, memberId, id);
  const f = await repo.findFiling(db, p.id);
  const mimes = f ? await fileMimes(db, [f.insurance, ...f.history.map((h) => h.file)]) : new Map();
  return view(p, role, f, now, mimes);
}

/** The project, locked, when `memberId` is its winner (else NOT_FOUND) and it is still under way (else `late`). */
async function lockAsWinner(tx: Tx, memberId: number, id: number, late: string): Promise<ProjectRow> {
  if (!(await lockProject(tx, id))) throw new AppError('NOT_FOUND');
  const { p, role } = await partyProject(tx, memberId, id);
  if (role !== 'supplier') throw new AppError('NOT_FOUND');
  if (!UNDER_WAY.includes(p.status)) throw new AppError('INVALID_STATE', { message: late });
  return p;
}

/** Projectcenter/filingSave: the winner fills or corrects the pack (none, draft, changes → draft). */
export async function filingSave(
  db: Db,
  memberId: number,
  b: z.output<typeof filingSaveSchema>,
): Promise<FilingView> {
  await db.transaction(async (tx: Tx) => {
    const p = await lockAsWinner(tx, memberId, b.id, '项目已进入验收，报馆资料不能再修改');
    await assertOwnFile(tx, memberId, b.insurance, {
      purposes: ['attachment'],
      field: 'insurance',
      label: '施工保险单',
    });
    const row = await repo.savePack(tx, p.id, memberId, {
      powerKw: b.power.kw,
      powerBox: b.power.box,
      crew: b.crew,
      materials: b.materials,
      insurance: b.insurance,
    });
    if (!row) {
      const f = await repo.findFiling(tx, p.id);
      throw new AppError('INVALID_STATE', {
        message:
          f?.status === 'approved'
            ? '场馆已审核通过，报馆资料不能再修改'
            : '报馆资料已提交场馆，待场馆回复要求修改后才能修改',
      });
    }
  });
  return filingInfo(db, memberId, b.id);
}

/** Projectcenter/filingStatus: the winner records the venue's answer. */
export async function filingStatus(
  db: Db,
  memberId: number,
  b: z.output<typeof filingStatusSchema>,
): Promise<FilingView> {
  await db.transaction(async (tx: Tx) => {
    const p = await lockAsWinner(tx, memberId, b.id, '项目已进入验收，不能再记录报馆结果');
    if (b.file)
      await assertOwnFile(tx, memberId, b.file, {
        purposes: ['attachment'],
        field: 'file',
        label: '场馆回执',
      });
    const row = await repo.recordAnswer(tx, p.id, ANSWER_FROM[b.status], {
      status: b.status,
      at: new Date().toISOString(),
      note: b.note ?? '',
      file: b.file ?? '',
    });
    if (!row) {
      const f = await repo.findFiling(tx, p.id);
      const now = (f?.status ?? 'none') as FilingStatus;
      throw new AppError('INVALID_STATE', {
        message:
          now === 'none'
            ? '请先填写并保存报馆资料'
            : b.status === 'submitted'
              ? `报馆资料${filingStatusLabels[now]}，不能再次提交`
              : '请先记录“已提交场馆”，再记录场馆的审核结果',
      });
    }
    const payload: FilingPayload = { projectId: p.id, status: b.status };
    await insertOutboxEvent(tx, {
      type: `filing.${b.status}`,
      aggregateType: 'project',
      aggregateId: p.id,
      payload,
    });
  });
  return filingInfo(db, memberId, b.id);
}

/** The winning quote's pictures as JPEG for the PDF (at most 6), and how many PDFs it also has. */
async function renders(db: DbOrTx, storage: FileStorage, ids: string[]) {
  const mimes = await fileMimes(db, ids);
  const images = ids.filter((i) => mimes.get(i)?.startsWith('image/')).slice(0, 6);
  const out: Buffer[] = [];
  for (const id of images) {
    const row = await findFileById(db, id);
    const stream = row ? await storage.get(row.storageKey) : null;
    if (!stream) continue;
    const sharp = await loadSharp();
    out.push(
      await sharp(await buffer(stream))
        .resize({ width: 1400, height: 1000, fit: 'inside', withoutEnlargement: true })
        .jpeg({ quality: 80 })
        .toBuffer(),
    );
  }
  return { renders: out, otherAttachments: ids.filter((i) => mimes.get(i) === 'application/pdf').length };
}

/** Projectcenter/filingPdf: the winner's copy (whole ID numbers) or the customer's (masked). */
export async function filingPdf(db: Db, storage: FileStorage, memberId: number, id: number) {
  const { p, role, winnerId } = await partyProject(db, memberId, id);
  const f = await repo.findFiling(db, p.id);
  if (!f) throw new AppError('INVALID_STATE', { message: '供应商尚未填写报馆资料' });
  const [customer, supplier, quote] = await Promise.all([
    findParty(db, p.customerId),
    findParty(db, winnerId),
    p.winnerQuoteId === null ? undefined : findWinnerQuote(db, p.winnerQuoteId),
  ]);
  const pics = await renders(db, storage, quote?.attachments ?? []);
  const draft: FilingDraft = {
    orders: p.orders,
    title: p.title,
    place: [p.prov, p.city, p.strt, p.addr].filter(Boolean).join(' '),
    hall: p.hall,
    booth: p.booth,
    size: `${Number(p.length)} × ${Number(p.width)} × ${Number(p.height)} 米`,
    areas: Number(p.areas),
    sdate: p.sdate,
    edate: p.edate,
    buildStart: p.buildStart,
    buildEnd: p.buildEnd,
    teardownStart: p.teardownStart,
    teardownEnd: p.teardownEnd,
    filingDeadline: p.filingDeadline,
    deposit: Number(p.deposit),
    customer: customer?.name ?? '',
    supplier: supplier?.name ?? '',
    supplierMobile: supplier?.mobile ?? '',
    powerKw: Number(f.powerKw),
    powerBox: f.powerBox,
    crew: f.crew.map((c) => ({ ...c, idcard: role === 'supplier' ? c.idcard : maskIdcard(c.idcard) })),
    materials: f.materials,
    ...pics,
    insurance: Boolean(f.insurance),
    statusText: filingStatusLabels[f.status as FilingStatus],
    copy: role,
    generatedAt: new Date(),
  };
  return { pdf: await renderFilingPdf(draft), name: filingFileName(p.orders) };
}
