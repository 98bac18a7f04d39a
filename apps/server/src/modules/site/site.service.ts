import {
  CHECKIN_EARLY_MS,
  type checkInSchema,
  PROJECT_STATUS,
  SITE_PHOTO_FRESH_MS,
  type SiteTimeline,
  shanghaiMidnight,
  type siteLogSchema,
  type siteReadySchema,
} from '@zl/shared';
import type { z } from 'zod';
import type { Db, DbOrTx, Tx } from '../../db/client.ts';
import { AppError, fieldError } from '../../lib/errors.ts';
import { fileRef } from '../file/file-access.ts';
import { insertEvent as insertOutboxEvent } from '../outbox/outbox.repo.ts';
import { findProject, lockProject } from '../project/project.repo.ts';
import type { ProjectRow } from '../project/project-view.ts';
import { findWinnerId } from '../stage/stage.repo.ts';
import * as repo from './site.repo.ts';

/** On site: docs/site.md. */

const LIVE = [
  PROJECT_STATUS.SIGNING,
  PROJECT_STATUS.BUILDING,
  PROJECT_STATUS.ACCEPTING,
  PROJECT_STATUS.DONE,
] as number[];
/** the check-in and 就绪 while the booth is being built (签约中, 施工中); logs also while accepted */
const BUILDING = [PROJECT_STATUS.SIGNING, PROJECT_STATUS.BUILDING] as number[];

export type SiteEventType = 'site.checkin' | 'site.log' | 'site.ready' | 'site.confirmed';
export type SitePayload = { projectId: number; eventId: number; by?: string };

/** The project if `memberId` is its customer or its winner; NOT_FOUND for anyone else. */
async function partyProject(
  db: DbOrTx,
  memberId: number,
  id: number,
): Promise<{ p: ProjectRow; role: 'customer' | 'supplier'; winnerId: number | null }> {
  const p = await findProject(db, id);
  if (!p) throw new AppError('NOT_FOUND');
  const winnerId = (await findWinnerId(db, p.id)) ?? null;
  if (p.customerId === memberId) return { p, role: 'customer', winnerId };
  if (winnerId !== null && winnerId === memberId) return { p, role: 'supplier', winnerId };
  throw new AppError('NOT_FOUND');
}

const showOpensOf = (p: ProjectRow) => shanghaiMidnight(p.sdate);

export async function timeline(
  db: DbOrTx,
  memberId: number,
  id: number,
  now = new Date(),
): Promise<SiteTimeline> {
  const { p, role } = await partyProject(db, memberId, id);
  const events = await repo.eventsOf(db, p.id);
  const checkin = events.find((e) => e.kind === 'checkin');
  const ready = events.find((e) => e.kind === 'ready');
  const opens = new Date(p.buildStart.getTime() - CHECKIN_EARLY_MS);
  const supplier = role === 'supplier';
  return {
    listItem: events.map((e) => ({
      id: e.id,
      kind: e.kind as 'checkin' | 'log' | 'ready',
      photos: e.photos.map((f) => fileRef(f)),
      note: e.note,
      at: e.createdAt.toISOString(),
      lat: e.lat,
      lng: e.lng,
      confirmedAt: e.confirmedAt ? e.confirmedAt.toISOString() : null,
      confirmedBy: e.confirmedBy,
    })),
    role,
    checkInOpens: opens.toISOString(),
    showOpens: showOpensOf(p).toISOString(),
    canCheckIn: supplier && !checkin && BUILDING.includes(p.status) && now >= opens && now <= p.teardownEnd,
    canLog: supplier && Boolean(checkin) && LIVE.includes(p.status) && p.status !== PROJECT_STATUS.DONE,
    canReady: supplier && Boolean(checkin) && !ready && BUILDING.includes(p.status),
    canConfirm: role === 'customer' && Boolean(checkin) && !checkin?.confirmedAt,
    onTime: ready ? ready.createdAt.getTime() < showOpensOf(p).getTime() : null,
  };
}

/** The photos must be the winner's own report uploads of the last 30 minutes: taken now. */
async function assertFresh(tx: Tx, memberId: number, photos: string[], now: Date) {
  const ok = await repo.freshPhotos(tx, memberId, photos, new Date(now.getTime() - SITE_PHOTO_FRESH_MS));
  photos.forEach((id, i) => {
    if (!ok.has(id))
      throw fieldError('FILE_NOT_FOUND', `photos.${i}`, '请现场拍摄照片后上传（30 分钟内上传的照片）');
  });
  if (new Set(photos).size !== photos.length) throw fieldError('VALIDATION_FAILED', 'photos', '照片有重复');
}

async function write(
  db: Db,
  memberId: number,
  id: number,
  kind: 'checkin' | 'log' | 'ready',
  body: { photos: string[]; note?: string; lat?: number; lng?: number },
  now = new Date(),
): Promise<SiteTimeline> {
  await db.transaction(async (tx: Tx) => {
    // the project row's lock orders the step with the project's own transitions
    const locked = await lockProject(tx, id);
    if (!locked) throw new AppError('NOT_FOUND');
    const t = await timeline(tx, memberId, id, now);
    if (t.role !== 'supplier') throw new AppError('NOT_FOUND');
    if (kind === 'checkin' && !t.canCheckIn) {
      if (t.listItem.some((e) => e.kind === 'checkin'))
        throw new AppError('INVALID_STATE', { message: '已经进场打卡' });
      if (now < new Date(t.checkInOpens))
        throw new AppError('INVALID_STATE', { message: '进场打卡在进场布展开始前一天起开放' });
      throw new AppError('INVALID_STATE', { message: '项目当前状态不能进场打卡' });
    }
    if (kind === 'log' && !t.canLog)
      throw new AppError('INVALID_STATE', { message: '进场打卡后才能写施工日志' });
    if (kind === 'ready' && !t.canReady)
      throw new AppError('INVALID_STATE', {
        message: t.listItem.some((e) => e.kind === 'ready')
          ? '已经标记展台就绪'
          : '进场打卡后才能标记展台就绪',
      });
    await assertFresh(tx, memberId, body.photos, now);
    const row = await repo.insertEvent(tx, {
      projectId: id,
      supplierId: memberId,
      kind,
      photos: body.photos,
      note: body.note ?? '',
      lat: kind === 'checkin' ? (body.lat ?? null) : null,
      lng: kind === 'checkin' ? (body.lng ?? null) : null,
    });
    if (!row)
      throw new AppError('INVALID_STATE', {
        message: kind === 'checkin' ? '已经进场打卡' : '已经标记展台就绪',
      });
    const payload: SitePayload = { projectId: id, eventId: row.id };
    await insertOutboxEvent(tx, { type: `site.${kind}`, aggregateType: 'project', aggregateId: id, payload });
  });
  return timeline(db, memberId, id);
}

export const checkIn = (db: Db, memberId: number, b: z.output<typeof checkInSchema>) =>
  write(db, memberId, b.id, 'checkin', b);
export const siteLog = (db: Db, memberId: number, b: z.output<typeof siteLogSchema>) =>
  write(db, memberId, b.id, 'log', b);
export const siteReady = (db: Db, memberId: number, b: z.output<typeof siteReadySchema>) =>
  write(db, memberId, b.id, 'ready', b);

/** Customer/confirmCheckIn: once; answers the timeline. */
export async function confirmCheckIn(db: Db, memberId: number, id: number): Promise<SiteTimeline> {
  const { role } = await partyProject(db, memberId, id);
  if (role !== 'customer') throw new AppError('NOT_FOUND');
  await db.transaction(async (tx: Tx) => {
    const row = await repo.confirmCheckIn(tx, id, 'customer');
    if (!row) {
      const t = await timeline(tx, memberId, id);
      throw new AppError('INVALID_STATE', {
        message: t.listItem.some((e) => e.kind === 'checkin') ? '进场已确认' : '供应商尚未进场打卡',
      });
    }
    const payload: SitePayload = { projectId: id, eventId: row.id, by: 'customer' };
    await insertOutboxEvent(tx, {
      type: 'site.confirmed',
      aggregateType: 'project',
      aggregateId: id,
      payload,
    });
  });
  return timeline(db, memberId, id);
}

/** The `site-confirm` round: check-ins unconfirmed for a day are confirmed by the system, once. */
export async function autoConfirmRound(db: Db, now = new Date()): Promise<number> {
  return db.transaction(async (tx: Tx) => {
    const rows = await repo.confirmOverdue(tx, new Date(now.getTime() - 24 * 3_600_000));
    for (const r of rows) {
      const payload: SitePayload = { projectId: r.projectId, eventId: 0, by: 'system' };
      await insertOutboxEvent(tx, {
        type: 'site.confirmed',
        aggregateType: 'project',
        aggregateId: r.projectId,
        payload,
      });
    }
    return rows.length;
  });
}
