import { expect, type Page } from '@playwright/test';

/** Clicks the n-th star (1–5) of the antd Rate inside the form item labelled `label`. */
async function rate(region: ReturnType<Page['getByRole']>, label: string, n: number) {
  await region
    .locator('.ant-form-item', { hasText: label })
    .getByRole('radio')
    .nth(n - 1)
    .click();
}

/**
 * The winner (signed in on `page`) evaluates the customer of the completed project `projectId` on
 * its order detail: 评价参展商, a score and a text (docs/delivery-evaluation.md).
 */
export async function supplierEvaluates(
  page: Page,
  projectId: number,
  opts: { score?: number; content?: string } = {},
) {
  await page.goto(`/orderDetail?id=${projectId}`);
  const panel = page.getByRole('region', { name: '评价参展商' });
  await expect(panel).toBeVisible();
  await rate(panel, '综合评分', opts.score ?? 5);
  await panel.getByLabel('评价内容').fill(opts.content ?? '参展商沟通顺畅，验收及时，合作愉快。');
  await panel.getByRole('button', { name: '提交评价' }).click();
  await expect(panel.getByTestId('evaluation-supplier')).toBeVisible();
}

/**
 * The customer (signed in on `page`) evaluates the winner of the completed project `projectId` on
 * its project page: 评价供应商, three marks and a text.
 */
export async function customerEvaluates(
  page: Page,
  projectId: number,
  marks: { quality: number; service: number; punctuality: number },
  content = '搭建质量很好，现场服务周到，按时完工。',
) {
  await page.goto(`/customer/project?id=${projectId}`);
  const panel = page.getByRole('region', { name: '评价供应商' });
  await expect(panel).toBeVisible();
  await rate(panel, '搭建质量', marks.quality);
  await rate(panel, '服务态度', marks.service);
  await rate(panel, '准时交付', marks.punctuality);
  await panel.getByLabel('评价内容').fill(content);
  await panel.getByRole('button', { name: '提交评价' }).click();
  await expect(panel.getByTestId('evaluation-customer').first()).toBeVisible();
}

/** The id of the demo customer's project titled `title` (the customer is signed in on `page`). */
export async function customerProjectId(page: Page, title: string): Promise<number> {
  const list = await page.evaluate(async () => {
    const res = await fetch('/api/Customer/projectList', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ page: 1, pageSize: 50 }),
    });
    return (await res.json()).data.listItem as Array<{ id: number; title: string }>;
  });
  const p = list.find((x) => x.title === title);
  if (!p) throw new Error(`no demo project ${title}`);
  return p.id;
}
