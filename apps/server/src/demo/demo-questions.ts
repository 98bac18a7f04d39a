import type { Db } from '../db/client.ts';
import { findProjectByTitle } from '../modules/payment/payment.repo.ts';
import { countOfProject, insertRows } from '../modules/question/question.repo.ts';
import { findMemberByMobile } from '../modules/user/user.repo.ts';
import { DEMO_QA_TITLE } from './demo-marketplace.ts';

const HOUR = 3_600_000;

/**
 * The project Q&A on the demo customer's bidding project (docs/questions.md): two questions of
 * the demo supplier, one answered and one waiting for the customer, and a clarification. Seeded
 * once: nothing when the project already has any.
 */
export async function seedDemoQuestions(
  db: Db,
  demo: { supplierMobile: string; customerMobile: string },
): Promise<string[]> {
  const supplier = await findMemberByMobile(db, demo.supplierMobile);
  const customer = await findMemberByMobile(db, demo.customerMobile);
  if (!supplier || !customer) return [];
  const p = await findProjectByTitle(db, customer.id, DEMO_QA_TITLE);
  if (!p) return [];
  if ((await countOfProject(db, p.id)) > 0) return [];
  const at = (hoursAgo: number) => new Date(Date.now() - hoursAgo * HOUR);
  await insertRows(db, [
    {
      projectId: p.id,
      supplierId: supplier.id,
      content: '主背景墙的画面由贵方提供：请问是什么文件格式，开展前几天能交给我们？',
      answer: 'AI 或 PDF 矢量文件，含出血 5mm，开展前 10 天发给中标方。',
      createdAt: at(30),
      publishedAt: at(26),
    },
    {
      projectId: p.id,
      supplierId: null,
      content: '7.1 号馆限高 4.5 米，展台最高点（含灯箱）不得超过；搭建期为开展前 2 天。',
      createdAt: at(20),
      publishedAt: at(20),
    },
    {
      projectId: p.id,
      supplierId: supplier.id,
      content: 'LED 屏的播放控制电脑需要我方提供吗？',
      createdAt: at(3),
    },
  ]);
  return [`  演示项目「${DEMO_QA_TITLE}」有 3 条答疑（1 条待参展商回答）`];
}
