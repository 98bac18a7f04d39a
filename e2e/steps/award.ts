// The marketplace up to the award, through the real calls, for journeys that start after it.
import { type APIRequestContext, expect } from '@playwright/test';
import sharp from 'sharp';
import { freshMobile, smsCode } from '../fixtures.ts';

export const PASSWORD = 'Booth2026ok';
const DAY = 86_400_000;

let issued = 0;

/**
 * A valid resident ID number no other member of the run has: the platform refuses one already
 * verified on another account. Its birth date moves with the clock and with each number issued
 * (a random 3-digit sequence alone, 899 choices, met a number already used about once in 30 runs).
 */
export function idNumber(): string {
  const weights = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
  issued++;
  // a day between 1970 and 2002 (an adult's birth date)
  const day = (Math.floor(Date.now() / 1000) + issued * 7919) % 12_000;
  const birth = new Date(day * DAY).toISOString().slice(0, 10).replaceAll('-', '');
  const first17 = `440305${birth}${String(100 + Math.floor(Math.random() * 899))}`;
  const sum = [...first17].reduce((s, d, i) => s + Number(d) * weights[i]!, 0);
  return first17 + '10X98765432'[sum % 11];
}

/** The call's `data`, after checking the envelope says it succeeded. */
export async function ok(res: Awaited<ReturnType<APIRequestContext['post']>>) {
  // biome-ignore lint/suspicious/noExplicitAny: the envelope's data differs per call
  const body = (await res.json()) as { success: boolean; data: any };
  expect(body.success, JSON.stringify(body)).toBe(true);
  return body.data;
}

/** Registers and logs in `api` as a new member; answers its mobile. */
export async function member(api: APIRequestContext, cardtype: 'workshop' | 'customer'): Promise<string> {
  const mobile = freshMobile();
  await api.post('/api/User/getCode', { data: { mobile, type: 'regist' } });
  const code = await smsCode(api, mobile);
  await ok(await api.post('/api/User/regist', { data: { mobile, code, password: PASSWORD, cardtype } }));
  await ok(await api.post('/api/User/login', { data: { mobile, password: PASSWORD } }));
  return mobile;
}

/**
 * A member verified by the platform: a personal verification submitted on `api` and approved on
 * `ops` (a customer needs it before an award: docs/delivery-contract.md "Award").
 */
export async function verifiedMember(api: APIRequestContext, ops: APIRequestContext, mobile: string) {
  const reviewId = await submitVerification(api, ops, mobile);
  await ok(
    await ops.post('/api/Admin/authReview', { data: { kind: 'person', id: reviewId, approve: true } }),
  );
}

/** Submits a personal verification for the member logged in on `api`; answers the review's id. */
export async function submitVerification(api: APIRequestContext, ops: APIRequestContext, mobile: string) {
  const png = await sharp({ create: { width: 320, height: 200, channels: 3, background: '#c7d2fe' } })
    .png()
    .toBuffer();
  const ids: string[] = [];
  for (const name of ['front.png', 'back.png']) {
    const res = await api.post('/api/File/upload', {
      multipart: { purpose: 'idcard', file: { name, mimeType: 'image/png', buffer: png } },
    });
    ids.push((await ok(res)).id);
  }
  await ok(
    await api.post('/api/Member/personAuth', {
      data: { realname: '陈师傅', idcard: idNumber(), cardfrt: ids[0], cardrvs: ids[1] },
    }),
  );
  const queue = await ok(
    await ops.post('/api/Admin/authQueue', {
      data: { kind: 'person', keyword: mobile, page: 1, pageSize: 10 },
    }),
  );
  return queue.listItem[0].id as number;
}

/** The payment plan a journey's project is published with (docs/staged-escrow.md), % */
export interface JourneyPlan {
  prepay: number;
  progress: number;
  final: number;
  retention: number;
}
export const DEFAULT_PLAN: JourneyPlan = { prepay: 30, progress: 40, final: 30, retention: 0 };
/** the journey supplier's quote: 24 ㎡ × ¥150 + 12 ㎡ × ¥300 */
export const JOURNEY_TOTAL_FEN = 720_000;

export interface Awarded {
  projectId: number;
  title: string;
  plan: JourneyPlan;
  customerMobile: string;
  supplierMobile: string;
}

/**
 * A new customer's project, approved by the demo reviewer and quoted by a newly verified supplier
 * (two priced lines in two categories) — all through the API. `ops` must be logged in as an
 * operator with the reviewer role. The customer's API context is answered, still logged in.
 * `buildingNow`: the show opens in two days, so its build-in (the default: 08:00 two days before)
 * has begun and a completion report is accepted (docs/delivery-report.md); else it opens in 40 days.
 */
export async function quotedProject(
  newApi: () => Promise<APIRequestContext>,
  ops: APIRequestContext,
  plan: JourneyPlan = DEFAULT_PLAN,
  buildingNow = false,
): Promise<Awarded & { customerApi: APIRequestContext }> {
  const customerApi = await newApi();
  const customerMobile = await member(customerApi, 'customer');
  await verifiedMember(customerApi, ops, customerMobile);
  const now = Date.now();
  const ymd = (t: number) => new Date(t).toISOString().slice(0, 10);
  const title = `2027 上海家具展 E2E${now % 100000} 特装展台`;
  const project = await ok(
    await customerApi.post('/api/Customer/projectSave', {
      data: {
        groupid: 1,
        title,
        length: 6,
        width: 4,
        height: 3,
        opens: 2,
        payPlan: plan,
        sdate: ymd(now + (buildingNow ? 2 : 40) * DAY),
        edate: ymd(now + (buildingNow ? 4 : 42) * DAY),
        biddl: new Date(now + (buildingNow ? 0.25 : 20) * DAY).toISOString(),
        prov: '上海市',
        city: '上海市',
        strt: '浦东新区',
        addr: '上海新国际博览中心 E3 馆',
        dimian: [{ name: '木地台', spec: '10cm', unit: '㎡', qty: 24, remark: '' }],
        beiban: [{ name: '品牌背景墙', spec: '木结构+喷绘', unit: '㎡', qty: 12, remark: '' }],
      },
    }),
  );
  await ok(await ops.post('/api/Admin/projectReview', { data: { id: project.id, approve: true, coins: 5 } }));
  const supplierApi = await newApi();
  const supplierMobile = await member(supplierApi, 'workshop');
  const reviewId = await submitVerification(supplierApi, ops, supplierMobile);
  await ok(
    await ops.post('/api/Admin/authReview', { data: { kind: 'person', id: reviewId, approve: true } }),
  );
  await ok(
    await supplierApi.post('/api/Projectcenter/priceTable', {
      data: {
        id: project.id,
        lines: {
          dimian: [{ name: '木地台', spec: '10cm', unit: '㎡', qty: 24, remark: '', price: 15_000 }],
          beiban: [
            { name: '品牌背景墙', spec: '木结构+喷绘', unit: '㎡', qty: 12, remark: '', price: 30_000 },
          ],
        },
        days: 4,
        remark: '',
        attachments: [],
      },
    }),
  );
  await supplierApi.dispose();
  return { projectId: project.id as number, title, plan, customerMobile, supplierMobile, customerApi };
}

/** `quotedProject`, then awarded to its only quote through the API. */
export async function awardedProject(
  newApi: () => Promise<APIRequestContext>,
  ops: APIRequestContext,
  plan: JourneyPlan = DEFAULT_PLAN,
  buildingNow = false,
): Promise<Awarded> {
  const { customerApi, ...quoted } = await quotedProject(newApi, ops, plan, buildingNow);
  const quotes = await ok(
    await customerApi.post('/api/Customer/quoteList', { data: { id: quoted.projectId } }),
  );
  await ok(
    await customerApi.post('/api/Customer/award', {
      data: { id: quoted.projectId, quoteId: quotes.listItem[0].quoteId },
    }),
  );
  await customerApi.dispose();
  return quoted;
}
