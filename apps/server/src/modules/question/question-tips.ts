import type { Tx } from '../../db/client.ts';
import type { Outbox } from '../outbox/outbox.ts';
import { writeTips } from '../tip/tip.events.ts';
import { projectParties } from '../tip/tip.repo.ts';
import { clip, customerLink, type Draft, supplierLink } from '../tip/tip-drafts.ts';
import { followerIds } from './question.repo.ts';
import type { QuestionEventPayload } from './question.service.ts';

// The tips of the project Q&A (docs/questions.md § Tips). Never the question's or the answer's
// text, and never who asked: the tip only says there is something to read on the project.

export const TIP_QUESTION_HANDLER = 'tips.question';

/** Registers the handler that turns `question.*` events into tips; answers its removal. */
export function registerQuestionTips(outbox: Outbox): () => void {
  return outbox.on<QuestionEventPayload>(TIP_QUESTION_HANDLER, 'question.*', async (event, ctx) => {
    await writeTips(ctx.tx, await questionTips(ctx.tx, event.type, event.payload), event.id);
  });
}

/** The tips one `question.*` event sends. */
export async function questionTips(tx: Tx, type: string, e: QuestionEventPayload): Promise<Draft[]> {
  const p = await projectParties(tx, e.projectId);
  if (!p) return [];
  const name = `「${clip(p.title, 60)}」`;
  const toSupplier = (memberId: number, title: string, content: string): Draft => ({
    memberId,
    type: 'project',
    title: clip(title, 100),
    content: clip(content, 500),
    link: supplierLink(e.projectId),
  });
  switch (type) {
    case 'question.asked':
      return [
        {
          memberId: p.customerId,
          type: 'project',
          title: clip(`有供应商提问：${p.title}`, 100),
          content: `供应商对项目${name}提出了问题，回答后所有报价的供应商都能看到。`,
          link: customerLink(e.projectId),
        },
      ];
    case 'question.answered': {
      const followers = new Set(await followerIds(tx, e.projectId));
      const drafts: Draft[] = [];
      if (e.supplierId !== null) {
        // the asker's answer also goes out of the site, as the asker chose (docs/notices.md)
        drafts.push({
          ...toSupplier(e.supplierId, '您的问题已回答', `参展商回答了您在项目${name}上的问题。`),
          notice: 'answer',
          projectId: e.projectId,
        });
        followers.delete(e.supplierId);
      }
      for (const id of followers) {
        drafts.push(toSupplier(id, `项目有新的答疑：${p.title}`, `参展商回答了项目${name}上的一个问题。`));
      }
      return drafts;
    }
    case 'question.clarified':
      return (await followerIds(tx, e.projectId)).map((id) =>
        toSupplier(id, `项目有新的补充说明：${p.title}`, `参展商对项目${name}发布了补充说明。`),
      );
    default:
      return [];
  }
}
