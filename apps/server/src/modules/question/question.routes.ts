import {
  answerQuestionSchema,
  askQuestionSchema,
  clarifySchema,
  projectIdSchema,
  questionListResultSchema,
  questionSchema,
} from '@zl/shared';
import { okEnvelope } from '../../lib/errors.ts';
import { idempotent, routeOptions } from '../../lib/route.ts';
import type { App, Deps } from '../../lib/types.ts';
import { memberOf } from '../../plugins/guards.ts';
import { answerQuestion, askQuestion, clarify, questionList } from './question.service.ts';
import { registerQuestionTips } from './question-tips.ts';

/** Project Q&A while bidding (docs/questions.md): the supplier's and the customer's calls. */
export function registerQuestionRoutes(app: App, deps: Deps): void {
  const member = routeOptions('member', 'Projectcenter');
  const customer = routeOptions('customer', 'Customer');
  const { db } = deps;
  registerQuestionTips(deps.outbox);

  app.post(
    '/api/Projectcenter/questionList',
    member(
      '项目答疑',
      '项目的答疑：已回答的问题和补充说明（提问的供应商只显示为供应商A、B…），以及我自己未回答的问题；参展商看到全部及真实的提问供应商。需登录。',
      projectIdSchema,
      questionListResultSchema,
    ),
    async (request) => okEnvelope(await questionList(db, memberOf(request).memberId, request.body.id)),
  );

  app.post(
    '/api/Projectcenter/askQuestion',
    // one question per submission (docs/adr/0010-idempotency-keys.md)
    idempotent(
      member(
        '提问',
        '对竞标中的项目提问（最多 500 字，可附图片）；仅已认证供应商，竞价截止后不再接受提问。',
        askQuestionSchema,
        questionSchema,
      ),
    ),
    async (request) => okEnvelope(await askQuestion(db, memberOf(request).memberId, request.body)),
  );

  app.post(
    '/api/Customer/answerQuestion',
    idempotent(
      customer(
        '回答问题',
        '回答自己项目上的一个问题（每个问题回答一次）；回答后所有供应商可见，提问者匿名。',
        answerQuestionSchema,
        questionSchema,
      ),
    ),
    async (request) => okEnvelope(await answerQuestion(db, memberOf(request).memberId, request.body)),
  );

  app.post(
    '/api/Customer/clarify',
    idempotent(
      customer(
        '补充说明',
        '在竞标中的项目上发布补充说明（不针对某个问题），所有供应商可见。',
        clarifySchema,
        questionSchema,
      ),
    ),
    async (request) => okEnvelope(await clarify(db, memberOf(request).memberId, request.body)),
  );
}
