import {
  AUTH_STATUS,
  type AuthInfo,
  type businesAuthSchema,
  type PersonAuthInfo,
  type personAuthSchema,
  shanghaiDateTime,
} from '@zl/shared';
import type { z } from 'zod';
import { AppError, fieldError } from '../../lib/errors.ts';
import type { Deps } from '../../lib/types.ts';
import { insertAudit } from '../audit/audit.repo.ts';
import { assertOwnFile, fileRef } from '../file/file-access.ts';
import { findMemberById } from '../user/user.repo.ts';
import * as repo from './verification.repo.ts';

type Parsed<S extends z.ZodType> = z.output<S>;

/**
 * docs/product.md § Verification status: one submission may wait for review at a time; an approved one is final; a
 * rejected one is corrected and submitted again (a new row, so the history stays).
 */
function assertCanSubmit(flag: number, latest: { checked: number } | undefined): void {
  if (flag === AUTH_STATUS.APPROVED || latest?.checked === AUTH_STATUS.APPROVED)
    throw new AppError('AUTH_ALREADY_APPROVED');
  if (flag === AUTH_STATUS.PENDING || latest?.checked === AUTH_STATUS.PENDING)
    throw new AppError('AUTH_PENDING');
}

const ID_IMAGE = { purposes: ['idcard'], visibility: 'private' } as const;

export async function personAuth(deps: Deps, memberId: number, input: Parsed<typeof personAuthSchema>) {
  // Cheap checks first, outside the transaction.
  const m = await findMemberById(deps.db, memberId);
  if (!m) throw new AppError('NOT_LOGGED_IN');
  assertCanSubmit(m.personauth, await repo.latestPersonAuth(deps.db, memberId));
  await assertOwnFile(deps.db, memberId, input.cardfrt, {
    ...ID_IMAGE,
    field: 'cardfrt',
    label: '身份证人像面',
  });
  await assertOwnFile(deps.db, memberId, input.cardrvs, {
    ...ID_IMAGE,
    field: 'cardrvs',
    label: '身份证国徽面',
  });
  await deps.db.transaction(async (tx) => {
    const locked = await repo.lockMember(tx, memberId);
    assertCanSubmit(locked.personauth, await repo.latestPersonAuth(tx, memberId));
    if (await repo.idcardApprovedElsewhere(tx, memberId, input.idcard))
      throw fieldError('VALIDATION_FAILED', 'idcard', '该身份证已被其他账号认证');
    const id = await repo.insertPersonAuth(tx, { memberId, ...input, checked: AUTH_STATUS.PENDING });
    await insertAudit(tx, {
      actorType: 'member',
      actorId: memberId,
      action: 'person_auth.submit',
      targetType: 'person_auth',
      targetId: String(id),
      detail: {},
    });
  });
}

export async function personAuthInfo(deps: Deps, memberId: number): Promise<PersonAuthInfo | null> {
  const [row, m] = await Promise.all([
    repo.latestPersonAuth(deps.db, memberId),
    findMemberById(deps.db, memberId),
  ]);
  if (!row || !m) return null;
  return {
    realname: row.realname,
    // The owner sees their own number in full; everyone else only ever gets it masked.
    idcard: row.idcard,
    cardfrt: fileRef(row.cardfrt),
    cardrvs: fileRef(row.cardrvs),
    checked: row.checked,
    personauth: m.personauth,
    reason: row.checked === AUTH_STATUS.REJECTED ? row.reason : '',
    ...shanghaiDateTime(row.createdAt),
  };
}

export async function businesAuth(deps: Deps, memberId: number, input: Parsed<typeof businesAuthSchema>) {
  const m = await findMemberById(deps.db, memberId);
  if (!m) throw new AppError('NOT_LOGGED_IN');
  assertCanSubmit(m.businsauth, await repo.latestBusinessAuth(deps.db, memberId));
  await assertOwnFile(deps.db, memberId, input.cardfrt, {
    ...ID_IMAGE,
    field: 'cardfrt',
    label: '法人身份证人像面',
  });
  await assertOwnFile(deps.db, memberId, input.cardrvs, {
    ...ID_IMAGE,
    field: 'cardrvs',
    label: '法人身份证国徽面',
  });
  await assertOwnFile(deps.db, memberId, input.bcerts, {
    purposes: ['license'],
    visibility: 'private',
    field: 'bcerts',
    label: '营业执照',
  });
  await deps.db.transaction(async (tx) => {
    const locked = await repo.lockMember(tx, memberId);
    assertCanSubmit(locked.businsauth, await repo.latestBusinessAuth(tx, memberId));
    if (await repo.creditCodeApprovedElsewhere(tx, memberId, input.taxorder))
      throw fieldError('VALIDATION_FAILED', 'taxorder', '该统一社会信用代码已被其他账号认证');
    const id = await repo.insertBusinessAuth(tx, {
      memberId,
      ...input,
      tlphone: input.tlphone ?? '',
      bdate: input.bdate ?? '',
      bstrt: input.bstrt ?? '',
      receipt: input.receipt ?? '',
      fultitle: input.fultitle ?? '',
      mprov: input.mprov ?? '',
      mcity: input.mcity ?? '',
      mstrt: input.mstrt ?? '',
      maddr: input.maddr ?? '',
      checked: AUTH_STATUS.PENDING,
    });
    await insertAudit(tx, {
      actorType: 'member',
      actorId: memberId,
      action: 'business_auth.submit',
      targetType: 'business_auth',
      targetId: String(id),
      detail: {},
    });
  });
}

export async function businesAuthInfo(deps: Deps, memberId: number): Promise<AuthInfo | null> {
  const [row, m] = await Promise.all([
    repo.latestBusinessAuth(deps.db, memberId),
    findMemberById(deps.db, memberId),
  ]);
  if (!row || !m) return null;
  return {
    cardno: m.cardno,
    name: row.name,
    mobile: row.mobile,
    tlphone: row.tlphone,
    cardfrt: fileRef(row.cardfrt),
    cardrvs: fileRef(row.cardrvs),
    bstype: row.bstype,
    btitle: row.btitle,
    bcerts: fileRef(row.bcerts),
    bdate: row.bdate,
    bprov: row.bprov,
    bcity: row.bcity,
    bstrt: row.bstrt,
    receipt: row.receipt,
    fultitle: row.fultitle,
    taxorder: row.taxorder,
    bkname: row.bkname,
    bkorder: row.bkorder,
    mprov: row.mprov,
    mcity: row.mcity,
    mstrt: row.mstrt,
    maddr: row.maddr,
    ...shanghaiDateTime(row.createdAt),
    checked: row.checked,
    businsauth: m.businsauth,
    reason: row.checked === AUTH_STATUS.REJECTED ? row.reason : '',
  };
}
