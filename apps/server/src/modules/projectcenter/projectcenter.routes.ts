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
import { type App, type Deps, envelope } from '../../lib/types.ts';
import { requireMember } from '../../plugins/session.ts';
import { memberOnly } from '../member/member.routes.ts';
import { getInfo } from './detail.service.ts';
import { createQuote, getPriceTable, projectFee, updateQuote } from './quote.service.ts';
import { searchList } from './search.service.ts';
import { factoryPrjctList, winnerInfo } from './winner.service.ts';

/** The supplier side of the marketplace (docs/marketplace.md "Supplier calls"), seed names kept. */
export function registerProjectcenterRoutes(app: App, deps: Deps): void {
  const { db } = deps;
  const byId = { body: projectIdSchema };

  app.post(
    '/api/Projectcenter/searchList',
    {
      preValidation: memberOnly,
      schema: { body: searchListSchema, response: { 200: envelope(searchListResultSchema) } },
    },
    async (request) => okEnvelope(await searchList(db, requireMember(request).memberId, request.body)),
  );

  app.post(
    '/api/Projectcenter/getInfo',
    { preValidation: memberOnly, schema: { ...byId, response: { 200: envelope(projectInfoSchema) } } },
    async (request) => okEnvelope(await getInfo(db, requireMember(request).memberId, request.body.id)),
  );

  app.post(
    '/api/Projectcenter/projectFee',
    { preValidation: memberOnly, schema: { ...byId, response: { 200: envelope(projectFeeResultSchema) } } },
    async (request) => okEnvelope(await projectFee(db, requireMember(request).memberId, request.body.id)),
  );

  app.post(
    '/api/Projectcenter/getPriceTable',
    { preValidation: memberOnly, schema: { ...byId, response: { 200: envelope(priceTableInfoSchema) } } },
    async (request) => okEnvelope(await getPriceTable(db, requireMember(request).memberId, request.body.id)),
  );

  app.post(
    '/api/Projectcenter/priceTable',
    {
      preValidation: memberOnly,
      schema: { body: priceTableSchema, response: { 200: envelope(quoteSchema) } },
    },
    async (request) => okEnvelope(await createQuote(db, requireMember(request).memberId, request.body)),
  );

  app.post(
    '/api/Projectcenter/editPriceTable',
    {
      preValidation: memberOnly,
      schema: { body: priceTableSchema, response: { 200: envelope(quoteSchema) } },
    },
    async (request) => okEnvelope(await updateQuote(db, requireMember(request).memberId, request.body)),
  );

  app.post(
    '/api/Projectcenter/winnerInfo',
    { preValidation: memberOnly, schema: { ...byId, response: { 200: envelope(winnerInfoSchema) } } },
    async (request) => okEnvelope(await winnerInfo(db, requireMember(request).memberId, request.body.id)),
  );

  app.post(
    '/api/Projectcenter/factoryPrjctList',
    {
      preValidation: memberOnly,
      schema: { body: factoryPrjctListSchema, response: { 200: envelope(factoryPrjctListResultSchema) } },
    },
    async (request) => okEnvelope(await factoryPrjctList(db, requireMember(request).memberId, request.body)),
  );
}
