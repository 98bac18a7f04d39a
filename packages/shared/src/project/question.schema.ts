import { z } from 'zod';
import { fileIdSchema, fileRefSchema } from '../file/file.schema.ts';
import { labelledText } from '../text/text.schema.ts';
import { projectIdSchema } from './search.schema.ts';

/**
 * Project Q&A while bidding (答疑, docs/questions.md): a verified supplier asks, the project's
 * customer answers or posts a clarification (补充说明); answered questions and clarifications are
 * shown to every supplier, the asker named only 供应商A, B….
 */
export const QUESTION_MAX = 500;
export const QUESTION_PICTURES_MAX = 9;

const questionText = (label: string) =>
  labelledText(label, QUESTION_MAX, true).min(1, { error: `请输入${label}` });

const questionId = z
  .number({ error: '问题编号不正确' })
  .int({ error: '问题编号不正确' })
  .min(1, { error: '问题编号不正确' })
  .max(Number.MAX_SAFE_INTEGER, { error: '问题编号不正确' });

/** Projectcenter/askQuestion: a verified supplier, while bidding is open. */
export const askQuestionSchema = z.strictObject({
  id: projectIdSchema.shape.id,
  content: questionText('问题'),
  pictures: z
    .array(fileIdSchema('图片'), { error: '图片格式不正确' })
    .max(QUESTION_PICTURES_MAX, { error: `图片最多 ${QUESTION_PICTURES_MAX} 张` })
    .default([]),
});
export type AskQuestionInput = z.input<typeof askQuestionSchema>;

/** Customer/answerQuestion: the project's customer answers one question, once. */
export const answerQuestionSchema = z.strictObject({
  id: projectIdSchema.shape.id,
  questionId,
  content: questionText('回答'),
});
export type AnswerQuestionInput = z.input<typeof answerQuestionSchema>;

/** Customer/clarify: a 补充说明 without a question, while bidding is open. */
export const clarifySchema = z.strictObject({
  id: projectIdSchema.shape.id,
  content: questionText('补充说明'),
});
export type ClarifyInput = z.input<typeof clarifySchema>;

export const questionSchema = z.object({
  id: z.number(),
  kind: z.enum(['question', 'clarification']),
  /**
   * Who asked: 供应商A, B… (in the order of each supplier's first question) to a supplier; the
   * supplier's verified name to the project's customer; '' for a clarification.
   */
  asker: z.string(),
  /** the asker's member number: to the project's customer only ('' otherwise) */
  askerCardno: z.string(),
  /** the caller asked it */
  mine: z.boolean(),
  content: z.string(),
  pictures: z.array(fileRefSchema),
  /** null while unanswered (only the asker and the customer see an unanswered question) */
  answer: z.string().nullable(),
  /** ISO 8601 */
  asked: z.string(),
  /** when answered, or posted for a clarification (ISO 8601); null while unanswered */
  published: z.string().nullable(),
});
export type ProjectQuestion = z.infer<typeof questionSchema>;

/** `data` of Projectcenter/questionList: oldest first. */
export const questionListResultSchema = z.object({
  listItem: z.array(questionSchema),
  /** new questions are accepted (bidding open) */
  open: z.boolean(),
  /** answers and clarifications published after the caller's quote was last sent (0 without one) */
  newSinceMyQuote: z.number(),
});
export type QuestionList = z.infer<typeof questionListResultSchema>;
