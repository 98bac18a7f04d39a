import {
  type AdminFileRef,
  AUTH_STATUS,
  type AuthDetail,
  type AuthKind,
  type AuthQueueItem,
  type authQueueSchema,
  type authReviewSchema,
} from '@zl/shared';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import type { AdminContext } from '../../plugins/admin-session.ts';
import { insertAudit } from '../audit/audit.repo.ts';
import { fileMimes } from '../file/file.repo.ts';
import { grantStarterCoins, inviteCoins, lockForVerificationCoins } from '../ledger/movements.ts';
import { inviterOf } from '../member/invite.repo.ts';
import { findCardtype } from '../member/member.repo.ts';
import { insertEvent } from '../outbox/outbox.repo.ts';
import * as repo from './review.repo.ts';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export async function authQueue(db: Db, q: z.output<typeof authQueueSchema>) {
  const { rows, total } = await repo.queue(db, q);
  const listItem: AuthQueueItem[] = rows.map((r) => ({
    id: r.id,
    kind: q.kind,
    cardno: r.cardno,
    mobile: r.mobile,
    nickname: r.nickname,
    ...(q.kind === 'person' ? { realname: r.title } : { btitle: r.title }),
    idno: r.idno,
    submitted: r.createdAt.toISOString(),
    checked: r.checked,
    reason: r.reason,
    reviewedAt: iso(r.reviewedAt),
    reviewer: r.reviewer,
  }));
  return { listItem, total, page: q.page };
}

/** Private files are served by /files/:id to any logged-in operator (the upload module's rule). */
function fileRef(id: string, mimes: Map<string, string>): AdminFileRef {
  const mime = mimes.get(id) ?? null;
  return {
    id,
    url: `/files/${encodeURIComponent(id)}`,
    thumbUrl: mime === null || mime.startsWith('image/') ? `/files/${encodeURIComponent(id)}/thumb` : null,
    mime,
  };
}

const PERSON_FIELDS = ['realname', 'idcard'] as const;
const BUSINESS_FIELDS = [
  'name',
  'mobile',
  'tlphone',
  'bstype',
  'btitle',
  'bdate',
  'bprov',
  'bcity',
  'bstrt',
  'receipt',
  'fultitle',
  'taxorder',
  'bkname',
  'bkorder',
  'mprov',
  'mcity',
  'mstrt',
  'maddr',
] as const;

export async function authDetail(db: Db, kind: AuthKind, id: number): Promise<AuthDetail> {
  const rec = kind === 'person' ? await repo.findPerson(db, id) : await repo.findBusiness(db, id);
  if (!rec) throw new AppError('NOT_FOUND');
  const keys: readonly string[] = kind === 'person' ? PERSON_FIELDS : BUSINESS_FIELDS;
  const fields = Object.fromEntries(keys.map((k) => [k, String((rec as Record<string, unknown>)[k] ?? '')]));
  const bcerts = 'bcerts' in rec ? rec.bcerts : undefined;
  const [member, history, reviewer, mimes] = await Promise.all([
    repo.memberSummary(db, rec.memberId),
    repo.history(db, kind, rec.memberId, rec.id),
    repo.adminName(db, rec.reviewerId),
    fileMimes(db, [rec.cardfrt, rec.cardrvs, ...(bcerts ? [bcerts] : [])]),
  ]);
  if (!member) throw new AppError('NOT_FOUND');
  return {
    kind,
    id: rec.id,
    checked: rec.checked,
    reason: rec.reason,
    submitted: rec.createdAt.toISOString(),
    reviewedAt: iso(rec.reviewedAt),
    reviewer,
    fields,
    files: {
      cardfrt: fileRef(rec.cardfrt, mimes),
      cardrvs: fileRef(rec.cardrvs, mimes),
      ...(bcerts ? { bcerts: fileRef(bcerts, mimes) } : {}),
    },
    member: {
      cardno: member.cardno,
      mobile: member.mobile,
      cardtype: member.cardtype,
      nickname: member.nickname,
      registered: member.createdAt.toISOString(),
      personauth: member.personauth,
      businsauth: member.businsauth,
      realname: member.realname,
      company: member.company,
    },
    history: history.map((h) => ({
      id: h.id,
      submitted: h.createdAt.toISOString(),
      checked: h.checked,
      reason: h.reason,
      reviewedAt: iso(h.reviewedAt),
      reviewer: h.reviewer,
    })),
  };
}

/**
 * Approve or reject one pending submission. One transaction, the row locked first: only a pending
 * row (checked 0) is decided, so of two reviewers deciding at once exactly one wins; the member's
 * status and the audit row change with it or not at all.
 */
export async function authReview(
  db: Db,
  actor: AdminContext,
  input: z.output<typeof authReviewSchema>,
  opts: { starterCoins?: number; inviteCoins?: number } = {},
) {
  const checked = input.approve ? AUTH_STATUS.APPROVED : AUTH_STATUS.REJECTED;
  const reason = input.approve ? '' : (input.reason ?? '').trim();
  await db.transaction(async (tx) => {
    const row = await repo.lockForReview(tx, input.kind, input.id);
    if (!row) throw new AppError('NOT_FOUND');
    if (row.checked !== AUTH_STATUS.PENDING)
      throw new AppError('INVALID_STATE', { message: '该申请已审核过，请刷新列表' });
    await repo.decide(tx, input.kind, input.id, { checked, reason, reviewerId: actor.adminId });
    if (input.kind === 'person') {
      const rec = await repo.findPerson(tx, input.id);
      await repo.setMemberAuth(
        tx,
        row.memberId,
        input.approve
          ? { personauth: AUTH_STATUS.APPROVED, realname: rec!.realname, idcard: rec!.idcard }
          : { personauth: AUTH_STATUS.REJECTED },
      );
    } else {
      await repo.setMemberAuth(tx, row.memberId, { businsauth: checked });
    }
    if (input.approve) {
      // the inviter's reward, once per invitee (key invite:<inviteeId>): a second approval adds nothing
      const inviterId = await inviterOf(tx, row.memberId);
      // both grants' accounts at once (docs/payments.md "Lock order")
      await lockForVerificationCoins(
        tx,
        inviterId === undefined ? [row.memberId] : [row.memberId, inviterId],
      );
      await grantStarterCoins(
        tx,
        { id: row.memberId, cardtype: await findCardtype(tx, row.memberId) },
        opts.starterCoins ?? 0,
      );
      if (inviterId !== undefined)
        await inviteCoins(tx, {
          inviterId,
          inviteeId: row.memberId,
          coins: opts.inviteCoins ?? 0,
          kind: input.kind,
        });
    }
    await insertAudit(tx, {
      actorType: 'admin',
      actorId: actor.adminId,
      action: input.approve ? 'auth.approve' : 'auth.reject',
      targetType: input.kind === 'person' ? 'person_auth' : 'business_auth',
      targetId: input.id,
      detail: { memberId: row.memberId, reason },
    });
    // the member's tip (docs/messages.md), written after the commit by the outbox
    await insertEvent(tx, {
      type: 'member.authReviewed',
      aggregateType: 'member',
      aggregateId: row.memberId,
      payload: {
        memberId: row.memberId,
        kind: input.kind,
        approve: input.approve,
        reason,
        reviewId: input.id,
      },
    });
  });
  return { id: input.id, checked };
}
