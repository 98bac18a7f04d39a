import {
  factoryPrjctListResultSchema,
  factoryPrjctListSchema,
  priceTableInfoSchema,
  priceTableSchema,
  projectFeeResultSchema,
  projectIdSchema,
  projectInfoSchema,
  quoteSchema,
  searchListResultSchema,
  searchListSchema,
  winnerInfoSchema,
} from '@zl/shared';
import { okEnvelope } from '../../lib/errors.ts';
import { sendJsonText } from '../../lib/precompiled-serializer.ts';
import { idempotent, routeOptions } from '../../lib/route.ts';
import type { App, Deps } from '../../lib/types.ts';
import { memberOf } from '../../plugins/guards.ts';
import { getInfo } from './detail.service.ts';
import { createQuote, getPriceTable, projectFee, updateQuote } from './quote.service.ts';
import { searchList } from './search.service.ts';
import { searchListJson } from './search.view.ts';
import { factoryPrjctList, winnerInfo } from './winner.service.ts';

/** The supplier side of the marketplace (docs/marketplace.md "Supplier calls"), seed names kept. */
export function registerProjectcenterRoutes(app: App, deps: Deps): void {
  const member = routeOptions('member', 'Projectcenter');
  const { db } = deps;

  app.post(
    '/api/Projectcenter/searchList',
    member(
      '找项目',
      '供应商的项目搜索：关键词、展馆/地区、面积、展期、状态筛选，按最新、截止时间或面积排序，分页。需登录。',
      searchListSchema,
      searchListResultSchema,
    ),
    // the hall's hot call: its answer written from the rows' text (search.view.ts, ADR 0008); a
    // string with the JSON type is sent as it is, the schema above documents it
    async (request, reply) => {
      const page = await searchList(
        db,
        memberOf(request).memberId,
        request.body,
        deps.config.marketplace.searchCountCacheSeconds,
      );
      return sendJsonText(reply, searchListJson(page));
    },
  );

  app.post(
    '/api/Projectcenter/getInfo',
    member(
      '项目详情',
      '项目详情、进度时间线、是否收藏、我的报价、能否报价。需登录。',
      projectIdSchema,
      projectInfoSchema,
    ),
    async (request) => okEnvelope(await getInfo(db, memberOf(request).memberId, request.body.id)),
  );

  app.post(
    '/api/Projectcenter/projectFee',
    member(
      '报价费',
      '对该项目报价需支付的金币数、我的余额、是否足够、是否已报价。需登录。',
      projectIdSchema,
      projectFeeResultSchema,
    ),
    async (request) => okEnvelope(await projectFee(db, memberOf(request).memberId, request.body.id)),
  );

  app.post(
    '/api/Projectcenter/getPriceTable',
    member(
      '报价表',
      '项目的报价清单模板（按分类的项目行），以及我已有的报价。需登录。',
      projectIdSchema,
      priceTableInfoSchema,
    ),
    async (request) => okEnvelope(await getPriceTable(db, memberOf(request).memberId, request.body.id)),
  );

  app.post(
    '/api/Projectcenter/priceTable',
    // one quote (and one fee) per submission (docs/adr/0010-idempotency-keys.md)
    idempotent(
      member(
        '提交报价',
        '按报价表填单价、工期、备注和附件提交报价，金额由服务器计算；扣除报价费金币。仅已认证供应商、项目竞价中可用。',
        priceTableSchema,
        quoteSchema,
      ),
    ),
    async (request) => okEnvelope(await createQuote(db, memberOf(request).memberId, request.body)),
  );

  app.post(
    '/api/Projectcenter/editPriceTable',
    idempotent(
      member(
        '修改报价',
        '修改自己的报价（项目竞价中且报价待定时）；不再扣费。',
        priceTableSchema,
        quoteSchema,
      ),
    ),
    async (request) => okEnvelope(await updateQuote(db, memberOf(request).memberId, request.body)),
  );

  app.post(
    '/api/Projectcenter/winnerInfo',
    member(
      '中标信息',
      '项目是否已定标、中标方，以及我的结果（中标/未中/待定）；中标方与参展商可见对方联系方式。需登录。',
      projectIdSchema,
      winnerInfoSchema,
    ),
    async (request) => okEnvelope(await winnerInfo(db, memberOf(request).memberId, request.body.id)),
  );

  app.post(
    '/api/Projectcenter/factoryPrjctList',
    member(
      '我参与的项目',
      '我报过价的项目，可按待定、中标、未中筛选，分页。需登录。',
      factoryPrjctListSchema,
      factoryPrjctListResultSchema,
    ),
    async (request) => okEnvelope(await factoryPrjctList(db, memberOf(request).memberId, request.body)),
  );
}
