import type { Tx } from '../../db/client.ts';
import { notifyLive } from '../outbox/live-channel.repo.ts';
import type { Outbox } from '../outbox/outbox.ts';
import { onProjectEvent } from '../project/project-transition.ts';
import type { LedgerPayload } from '../tip/tip.events.ts';
import { quoteProject } from '../tip/tip.repo.ts';
import { projectLive } from './live.repo.ts';

export const LIVE_PROJECT_HANDLER = 'live.project';
export const LIVE_QUOTE_HANDLER = 'live.quote';
/** member ids per notification: keeps a payload far below PostgreSQL's 8000 bytes */
const IDS_PER_NOTIFY = 400;

/** Tells a project's customer and its suppliers that the project changed (a `project` event). */
export async function notifyProject(tx: Tx, projectId: number, what: 'quote' | 'project'): Promise<void> {
  const p = await projectLive(tx, projectId);
  if (!p) return;
  const members = [p.customerId, ...p.supplierIds];
  for (let i = 0; i < members.length; i += IDS_PER_NOTIFY) {
    await notifyLive(tx, {
      k: 'project',
      p: projectId,
      w: what,
      s: p.status,
      n: p.quotes,
      m: members.slice(i, i + IDS_PER_NOTIFY),
    });
  }
}

/**
 * Outbox handlers of live project updates (docs/adr/0007-live-events.md): every project
 * transition, and every new quote (its `ledger.quote_fee`), notify LIVE_CHANNEL in the delivery's
 * transaction, so the pages open on the project read it again. Answers a function that removes them.
 */
export function registerLiveHandlers(outbox: Outbox): () => void {
  const offProject = onProjectEvent(outbox, LIVE_PROJECT_HANDLER, (notice, ctx) =>
    notifyProject(ctx.tx, notice.projectId, 'project'),
  );
  const offQuote = outbox.on<LedgerPayload>(LIVE_QUOTE_HANDLER, 'ledger.quote_fee', async (event, ctx) => {
    const p = event.payload;
    const quoteId = p.refType === 'quote' ? Number(p.refId) : Number.NaN;
    if (!Number.isSafeInteger(quoteId) || quoteId < 1) return;
    const q = await quoteProject(ctx.tx, quoteId);
    if (q) await notifyProject(ctx.tx, q.projectId, 'quote');
  });
  return () => {
    offProject();
    offQuote();
  };
}
