import {
  caseEditSchema,
  caseIdSchema,
  caseListPageSchema,
  caseListSchema,
  caseSaveSchema,
  caseViewSchema,
  SHOWROOM_RULES as R,
  showInfoInputSchema,
  showInfoSchema,
  showroomInfoSchema,
  showroomProfileSchema,
} from '@zl/shared';
import { z } from 'zod';
import { okEnvelope } from '../../lib/errors.ts';
import { routeOptions } from '../../lib/route.ts';
import type { App, Deps } from '../../lib/types.ts';
import { memberOf } from '../../plugins/guards.ts';
import * as service from './company.service.ts';
import { showInfo } from './company-public.ts';

const SUPPLIER_ONLY = '只有供应商有展厅：参展商调用答 FORBIDDEN。';
const CASE_FIELDS = `title 标题 2–${R.caseTitleMax} 字，descr 介绍最多 ${R.caseDescrMax} 字，faceimg 封面（本人上传的 case/showroom 用途图片），pictures 最多 ${R.casePicturesMax} 张。`;

/** The supplier's showroom and cases, and the public showroom page's data (docs/showroom.md). */
export function registerCompanyRoutes(app: App, deps: Deps): void {
  const member = routeOptions('member', 'Company');
  const anyone = routeOptions('public', 'Company');

  app.post(
    '/api/Company/saveInfo',
    member(
      '保存展厅资料',
      `供应商保存自己的展厅：名称、标志、横幅、简介、规模、成立年份、服务地区、擅长领域、公开联系方式；标志与横幅为本人上传的公开图片。${SUPPLIER_ONLY}`,
      showroomInfoSchema,
      showroomProfileSchema,
    ),
    async (request) => okEnvelope(await service.saveInfo(deps, memberOf(request), request.body)),
  );

  app.post(
    '/api/Company/cmpyInfo',
    member(
      '我的展厅资料',
      `供应商自己的展厅资料（展厅设置页）；未保存过时 isSet=false，名称取公司名称。${SUPPLIER_ONLY}`,
      z.strictObject({}),
      showroomProfileSchema,
    ),
    async (request) => okEnvelope(await service.cmpyInfo(deps, memberOf(request))),
  );

  app.post(
    '/api/Company/saveCase',
    member(
      '新增案例',
      `新增一个展厅案例，最多 ${R.casesMax} 个，同名案例只保存一次。${CASE_FIELDS}${SUPPLIER_ONLY}`,
      caseSaveSchema,
      caseViewSchema,
    ),
    async (request) => okEnvelope(await service.saveCase(deps, memberOf(request), request.body)),
  );

  app.post(
    '/api/Company/listCase',
    member(
      '我的案例',
      `自己的案例，最新在前，分页；data.listItem 即 caseList。${SUPPLIER_ONLY}`,
      caseListSchema,
      caseListPageSchema,
    ),
    async (request) => okEnvelope(await service.listCase(deps, memberOf(request), request.body)),
  );

  app.post(
    '/api/Company/editCase',
    member(
      '修改案例',
      `修改自己的一个案例（id 为案例编号，他人的案例答“不存在”）。${CASE_FIELDS}`,
      caseEditSchema,
      caseViewSchema,
    ),
    async (request) => okEnvelope(await service.editCase(deps, memberOf(request), request.body)),
  );

  app.post(
    '/api/Company/deleteCase',
    member('删除案例', '删除自己的一个案例（他人的案例答“不存在”）。', caseIdSchema, caseIdSchema),
    async (request) => okEnvelope(await service.deleteCase(deps, memberOf(request), request.body.id)),
  );

  app.post(
    '/api/Company/showInfo',
    anyone(
      '供应商展厅（公开）',
      `无需登录：按 8 位会员编号 cardno 查看供应商的展厅资料、案例、评分、履约记录、认证情况与已公开的评价（最新 ${R.evaluationsShown} 条，评价人名称打码）。不含手机号、证件号等私密信息。未知编号或参展商编号答“不存在”。`,
      showInfoInputSchema,
      showInfoSchema,
    ),
    async (request) =>
      okEnvelope(await showInfo(deps.db, request.body.cardno, request.member?.memberId ?? null)),
  );
}
