import type { Tx } from '../../db/client.ts';
import type { Outbox } from '../outbox/outbox.ts';
import { writeTips } from '../tip/tip.events.ts';
import { projectParties } from '../tip/tip.repo.ts';
import { clip, customerLink, type Draft, supplierLink } from '../tip/tip-drafts.ts';
import type { SitePayload } from './site.service.ts';

export const TIP_SITE_HANDLER = 'tips.site';

/** The tip of one site event: the customer hears of each step; the supplier of the confirmation. */
export async function siteTips(tx: Tx, type: string, e: SitePayload): Promise<Draft[]> {
  const p = await projectParties(tx, e.projectId);
  if (!p) return [];
  const name = `「${clip(p.title, 60)}」`;
  const toCustomer = (title: string, content: string): Draft[] => [
    {
      memberId: p.customerId,
      type: 'project',
      title: clip(`${title}：${p.title}`, 100),
      content,
      link: `${customerLink(e.projectId)}#site`,
    },
  ];
  switch (type) {
    case 'site.checkin':
      return toCustomer(
        '供应商已进场',
        `项目${name}的供应商已进场打卡，请在现场时间线中查看照片并确认进场。`,
      );
    case 'site.log':
      return toCustomer('新的施工日志', `项目${name}有新的施工日志，可在现场时间线中查看。`);
    case 'site.ready':
      return toCustomer('展台已就绪', `项目${name}的展台已搭建完成，可在现场时间线中查看照片。`);
    case 'site.confirmed':
      return p.winnerId === null
        ? []
        : [
            {
              memberId: p.winnerId,
              type: 'project',
              title: clip(`进场已确认：${p.title}`, 100),
              content:
                e.by === 'system'
                  ? `项目${name}的进场打卡已满一天，系统已确认进场。`
                  : `参展商已确认您在项目${name}的进场。`,
              link: `${supplierLink(e.projectId)}#site`,
            },
          ];
    default:
      return [];
  }
}

export function registerSiteTips(outbox: Outbox): () => void {
  return outbox.on<SitePayload>(TIP_SITE_HANDLER, 'site.*', async (event, ctx) => {
    await writeTips(ctx.tx, await siteTips(ctx.tx, event.type, event.payload), event.id);
  });
}
