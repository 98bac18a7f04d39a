import {
  awardResultSchema,
  awardSchema,
  customerProjectIdSchema,
  customerProjectListSchema,
  customerProjectPageSchema,
  customerQuoteListSchema,
  projectCancelSchema,
  projectDetailSchema,
  projectSaveSchema,
} from '@zl/shared';
import type { FastifyRequest } from 'fastify';
import { okEnvelope } from '../../lib/errors.ts';
import { type App, type Deps, envelope } from '../../lib/types.ts';
import { requireMember } from '../../plugins/session.ts';
import type { SessionContext } from '../user/session.service.ts';
import * as service from './customer.service.ts';

/** Before the body is read: a logged-out caller hears NOT_LOGGED_IN, a supplier FORBIDDEN. */
async function customerOnly(request: FastifyRequest): Promise<void> {
  service.assertCustomer(requireMember(request));
}

function customer(request: FastifyRequest): SessionContext {
  const member = requireMember(request);
  service.assertCustomer(member);
  return member;
}

export function registerCustomerRoutes(app: App, deps: Deps): void {
  const { db } = deps;
  app.post(
    '/api/Customer/projectSave',
    {
      preValidation: customerOnly,
      schema: { body: projectSaveSchema, response: { 200: envelope(projectDetailSchema) } },
    },
    async (request) => okEnvelope(await service.projectSave(db, customer(request), request.body)),
  );

  app.post(
    '/api/Customer/projectList',
    {
      preValidation: customerOnly,
      schema: { body: customerProjectListSchema, response: { 200: envelope(customerProjectPageSchema) } },
    },
    async (request) => okEnvelope(await service.projectList(db, customer(request), request.body)),
  );

  app.post(
    '/api/Customer/projectInfo',
    {
      preValidation: customerOnly,
      schema: { body: customerProjectIdSchema, response: { 200: envelope(projectDetailSchema) } },
    },
    async (request) => okEnvelope(await service.projectInfo(db, customer(request), request.body.id)),
  );

  app.post(
    '/api/Customer/projectCancel',
    {
      preValidation: customerOnly,
      schema: { body: projectCancelSchema, response: { 200: envelope(projectDetailSchema) } },
    },
    async (request) => okEnvelope(await service.projectCancel(db, customer(request), request.body)),
  );

  app.post(
    '/api/Customer/quoteList',
    {
      preValidation: customerOnly,
      schema: { body: customerProjectIdSchema, response: { 200: envelope(customerQuoteListSchema) } },
    },
    async (request) => okEnvelope(await service.quoteList(db, customer(request), request.body.id)),
  );

  app.post(
    '/api/Customer/award',
    {
      preValidation: customerOnly,
      schema: { body: awardSchema, response: { 200: envelope(awardResultSchema) } },
    },
    async (request) => okEnvelope(await service.award(db, customer(request), request.body)),
  );
}
