import {
  type DesignInfo,
  type DesignList,
  type DesignView,
  type designEditSchema,
  type designFieldsSchema,
  type ServiceInfo,
  type ServiceList,
  type ServiceUnit,
  type ServiceView,
  type ShowWorks,
  type serviceEditSchema,
  type serviceFieldsSchema,
  WORKS_RULES,
  type WorksOwner,
} from '@zl/shared';
import type { z } from 'zod';
import type { Tx } from '../../db/client.ts';
import { lockForTransaction } from '../../db/lock.repo.ts';
import { AppError, fieldError, pgErrorCode } from '../../lib/errors.ts';
import type { Deps } from '../../lib/types.ts';
import { assertOwnFile, fileRef } from '../file/file-access.ts';
import type { DesignRow, ServiceRow } from './works.repo.ts';
import * as repo from './works.repo.ts';

/** A supplier's designs and services, and their public showcase: docs/works.md. */

type DesignValues = z.output<typeof designFieldsSchema>;
type DesignEditValues = z.output<typeof designEditSchema>;
type ServiceValues = z.output<typeof serviceFieldsSchema>;
type ServiceEditValues = z.output<typeof serviceEditSchema>;

const UNIQUE_VIOLATION = '23505';

export function designView(r: DesignRow): DesignView {
  return {
    id: r.id,
    title: r.title,
    style: r.style,
    area: r.area,
    images: r.images.map((id) => fileRef(id)),
    description: r.description,
    created: r.createdAt.toISOString(),
    updated: r.updatedAt.toISOString(),
  };
}

export function serviceView(r: ServiceRow): ServiceView {
  return {
    id: r.id,
    kind: r.kind,
    title: r.title,
    price: r.kind === 'priced' ? r.priceFen : null,
    unit: r.kind === 'priced' ? (r.unit as ServiceUnit) : null,
    images: r.images.map((id) => fileRef(id)),
    content: r.content,
    created: r.createdAt.toISOString(),
    updated: r.updatedAt.toISOString(),
  };
}

function ownerOf(m: { cardno: string; company: string; nickname: string }): WorksOwner {
  return { cardno: m.cardno, name: m.company || m.nickname || `供应商 ${m.cardno}` };
}

/** Every image: the member's own public upload for `purpose`, each once. */
async function checkImages(tx: Tx, memberId: number, ids: string[], purpose: 'design' | 'service') {
  if (new Set(ids).size !== ids.length)
    throw fieldError('VALIDATION_FAILED', 'images', '同一张图片不能重复添加');
  for (const id of ids) {
    await assertOwnFile(tx, memberId, id, {
      purposes: [purpose],
      visibility: 'public',
      field: 'images',
      label: '图片',
    });
  }
}

const titleTaken = (what: string) =>
  fieldError('VALIDATION_FAILED', 'title', `已有同名的${what}，请换一个名称`);

/** A unique-index refusal (two saves of one title racing past the check) answers like the check. */
async function uniqueTitle<T>(what: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    if (pgErrorCode(err) === UNIQUE_VIOLATION) throw titleTaken(what);
    throw err;
  }
}

// ---------- designs ----------

function designFields(v: DesignValues) {
  return { title: v.title, style: v.style, area: v.area, images: v.images, description: v.description };
}

export function saveDesign(deps: Deps, memberId: number, v: DesignValues): Promise<DesignView> {
  return uniqueTitle('设计作品', () =>
    deps.db.transaction(async (tx) => {
      // one save at a time per supplier: the count and the title check below see every earlier save
      await lockForTransaction(tx, `works.designs:${memberId}`);
      if ((await repo.countDesigns(tx, memberId)) >= WORKS_RULES.maxDesigns)
        throw new AppError('INVALID_STATE', {
          message: `设计作品最多 ${WORKS_RULES.maxDesigns} 个，请先删除不需要的作品`,
        });
      if (await repo.designTitleTaken(tx, memberId, v.title)) throw titleTaken('设计作品');
      await checkImages(tx, memberId, v.images, 'design');
      return designView(await repo.insertDesign(tx, { memberId, ...designFields(v) }));
    }),
  );
}

export function editDesign(deps: Deps, memberId: number, v: DesignEditValues): Promise<DesignView> {
  return uniqueTitle('设计作品', () =>
    deps.db.transaction(async (tx) => {
      await lockForTransaction(tx, `works.designs:${memberId}`);
      if (await repo.designTitleTaken(tx, memberId, v.title, v.id)) throw titleTaken('设计作品');
      await checkImages(tx, memberId, v.images, 'design');
      const row = await repo.updateOwnDesign(tx, memberId, v.id, designFields(v));
      if (!row) throw new AppError('NOT_FOUND', { message: '设计作品不存在或已删除' });
      return designView(row);
    }),
  );
}

export async function deleteDesign(deps: Deps, memberId: number, id: number): Promise<{ id: number }> {
  if (!(await repo.deleteOwnDesign(deps.db, memberId, id)))
    throw new AppError('NOT_FOUND', { message: '设计作品不存在或已删除' });
  return { id };
}

export async function listDesign(deps: Deps, memberId: number): Promise<DesignList> {
  const rows = await repo.listDesigns(deps.db, memberId);
  return { listItem: rows.map(designView), total: rows.length, max: WORKS_RULES.maxDesigns };
}

/** Public: any supplier's design by id (its detail page); `callerId` tells whether it is the caller's. */
export async function designInfo(deps: Deps, id: number, callerId: number | null): Promise<DesignInfo> {
  const row = await repo.findDesign(deps.db, id);
  const owner = row && (await repo.findSupplierById(deps.db, row.memberId));
  if (!row || !owner) throw new AppError('NOT_FOUND', { message: '设计作品不存在或已删除' });
  return { ...designView(row), supplier: ownerOf(owner), mine: callerId === row.memberId };
}

// ---------- services ----------

/** The columns of a service; the schema made sure a priced one has its price and unit. */
function serviceFields(v: ServiceValues) {
  if (v.kind === 'priced' && v.price !== undefined && v.unit !== undefined)
    return { title: v.title, priceFen: v.price, unit: v.unit, images: v.images, content: v.content };
  return { title: v.title, priceFen: null, unit: null, images: v.images, content: v.content };
}

const serviceMissing = () => new AppError('NOT_FOUND', { message: '服务不存在或已删除' });

export function saveService(deps: Deps, memberId: number, v: ServiceValues): Promise<ServiceView> {
  return uniqueTitle('服务', () =>
    deps.db.transaction(async (tx) => {
      await lockForTransaction(tx, `works.services:${memberId}`);
      if ((await repo.countServices(tx, memberId)) >= WORKS_RULES.maxServices)
        throw new AppError('INVALID_STATE', {
          message: `服务最多 ${WORKS_RULES.maxServices} 项，请先删除不需要的服务`,
        });
      if (await repo.serviceTitleTaken(tx, memberId, v.title)) throw titleTaken('服务');
      await checkImages(tx, memberId, v.images, 'service');
      return serviceView(await repo.insertService(tx, { memberId, kind: v.kind, ...serviceFields(v) }));
    }),
  );
}

export function editService(deps: Deps, memberId: number, v: ServiceEditValues): Promise<ServiceView> {
  return uniqueTitle('服务', () =>
    deps.db.transaction(async (tx) => {
      await lockForTransaction(tx, `works.services:${memberId}`);
      const current = await repo.findService(tx, v.id, memberId);
      if (!current) throw serviceMissing();
      if (current.kind !== v.kind) throw fieldError('VALIDATION_FAILED', 'kind', '服务类型不能修改');
      if (await repo.serviceTitleTaken(tx, memberId, v.title, v.id)) throw titleTaken('服务');
      await checkImages(tx, memberId, v.images, 'service');
      const row = await repo.updateOwnService(tx, memberId, v.id, v.kind, serviceFields(v));
      if (!row) throw serviceMissing();
      return serviceView(row);
    }),
  );
}

export async function deleteService(deps: Deps, memberId: number, id: number): Promise<{ id: number }> {
  if (!(await repo.deleteOwnService(deps.db, memberId, id))) throw serviceMissing();
  return { id };
}

export async function listService(deps: Deps, memberId: number): Promise<ServiceList> {
  const rows = await repo.listServices(deps.db, memberId);
  return { listItem: rows.map(serviceView), total: rows.length, max: WORKS_RULES.maxServices };
}

export async function serviceInfo(deps: Deps, id: number, callerId: number | null): Promise<ServiceInfo> {
  const row = await repo.findService(deps.db, id);
  const owner = row && (await repo.findSupplierById(deps.db, row.memberId));
  if (!row || !owner) throw serviceMissing();
  return { ...serviceView(row), supplier: ownerOf(owner), mine: callerId === row.memberId };
}

// ---------- public showcase ----------

/** Company/showWorks: a supplier's designs and services by its member number; others are not found. */
export async function showWorks(deps: Deps, cardno: string): Promise<ShowWorks> {
  const owner = await repo.findSupplierByCardno(deps.db, cardno);
  if (!owner) throw new AppError('NOT_FOUND', { message: '供应商不存在' });
  const [designs, services] = await Promise.all([
    repo.listDesigns(deps.db, owner.id),
    repo.listServices(deps.db, owner.id),
  ]);
  return { supplier: ownerOf(owner), designs: designs.map(designView), services: services.map(serviceView) };
}
