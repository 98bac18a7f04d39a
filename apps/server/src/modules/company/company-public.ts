import { AUTH_STATUS, type PublicEvaluation, SHOWROOM_RULES, type ShowInfo } from '@zl/shared';
import type { DbOrTx } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { scoresOf } from '../evaluation/evaluation.service.ts';
import { fileRef } from '../file/file-access.ts';
import { trackRecordOf } from '../member/track-record.ts';
import * as repo from './company.repo.ts';
import { caseView, profileOf } from './company.service.ts';

/** The public showroom page /show?id=<cardno> (docs/showroom.md § Public page). */

/** 「上海鼎盛展览有限公司」→「上海***」, 「小王」→「小**」: the author is not identified publicly. */
export function maskName(name: string): string {
  const chars = [...name.trim()];
  if (chars.length === 0) return '匿名用户';
  return `${chars.slice(0, chars.length > 3 ? 2 : 1).join('')}${chars.length > 3 ? '***' : '**'}`;
}

/** A supplier by its 8-digit member number; unknown numbers and customers are NOT_FOUND. */
async function supplierByCardno(db: DbOrTx, cardno: string): Promise<repo.ShowroomOwner> {
  const owner = /^\d{8}$/.test(cardno) ? await repo.ownerByCardno(db, cardno) : undefined;
  if (owner?.cardtype !== 'workshop') throw new AppError('NOT_FOUND', { message: '展厅不存在' });
  return owner;
}

/**
 * Company/showInfo: the supplier's profile, cases, score, track record, verification and its
 * revealed evaluations, to anyone (no session needed). Nothing private: no mobile, no ID numbers.
 */
export async function showInfo(db: DbOrTx, cardno: string, callerId: number | null): Promise<ShowInfo> {
  const owner = await supplierByCardno(db, cardno);
  const now = new Date();
  const row = await repo.findShowroom(db, owner.id);
  const cases = await repo.listCases(db, owner.id, { limit: SHOWROOM_RULES.casesMax, offset: 0 });
  const { list, total } = await repo.revealedEvaluations(db, owner.id, now, SHOWROOM_RULES.evaluationsShown);
  const scores = await scoresOf(db, [owner.id]);
  const evaluations: PublicEvaluation[] = list.map((r) => ({
    id: r.row.id,
    projectTitle: r.projectTitle,
    quality: r.row.quality ?? 0,
    service: r.row.service ?? 0,
    punctuality: r.row.punctuality ?? 0,
    content: r.row.content,
    pictures: r.row.pictures.map((id) => fileRef(id)),
    authorName: maskName(r.authorCompany || r.authorNickname),
    reply: r.row.reply,
    created: r.row.createdAt.toISOString(),
  }));
  return {
    profile: profileOf(owner, row),
    personVerified: owner.personauth === AUTH_STATUS.APPROVED,
    businessVerified: owner.businsauth === AUTH_STATUS.APPROVED,
    score: scores.get(owner.id) ?? null,
    trackRecord: await trackRecordOf(db, owner.id),
    cases: cases.map(caseView),
    evaluations,
    evaluationCount: total,
    mine: callerId === owner.id,
  };
}

export interface ShareTags {
  title: string;
  description: string;
  /** path of the picture (/files/…), or null */
  image: string | null;
}

/**
 * What a shared link of /show?id=<cardno> previews (WeChat's crawler runs no script): the
 * showroom's name, the start of its introduction and its logo (else the first case's cover, else
 * the banner). Null for an unknown number or a customer: the plain page is served.
 */
export async function shareTags(db: DbOrTx, cardno: string): Promise<ShareTags | null> {
  let owner: repo.ShowroomOwner;
  try {
    owner = await supplierByCardno(db, cardno);
  } catch {
    return null;
  }
  const row = await repo.findShowroom(db, owner.id);
  const profile = profileOf(owner, row);
  const [first] = await repo.listCases(db, owner.id, { limit: 1, offset: 0 });
  const intro = profile.introduction.replace(/\s+/g, ' ').trim();
  const description =
    intro.length > 0
      ? [...intro].slice(0, 120).join('') + ([...intro].length > 120 ? '…' : '')
      : `${profile.name}的展厅：展台设计搭建案例、评分与评价。`;
  const imageId = row?.logo || first?.faceimg || row?.banner || '';
  return {
    title: `${profile.name || '供应商'}的展厅 - 展览供应商接单平台`,
    description,
    image: imageId ? fileRef(imageId).url : null,
  };
}
