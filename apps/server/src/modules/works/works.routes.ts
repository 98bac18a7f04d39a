import {
  designEditSchema,
  designFieldsSchema,
  designIdSchema,
  designInfoSchema,
  designListSchema,
  designViewSchema,
  WORKS_RULES as R,
  serviceEditSchema,
  serviceFieldsSchema,
  serviceIdSchema,
  serviceInfoSchema,
  serviceListSchema,
  serviceViewSchema,
  showWorksResultSchema,
  showWorksSchema,
  worksDeletedSchema,
} from '@zl/shared';
import { z } from 'zod';
import { okEnvelope } from '../../lib/errors.ts';
import { routeOptions } from '../../lib/route.ts';
import type { App, Deps } from '../../lib/types.ts';
import { supplierOf } from '../../plugins/guards.ts';
import * as service from './works.service.ts';

const IMAGES = '图片须是本人上传的公开图片（File/upload 的 purpose 为 design / service）';

/** A supplier's designs and services, and the public showcase reads (docs/works.md). */
export function registerWorksRoutes(app: App, deps: Deps): void {
  const supplier = routeOptions('supplier', 'Company');
  const open = routeOptions('public', 'Company');

  app.post(
    '/api/Company/saveDesign',
    supplier(
      '上传设计作品',
      `供应商新增一个设计作品：名称 2–${R.titleMax} 字（不可与已有作品同名）、风格、面积（㎡）、1–${R.maxImages} 张图片、说明（可空）。最多 ${R.maxDesigns} 个。${IMAGES}。`,
      designFieldsSchema,
      designViewSchema,
    ),
    async (request) => okEnvelope(await service.saveDesign(deps, supplierOf(request).memberId, request.body)),
  );

  app.post(
    '/api/Company/editDesign',
    supplier(
      '修改设计作品',
      '修改自己的一个设计作品（字段同上传）；他人的作品答复不存在。',
      designEditSchema,
      designViewSchema,
    ),
    async (request) => okEnvelope(await service.editDesign(deps, supplierOf(request).memberId, request.body)),
  );

  app.post(
    '/api/Company/deleteDesign',
    supplier(
      '删除设计作品',
      '删除自己的一个设计作品；他人的作品答复不存在。',
      designIdSchema,
      worksDeletedSchema,
    ),
    async (request) =>
      okEnvelope(await service.deleteDesign(deps, supplierOf(request).memberId, request.body.id)),
  );

  app.post(
    '/api/Company/listDesign',
    supplier(
      '我的设计作品',
      '供应商自己的全部设计作品，最新在前，以及数量上限。',
      z.strictObject({}),
      designListSchema,
    ),
    async (request) => okEnvelope(await service.listDesign(deps, supplierOf(request).memberId)),
  );

  app.post(
    '/api/Company/designInfo',
    open(
      '设计作品详情',
      '公开：任一供应商的一个设计作品（无需登录），含供应商名称与会员编号；mine 表示是否为调用者本人的作品。',
      designIdSchema,
      designInfoSchema,
    ),
    async (request) =>
      okEnvelope(await service.designInfo(deps, request.body.id, request.member?.memberId ?? null)),
  );

  app.post(
    '/api/Company/saveService',
    supplier(
      '发布服务',
      `kind=priced：报价服务（名称、价格〔分，1–${R.priceMax}〕与单位、1–${R.maxImages} 张图片、说明）；kind=text：图文服务（名称、正文 ${R.contentMin}–${R.contentMax} 字、0–${R.maxImages} 张配图）。名称不可重复，最多 ${R.maxServices} 项。${IMAGES}。`,
      serviceFieldsSchema,
      serviceViewSchema,
    ),
    async (request) =>
      okEnvelope(await service.saveService(deps, supplierOf(request).memberId, request.body)),
  );

  app.post(
    '/api/Company/editService',
    supplier(
      '修改服务',
      '修改自己的一项服务（字段同发布，类型不能修改）；他人的服务答复不存在。',
      serviceEditSchema,
      serviceViewSchema,
    ),
    async (request) =>
      okEnvelope(await service.editService(deps, supplierOf(request).memberId, request.body)),
  );

  app.post(
    '/api/Company/deleteService',
    supplier('删除服务', '删除自己的一项服务；他人的服务答复不存在。', serviceIdSchema, worksDeletedSchema),
    async (request) =>
      okEnvelope(await service.deleteService(deps, supplierOf(request).memberId, request.body.id)),
  );

  app.post(
    '/api/Company/listService',
    supplier(
      '我的服务',
      '供应商自己的全部服务（报价服务与图文服务），最新在前，以及数量上限。',
      z.strictObject({}),
      serviceListSchema,
    ),
    async (request) => okEnvelope(await service.listService(deps, supplierOf(request).memberId)),
  );

  app.post(
    '/api/Company/serviceInfo',
    open(
      '服务详情',
      '公开：任一供应商的一项服务（无需登录），价格为分；mine 表示是否为调用者本人的服务。',
      serviceIdSchema,
      serviceInfoSchema,
    ),
    async (request) =>
      okEnvelope(await service.serviceInfo(deps, request.body.id, request.member?.memberId ?? null)),
  );

  app.post(
    '/api/Company/showWorks',
    open(
      '供应商展示：设计作品与服务',
      '公开：按供应商 8 位会员编号（cardno）列出其设计作品与服务，供企业展示页（/show）使用。非供应商或不存在答复不存在。',
      showWorksSchema,
      showWorksResultSchema,
    ),
    async (request) => okEnvelope(await service.showWorks(deps, request.body.cardno)),
  );
}
