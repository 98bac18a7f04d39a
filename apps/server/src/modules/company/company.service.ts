import {
  type CaseView,
  type caseEditSchema,
  type caseSaveSchema,
  SHOWROOM_RULES,
  type ShowroomProfile,
  type showroomInfoSchema,
} from '@zl/shared';
import type { z } from 'zod';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { AppError, pgErrorCode } from '../../lib/errors.ts';
import type { Deps } from '../../lib/types.ts';
import { assertOwnFile, fileRef } from '../file/file-access.ts';
import type { SessionContext } from '../user/session.service.ts';
import * as repo from './company.repo.ts';

/** The supplier's showroom and cases (docs/showroom.md). */

type InfoValues = z.output<typeof showroomInfoSchema>;
type CaseValues = z.output<typeof caseSaveSchema>;
type CaseEditValues = z.output<typeof caseEditSchema>;

/** Only suppliers (cardtype workshop) have a showroom. */
function assertSupplier(member: Pick<SessionContext, 'cardtype'>): void {
  if (member.cardtype !== 'workshop')
    throw new AppError('FORBIDDEN', { message: '只有供应商账号有展厅，参展商账号不能设置展厅和案例' });
}

const refOrNull = (id: string) => (id ? fileRef(id) : null);

/** The profile as shown; a supplier without a saved showroom shows its company name (or nickname). */
export function profileOf(owner: repo.ShowroomOwner, row: repo.ShowroomRow | undefined): ShowroomProfile {
  return {
    cardno: owner.cardno,
    isSet: Boolean(row),
    name: row?.name ?? (owner.company || owner.nickname),
    logo: refOrNull(row?.logo ?? ''),
    banner: refOrNull(row?.banner ?? ''),
    introduction: row?.introduction ?? '',
    scale: row?.scale ?? '',
    founded: row?.founded ?? null,
    regions: row?.regions ?? [],
    specialities: row?.specialities ?? [],
    contact: row?.contact ?? '',
    updated: row ? row.updatedAt.toISOString() : null,
  };
}

export function caseView(r: repo.ShowroomCaseRow): CaseView {
  return {
    id: r.id,
    title: r.title,
    descr: r.descr,
    faceimg: fileRef(r.faceimg),
    pictures: r.pictures.map((id) => fileRef(id)),
    created: r.createdAt.toISOString(),
    updated: r.updatedAt.toISOString(),
  };
}

async function ownFile(db: DbOrTx, memberId: number, id: string, field: string, label: string) {
  if (!id) return;
  await assertOwnFile(db, memberId, id, {
    purposes: ['showroom', 'case'],
    visibility: 'public',
    field,
    label,
  });
}

// ---------- profile ----------

/** Company/cmpyInfo: the caller's own showroom (the settings page). */
export async function cmpyInfo(deps: Deps, member: SessionContext): Promise<ShowroomProfile> {
  assertSupplier(member);
  const owner = await repo.ownerById(deps.db, member.memberId);
  if (!owner) throw new AppError('NOT_FOUND');
  return profileOf(owner, await repo.findShowroom(deps.db, member.memberId));
}

/** Company/saveInfo: creates or replaces the caller's showroom profile. */
export async function saveInfo(deps: Deps, member: SessionContext, v: InfoValues): Promise<ShowroomProfile> {
  assertSupplier(member);
  return deps.db.transaction(async (tx) => {
    await ownFile(tx, member.memberId, v.logo, 'logo', '展厅标志');
    await ownFile(tx, member.memberId, v.banner, 'banner', '横幅图片');
    const row = await repo.upsertShowroom(tx, member.memberId, {
      name: v.name,
      logo: v.logo,
      banner: v.banner,
      introduction: v.introduction,
      scale: v.scale,
      founded: v.founded,
      regions: v.regions,
      specialities: v.specialities,
      contact: v.contact,
    });
    const owner = await repo.ownerById(tx, member.memberId);
    if (!owner) throw new AppError('NOT_FOUND');
    return profileOf(owner, row);
  });
}

// ---------- cases ----------

async function checkCaseFiles(tx: Tx, memberId: number, v: CaseValues) {
  await ownFile(tx, memberId, v.faceimg, 'faceimg', '封面图片');
  for (const id of v.pictures) await ownFile(tx, memberId, id, 'pictures', '案例图片');
}

const duplicateTitle = () =>
  new AppError('INVALID_STATE', {
    message: '已有同名案例，请换一个标题',
    fields: { title: '已有同名案例，请换一个标题' },
  });

/** Runs a case write; the unique (member, title) index answers a duplicate title. */
async function caseWrite<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (pgErrorCode(err) === '23505') throw duplicateTitle();
    throw err;
  }
}

const caseValues = (v: CaseValues): repo.CaseValues => ({
  title: v.title,
  descr: v.descr,
  faceimg: v.faceimg,
  pictures: v.pictures,
});

/**
 * Company/saveCase. The member row is locked first, so of concurrent saves each counts the cases
 * the earlier ones added: the limit holds, and the same title is stored once.
 */
export async function saveCase(deps: Deps, member: SessionContext, v: CaseValues): Promise<CaseView> {
  assertSupplier(member);
  return caseWrite(() =>
    deps.db.transaction(async (tx) => {
      await repo.lockOwner(tx, member.memberId);
      if ((await repo.countCases(tx, member.memberId)) >= SHOWROOM_RULES.casesMax)
        throw new AppError('INVALID_STATE', {
          message: `案例最多 ${SHOWROOM_RULES.casesMax} 个，请先删除不再展示的案例`,
        });
      await checkCaseFiles(tx, member.memberId, v);
      return caseView(await repo.insertCase(tx, member.memberId, caseValues(v)));
    }),
  );
}

/** Company/editCase: one of the caller's own cases; another member's id is NOT_FOUND. */
export async function editCase(deps: Deps, member: SessionContext, v: CaseEditValues): Promise<CaseView> {
  assertSupplier(member);
  return caseWrite(() =>
    deps.db.transaction(async (tx) => {
      await checkCaseFiles(tx, member.memberId, v);
      const row = await repo.updateOwnCase(tx, member.memberId, v.id, caseValues(v));
      if (!row) throw new AppError('NOT_FOUND', { message: '案例不存在或已删除' });
      return caseView(row);
    }),
  );
}

/** Company/deleteCase: one of the caller's own cases (the files stay: they may be used elsewhere). */
export async function deleteCase(deps: Deps, member: SessionContext, id: number) {
  assertSupplier(member);
  if (!(await repo.deleteOwnCase(deps.db, member.memberId, id)))
    throw new AppError('NOT_FOUND', { message: '案例不存在或已删除' });
  return { id };
}

/** Company/listCase: the caller's cases, newest first (`listItem` is the seed's caseList). */
export async function listCase(
  deps: Deps,
  member: SessionContext,
  input: { page: number; pageSize: number },
) {
  assertSupplier(member);
  const rows = await repo.listCases(deps.db, member.memberId, {
    limit: input.pageSize,
    offset: (input.page - 1) * input.pageSize,
  });
  const total = await repo.countCases(deps.db, member.memberId);
  return { listItem: rows.map(caseView), total, page: input.page };
}
