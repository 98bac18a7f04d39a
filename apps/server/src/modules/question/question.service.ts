import {
  type answerQuestionSchema,
  type askQuestionSchema,
  type clarifySchema,
  maskContacts,
  PROJECT_STATUS,
  type ProjectQuestion,
  type QuestionList,
} from '@zl/shared';
import type { z } from 'zod';
import type { Db, DbOrTx, Tx } from '../../db/client.ts';
import type { ProjectQuestionRow } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { assertOwnFile, fileRef } from '../file/file-access.ts';
import { insertEvent } from '../outbox/outbox.repo.ts';
import { findProject, lockProject } from '../project/project.repo.ts';
import type { ProjectRow } from '../project/project-view.ts';
import { biddingOpen, isVerified, loadCaller, visibleProject } from '../projectcenter/detail.service.ts';
import { isPublic } from '../projectcenter/projectcenter.repo.ts';
import * as repo from './question.repo.ts';

/** Project Q&A while bidding: docs/questions.md. */

/** The outbox events of the Q&A (the tips they send: question-tips.ts). */
export type QuestionEventType = 'question.asked' | 'question.answered' | 'question.clarified';
export type QuestionEventPayload = {
  projectId: number;
  questionId: number;
  /** the asking supplier (asked, answered) */
  supplierId: number | null;
};

function emit(tx: Tx, type: QuestionEventType, q: ProjectQuestionRow) {
  const payload: QuestionEventPayload = {
    projectId: q.projectId,
    questionId: q.id,
    supplierId: q.supplierId,
  };
  return insertEvent(tx, { type, aggregateType: 'project', aggregateId: q.projectId, payload });
}

/** 0 → A, 25 → Z, 26 → AA … */
export function askerLetter(n: number): string {
  let s = '';
  let i = n;
  do {
    s = String.fromCharCode(65 + (i % 26)) + s;
    i = Math.floor(i / 26) - 1;
  } while (i >= 0);
  return s;
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

function view(
  q: repo.QuestionWithAsker,
  opts: { asker: string; askerCardno: string; mine: boolean },
): ProjectQuestion {
  return {
    id: q.id,
    kind: q.supplierId === null ? 'clarification' : 'question',
    asker: opts.asker,
    askerCardno: opts.askerCardno,
    mine: opts.mine,
    content: q.content,
    pictures: q.pictures.map((id) => fileRef(id)),
    answer: q.answer,
    asked: q.createdAt.toISOString(),
    published: iso(q.publishedAt),
  };
}

/**
 * Projectcenter/questionList. The project's customer sees every row with the real suppliers; any
 * other member sees what is published (answered questions, clarifications) plus its own
 * unanswered questions, every asker as 供应商A, B… and never a name, mobile or member number.
 */
export async function questionList(db: DbOrTx, memberId: number, projectId: number): Promise<QuestionList> {
  const p = await visibleProject(db, memberId, projectId);
  const rows = await repo.questionsOfProject(db, p.id);
  const open = biddingOpen(p);
  if (p.customerId === memberId) {
    return {
      listItem: rows.map((q) => view(q, { asker: q.askerName, askerCardno: q.askerCardno, mine: false })),
      open,
      newSinceMyQuote: 0,
    };
  }
  // letters in the order of each supplier's first question, over every row (answered or not)
  const letters = new Map<number, string>();
  for (const q of rows) {
    if (q.supplierId !== null && !letters.has(q.supplierId)) {
      letters.set(q.supplierId, `供应商${askerLetter(letters.size)}`);
    }
  }
  const listItem = rows
    .filter((q) => q.publishedAt !== null || q.supplierId === memberId)
    .map((q) =>
      view(q, {
        asker: q.supplierId === null ? '' : letters.get(q.supplierId)!,
        askerCardno: '',
        mine: q.supplierId === memberId,
      }),
    );
  return { listItem, open, newSinceMyQuote: await repo.publishedSinceOwnQuote(db, p.id, memberId) };
}

async function viewOne(db: DbOrTx, memberId: number, p: ProjectRow, id: number): Promise<ProjectQuestion> {
  const list = await questionList(db, memberId, p.id);
  const q = list.listItem.find((x) => x.id === id);
  if (!q) throw new AppError('NOT_FOUND', { message: '问题不存在' });
  return q;
}

/** Projectcenter/askQuestion: a verified supplier, bidding open, its own pictures. */
export async function askQuestion(
  db: Db,
  memberId: number,
  input: z.output<typeof askQuestionSchema>,
): Promise<ProjectQuestion> {
  const caller = await loadCaller(db, memberId);
  if (caller.cardtype !== 'workshop') throw new AppError('FORBIDDEN', { message: '只有供应商账号可以提问' });
  if (!isVerified(caller)) {
    throw new AppError('NOT_VERIFIED', { message: '完成实名认证或企业认证后才能提问' });
  }
  const { q, p } = await db.transaction(async (tx: Tx) => {
    // the project row's lock orders the question with the expiry, the award and a cancel
    const p = await lockProject(tx, input.id);
    if (!p || !isPublic(p)) throw new AppError('NOT_FOUND');
    if (!biddingOpen(p)) throw new AppError('BIDDING_CLOSED', { message: '竞价已结束，不能再提问' });
    const pictures = [...new Set(input.pictures)];
    for (const [i, id] of pictures.entries()) {
      await assertOwnFile(tx, memberId, id, { purposes: ['project'], field: `pictures.${i}`, label: '图片' });
    }
    const q = await repo.insertQuestion(tx, {
      projectId: p.id,
      supplierId: memberId,
      content: maskContacts(input.content).text,
      pictures,
    });
    await emit(tx, 'question.asked', q);
    return { q, p };
  });
  return viewOne(db, memberId, p, q.id);
}

/** The customer's own project, or NOT_FOUND (another customer's project is not told apart). */
async function ownProject(tx: DbOrTx, customerId: number, id: number): Promise<ProjectRow> {
  const p = await findProject(tx, id);
  if (!p || p.customerId !== customerId) throw new AppError('NOT_FOUND');
  return p;
}

/**
 * Customer/answerQuestion: once per question, while the project is still 竞标中 (also after its
 * deadline, until the award: a question asked in the last hour deserves its answer).
 */
export async function answerQuestion(
  db: Db,
  memberId: number,
  input: z.output<typeof answerQuestionSchema>,
): Promise<ProjectQuestion> {
  const p = await db.transaction(async (tx: Tx) => {
    const p = await ownProject(tx, memberId, input.id);
    if (p.status !== PROJECT_STATUS.BIDDING) {
      throw new AppError('INVALID_STATE', { message: '项目已不在竞标中，不能再回答' });
    }
    const q = await repo.answerOnce(tx, p.id, input.questionId, maskContacts(input.content).text);
    if (!q) {
      const existing = await repo.findQuestion(tx, p.id, input.questionId);
      if (!existing || existing.supplierId === null)
        throw new AppError('NOT_FOUND', { message: '问题不存在' });
      throw new AppError('INVALID_STATE', { message: '该问题已回答' });
    }
    await emit(tx, 'question.answered', q);
    return p;
  });
  return viewOne(db, memberId, p, input.questionId);
}

/** Customer/clarify: a 补充说明 to every supplier, while bidding is open. */
export async function clarify(
  db: Db,
  memberId: number,
  input: z.output<typeof clarifySchema>,
): Promise<ProjectQuestion> {
  const { q, p } = await db.transaction(async (tx: Tx) => {
    const p = await ownProject(tx, memberId, input.id);
    if (!biddingOpen(p)) {
      throw new AppError('BIDDING_CLOSED', { message: '竞价已结束，不能再发布补充说明' });
    }
    const q = await repo.insertQuestion(tx, {
      projectId: p.id,
      supplierId: null,
      content: maskContacts(input.content).text,
      pictures: [],
    });
    await emit(tx, 'question.clarified', q);
    return { q, p };
  });
  return viewOne(db, memberId, p, q.id);
}
