import { QueryClientProvider } from '@tanstack/react-query';
import { configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ProjectDetail as Project } from '@zl/shared';
import { defaultShowDates, PAY_PLAN_DEFAULT, PAY_PLAN_FULL_PREPAY } from '@zl/shared';
import dayjs from 'dayjs';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../lib/query-client.ts';
import { syncSessionFromStorage } from '../../../lib/session-store.ts';
import { storage } from '../../../lib/storage.ts';
import { stubBrowser } from '../../../lib/test-env.ts';
import { projectFixture } from '../../../lib/test-project.ts';
import { envelope, fakeFeedback, jsonResponse, mockFetch } from '../../../lib/test-utils.ts';
import { EMPTY_VALUES, PUBLISH_DRAFT, toSaveBody } from '../lib/publish-values.ts';
import PublishPage from './publish-page.tsx';

const PIC = 'PPPPPPPPPPPPPPPPPPPPPP';
const ATT = 'AAAAAAAAAAAAAAAAAAAAAA';

/** The customer fixture, as a pending project with a picture, an attachment and a rental line. */
function project(over: Partial<Project> = {}): Project {
  const sdate = dayjs().add(30, 'day');
  return projectFixture({
    coins: 0,
    picture: [{ id: PIC, url: `/files/${PIC}`, thumbUrl: `/files/${PIC}/thumb` }],
    attach: ATT,
    attachname: '平面图.pdf',
    conts: '木结构，灰色地毯',
    biddl: sdate.subtract(10, 'day').hour(18).minute(0).second(0).millisecond(0).toISOString(),
    addr: '国家会展中心 7.1 号馆',
    status: 0,
    statusText: '待审核',
    checked: 0,
    dimian: [{ name: '地台', spec: '10cm 木地台', unit: 'm²', qty: 27, remark: '' }],
    zulin: [{ name: '洽谈桌椅', spec: '', unit: '套', qty: 2, remark: '白色' }],
    ...over,
  });
}

/** A data router, as the app's: the page asks before leaving with unsent changes (useBlocker). */
function renderAt(url: string) {
  const router = createMemoryRouter(
    [
      { path: '/customer/publish', element: <PublishPage /> },
      { path: '/customer/projects', element: <div>我的项目列表</div> },
    ],
    { initialEntries: [url] },
  );
  const view = render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return Object.assign(view, { router });
}

function saveCalls(fetchMock: ReturnType<typeof mockFetch>) {
  return fetchMock.mock.calls
    .filter(([u]) => String(u).endsWith('Customer/projectSave'))
    .map(([, init]) => JSON.parse(String((init as RequestInit).body)) as Record<string, unknown>);
}

/** The error messages shown on the form item labelled `label`. */
function errorsOn(label: string): string[] {
  const item = screen.getByLabelText(label).closest('.ant-form-item') as HTMLElement;
  return [...item.querySelectorAll('.ant-form-item-explain-error')].map((e) => e.textContent ?? '');
}

const percentOf = (label: string) => (screen.getByLabelText(label) as HTMLInputElement).value;
const shownValue = (label: string) => (screen.getByLabelText(label) as HTMLInputElement).value;

/** Types into an antd picker's input and commits it with Enter, as a member can. */
function typeDate(input: HTMLElement, text: string) {
  fireEvent.mouseDown(input);
  fireEvent.focus(input);
  fireEvent.change(input, { target: { value: text } });
  fireEvent.keyDown(input, { key: 'Enter', code: 'Enter' });
  fireEvent.blur(input);
}

/** 展会日期 (the range picker): both days, YYYY-MM-DD. */
function pickPeriod(start: string, end: string) {
  typeDate(screen.getByPlaceholderText('开始日期'), start);
  typeDate(screen.getByPlaceholderText('结束日期'), end);
}

/** The four build-in / teardown pickers as shown (China wall-clock time). */
const SHOW_PICKERS = ['进场布展开始', '布展结束', '撤场开始', '撤场结束'];
const shownShowDates = () => SHOW_PICKERS.map(shownValue);

/** A day `n` days from today, YYYY-MM-DD. */
const day = (n: number) => dayjs().add(n, 'day').format('YYYY-MM-DD');

/** The defaults of defaultShowDates as the pickers show them. */
function shownDefaults(sdate: string, edate: string): string[] {
  const d = defaultShowDates(sdate, edate);
  const china = (t: Date) =>
    dayjs(t.getTime() + 8 * 3_600_000)
      .toISOString()
      .slice(0, 16)
      .replace('T', ' ');
  return [china(d.buildStart), china(d.buildEnd), china(d.teardownStart), china(d.teardownEnd)];
}

/** A project whose build-in and teardown are still the defaults of its days. */
function projectWithDefaults(over: Partial<Project> = {}): Project {
  const p = project(over);
  const d = defaultShowDates(p.sdate, p.edate);
  return {
    ...p,
    buildStart: d.buildStart.toISOString(),
    buildEnd: d.buildEnd.toISOString(),
    teardownStart: d.teardownStart.toISOString(),
    teardownEnd: d.teardownEnd.toISOString(),
  };
}

function serve(p: Project, save?: () => Response) {
  return mockFetch((url, init) => {
    if (url.endsWith('Customer/projectInfo')) return jsonResponse(envelope('success', p));
    if (url.endsWith('Customer/projectSave'))
      return save?.() ?? jsonResponse(envelope('success', { ...p, ...JSON.parse(String(init?.body)) }));
    return jsonResponse(envelope('NOT_FOUND'), 404);
  });
}

// a whole antd form validates slowly in jsdom on a shared two-core machine
configure({ asyncUtilTimeout: 10_000 });

beforeEach(() => {
  stubBrowser();
  fakeFeedback();
  window.localStorage.clear();
  syncSessionFromStorage();
});
afterEach(() => vi.unstubAllGlobals());

// The whole publish form renders in jsdom for each test: 7–12 s a test on a quiet machine, 31–42 s
// on a busy one (CI's suite with a database load beside it) — the limit leaves room for the latter.
describe('publish form', { timeout: 90_000 }, () => {
  it('computes the area live from length × width', async () => {
    mockFetch(() => jsonResponse(envelope('success', null)));
    renderAt('/customer/publish');
    const area = await screen.findByTestId('area');
    expect(area.textContent).toBe('—');
    fireEvent.change(screen.getByLabelText('长（米）'), { target: { value: '6.5' } });
    fireEvent.change(screen.getByLabelText('宽（米）'), { target: { value: '4.25' } });
    await waitFor(() => expect(area.textContent).toBe('27.63 m²'));
    fireEvent.change(screen.getByLabelText('宽（米）'), { target: { value: '3' } });
    await waitFor(() => expect(area.textContent).toBe('19.50 m²'));
  });

  it('sends the seed field names, the edited 付款计划 and the deadline as ISO; never prepay', async () => {
    const p = project({ payPlan: { prepay: 20, progress: 50, final: 30, retention: 5 } });
    const fetchMock = serve(p);
    renderAt('/customer/publish?id=7');
    const prepay = await screen.findByLabelText('预付款');
    // the saved plan fills the inputs
    expect((screen.getByRole('radio', { name: '分阶段付款' }) as HTMLInputElement).checked).toBe(true);
    expect([
      percentOf('预付款'),
      percentOf('进场款'),
      percentOf('尾款'),
      percentOf('质保金（选填）'),
    ]).toEqual(['20', '50', '30', '5']);
    fireEvent.change(prepay, { target: { value: '25' } });
    fireEvent.change(screen.getByLabelText('尾款'), { target: { value: '25' } });
    fireEvent.click(screen.getByRole('button', { name: '保存修改' }));
    await waitFor(
      () => {
        const errs = [...document.querySelectorAll('.ant-form-item-explain-error')].map((e) => e.textContent);
        expect(errs).toEqual([]);
        expect(saveCalls(fetchMock)).toHaveLength(1);
      },
      { timeout: 10_000 },
    );
    const body = saveCalls(fetchMock)[0] as Record<string, unknown>;
    expect(Object.keys(body).sort()).toEqual(
      [
        'id',
        'title',
        'groupid',
        'length',
        'width',
        'height',
        'opens',
        'payPlan',
        'sdate',
        'edate',
        'buildStart',
        'buildEnd',
        'teardownStart',
        'teardownEnd',
        'filingDeadline',
        'hall',
        'booth',
        'deposit',
        'biddl',
        'prov',
        'city',
        'strt',
        'addr',
        'conts',
        'picture',
        'attach',
        'dimian',
        'beiban',
        'mentou',
        'zhanshi',
        'jiedai',
        'meigong',
        'zulin',
      ].sort(),
    );
    expect(body).toMatchObject({
      id: 7,
      groupid: 1,
      length: 6,
      width: 4.5,
      opens: 2,
      sdate: p.sdate,
      edate: p.edate,
      // the saved build-in and teardown, as they were
      buildStart: p.buildStart,
      buildEnd: p.buildEnd,
      teardownStart: p.teardownStart,
      teardownEnd: p.teardownEnd,
      filingDeadline: '',
      hall: '',
      booth: '',
      deposit: 0,
      biddl: p.biddl,
      prov: '上海市',
      city: '上海市',
      strt: '黄浦区',
      picture: [PIC],
      attach: ATT,
      zulin: [{ name: '洽谈桌椅', spec: '', unit: '套', qty: 2, remark: '白色' }],
    });
    expect(body.payPlan).toEqual({ prepay: 25, progress: 50, final: 25, retention: 5 });
    expect(body).not.toHaveProperty('prepay');
    expect(body).not.toHaveProperty('areas');
    expect(await screen.findByText('项目已提交审核')).toBeTruthy();
  });

  it('a new project starts from the default plan 30 / 40 / 30, no 质保金, with when each stage is due', async () => {
    mockFetch(() => jsonResponse(envelope('success', null)));
    renderAt('/customer/publish');
    await screen.findByLabelText('预付款');
    expect((screen.getByRole('radio', { name: '分阶段付款' }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('radio', { name: '全额预付（100%）' }) as HTMLInputElement).checked).toBe(false);
    expect([
      percentOf('预付款'),
      percentOf('进场款'),
      percentOf('尾款'),
      percentOf('质保金（选填）'),
    ]).toEqual([
      String(PAY_PLAN_DEFAULT.prepay),
      String(PAY_PLAN_DEFAULT.progress),
      String(PAY_PLAN_DEFAULT.final),
      '0',
    ]);
    const item = (label: string) =>
      (screen.getByLabelText(label).closest('.ant-form-item') as HTMLElement).textContent;
    expect(item('预付款')).toContain('合同确认后支付，确认进场后结算');
    expect(item('进场款')).toContain('进场前支付，确认进场后结算');
    expect(item('尾款')).toContain('验收前支付，验收后结算');
    expect(item('质保金（选填）')).toContain('从尾款中扣留，撤展后质保期满无投诉再结算给供应商');
    expect(screen.getByTestId('plan-sum').textContent).toContain('= 100%');
    // and the body of a new project carries that plan
    expect(toSaveBody(EMPTY_VALUES).payPlan).toEqual(PAY_PLAN_DEFAULT);
    expect(toSaveBody(EMPTY_VALUES)).not.toHaveProperty('prepay');
    // a draft from before 付款计划 still held a 预付款 amount: it is dropped, the rest restored
    expect(PUBLISH_DRAFT.load({ title: '旧草稿', prepay: '1234.5' })).toEqual({
      title: '旧草稿',
      period: null,
      biddl: null,
    });
  });

  it('全额预付（100%） sends {100, 0, 0, 0} whatever the staged inputs hold; editing prefills it', async () => {
    const fetchMock = serve(project({ payPlan: { prepay: 20, progress: 50, final: 30, retention: 5 } }));
    const first = renderAt('/customer/publish?id=7');
    await screen.findByLabelText('预付款');
    // a wrong staged plan does not matter once 全额预付 is chosen: its inputs go away
    fireEvent.change(screen.getByLabelText('预付款'), { target: { value: '90' } });
    fireEvent.click(screen.getByRole('radio', { name: '全额预付（100%）' }));
    await waitFor(() => expect(screen.queryByLabelText('预付款')).toBeNull());
    expect(screen.getByTestId('plan-full').textContent).toContain('一次付清');
    fireEvent.click(screen.getByRole('button', { name: '保存修改' }));
    await waitFor(() => expect(saveCalls(fetchMock)).toHaveLength(1), { timeout: 10_000 });
    expect(saveCalls(fetchMock)[0]?.payPlan).toEqual(PAY_PLAN_FULL_PREPAY);
    expect(saveCalls(fetchMock)[0]).not.toHaveProperty('prepay');
    await screen.findByText('项目已提交审核');
    first.unmount();

    serve(project({ payPlan: { ...PAY_PLAN_FULL_PREPAY } }));
    renderAt('/customer/publish?id=7');
    const full = (await screen.findByRole('radio', { name: '全额预付（100%）' })) as HTMLInputElement;
    await waitFor(() => expect(full.checked).toBe(true));
    expect(screen.queryByLabelText('预付款')).toBeNull();
    // back to staged: the default plan, not 100 / 0 / 0
    fireEvent.click(screen.getByRole('radio', { name: '分阶段付款' }));
    expect(await screen.findByLabelText('预付款')).toBeTruthy();
    expect([percentOf('预付款'), percentOf('进场款'), percentOf('尾款')]).toEqual(['30', '40', '30']);
  });

  it('a plan that does not sum to 100% says so on 尾款 as it is typed, and is not sent', async () => {
    const fetchMock = serve(project());
    renderAt('/customer/publish?id=7');
    fireEvent.change(await screen.findByLabelText('预付款'), { target: { value: '40' } });
    const sum = '预付款、进场款、尾款比例之和须为 100%（现为 110%）';
    // live, before any submit: the schema's message on 尾款, the running sum beside it
    await waitFor(() => expect(errorsOn('尾款')).toEqual([sum]));
    expect(errorsOn('预付款')).toEqual([]);
    expect(screen.getByTestId('plan-sum').textContent).toContain('= 110%，须为 100%');
    fireEvent.click(screen.getByRole('button', { name: '保存修改' }));
    await waitFor(() => expect(errorsOn('尾款')).toEqual([sum]));
    expect(saveCalls(fetchMock)).toHaveLength(0);
    // put right: the message goes
    fireEvent.change(screen.getByLabelText('尾款'), { target: { value: '20' } });
    await waitFor(() => expect(errorsOn('尾款')).toEqual([]));
    expect(screen.getByTestId('plan-sum').textContent).toContain('= 100%');
  });

  it('质保金 over 10% or over 尾款, an empty or negative share: the schema message on that field', async () => {
    const fetchMock = serve(project());
    renderAt('/customer/publish?id=7');
    const retention = await screen.findByLabelText('质保金（选填）');
    fireEvent.change(retention, { target: { value: '12' } });
    await waitFor(() => expect(errorsOn('质保金（选填）')).toEqual(['质保金比例最多 10%']));
    fireEvent.change(screen.getByLabelText('预付款'), { target: { value: '50' } });
    fireEvent.change(screen.getByLabelText('进场款'), { target: { value: '45' } });
    fireEvent.change(screen.getByLabelText('尾款'), { target: { value: '5' } });
    fireEvent.change(retention, { target: { value: '8' } });
    await waitFor(() => expect(errorsOn('质保金（选填）')).toEqual(['质保金从尾款中扣留，不能超过尾款比例']));
    fireEvent.change(screen.getByLabelText('进场款'), { target: { value: '' } });
    await waitFor(() => expect(errorsOn('进场款')).toEqual(['请输入进场款比例']));
    fireEvent.click(screen.getByRole('button', { name: '保存修改' }));
    await waitFor(() => expect(errorsOn('进场款')).toEqual(['请输入进场款比例']));
    expect(saveCalls(fetchMock)).toHaveLength(0);
  });

  it('an empty title asks for the title; 项目类别 and its message agree; a negative share says so', async () => {
    const fetchMock = serve(project());
    renderAt('/customer/publish?id=7');
    const title = await screen.findByLabelText('项目标题');
    fireEvent.change(title, { target: { value: '' } });
    fireEvent.change(screen.getByLabelText('进场款'), { target: { value: '-5' } });
    fireEvent.click(screen.getByRole('button', { name: '保存修改' }));
    const msg = await screen.findByText('请输入项目标题');
    expect(msg.closest('.ant-form-item')?.textContent).toContain('项目标题');
    expect(screen.queryByText(/项目标题至少/)).toBeNull();
    expect(await screen.findByText('进场款比例不能为负数')).toBeTruthy();
    fireEvent.change(title, { target: { value: '车展' } });
    expect(await screen.findByText('项目标题至少 4 个字')).toBeTruthy();
    expect(saveCalls(fetchMock)).toHaveLength(0);
  });

  it('refuses a bidding deadline on or after the first exhibition day, in the field', async () => {
    const p = project();
    const fetchMock = serve({ ...p, biddl: dayjs(p.sdate).add(1, 'day').hour(10).toISOString() });
    renderAt('/customer/publish?id=7');
    fireEvent.click(await screen.findByRole('button', { name: '保存修改' }));
    const msg = await screen.findByText('竞标截止时间必须早于展会开始日期');
    expect(msg.closest('.ant-form-item')?.textContent).toContain('竞标截止时间');
    expect(saveCalls(fetchMock)).toHaveLength(0);
  });

  it('shows the rejection reason and resubmits; server field errors land on their fields', async () => {
    const p = project({
      status: 7,
      checked: 2,
      closedBy: 'rejected',
      reason: '图片不清晰',
      statusText: '已关闭',
    });
    const fetchMock = serve(p, () =>
      jsonResponse(
        envelope(
          'VALIDATION_FAILED',
          { fields: { city: '展会所在地区不正确，请重新选择' } },
          { showType: 0 },
        ),
        400,
      ),
    );
    renderAt('/customer/publish?id=7');
    expect(await screen.findByText(/驳回原因：图片不清晰/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '重新提交审核' }));
    const err = await screen.findByText('展会所在地区不正确，请重新选择');
    expect(within(err.closest('.ant-form-item') as HTMLElement).getByText('展会城市')).toBeTruthy();
    expect(saveCalls(fetchMock)).toHaveLength(1);
  });

  it('a server message on payPlan.final lands on 尾款; on the whole plan, on 付款方式', async () => {
    let fields: Record<string, string> = {
      'payPlan.final': '预付款、进场款、尾款比例之和须为 100%（现为 90%）',
    };
    const fetchMock = serve(project(), () =>
      jsonResponse(envelope('VALIDATION_FAILED', { fields }, { showType: 0 }), 400),
    );
    renderAt('/customer/publish?id=7');
    fireEvent.click(await screen.findByRole('button', { name: '保存修改' }));
    await waitFor(() => expect(errorsOn('尾款')).toEqual([fields['payPlan.final']]));
    expect(saveCalls(fetchMock)).toHaveLength(1);

    fields = { payPlan: '付款计划格式不正确' };
    fireEvent.click(screen.getByRole('button', { name: '保存修改' }));
    const err = await screen.findByText('付款计划格式不正确');
    expect(err.closest('.ant-form-item')?.textContent).toContain('付款方式');
    expect(saveCalls(fetchMock)).toHaveLength(2);
  });
});

describe('publish form: 展期与现场 (docs/show-dates.md)', { timeout: 90_000 }, () => {
  it('展会日期 fill the build-in and teardown defaults, and move them until one is set by hand', async () => {
    mockFetch(() => jsonResponse(envelope('success', null)));
    renderAt('/customer/publish');
    await screen.findByLabelText('进场布展开始');
    // nothing before the show's days are chosen
    expect(shownShowDates()).toEqual(['', '', '', '']);
    pickPeriod(day(40), day(42));
    await waitFor(() => expect(shownShowDates()).toEqual(shownDefaults(day(40), day(42))));
    // other days: the defaults follow
    pickPeriod(day(50), day(52));
    await waitFor(() => expect(shownShowDates()).toEqual(shownDefaults(day(50), day(52))));
    // 布展结束 set by hand stays; the others still follow
    const own = `${day(49)} 20:30`;
    typeDate(screen.getByLabelText('布展结束'), own);
    await waitFor(() => expect(shownValue('布展结束')).toBe(own));
    pickPeriod(day(50), day(54));
    const moved = shownDefaults(day(50), day(54));
    await waitFor(() => expect(shownShowDates()).toEqual([moved[0], own, moved[2], moved[3]]));
    expect(errorsOn('布展结束')).toEqual([]);
  });

  it('sends the build-in, teardown, 报馆截止, 馆号, 展位号 and 施工押金 (元 → 分)', async () => {
    const p = projectWithDefaults();
    const fetchMock = serve(p);
    renderAt('/customer/publish?id=7');
    // the saved times are loaded
    await waitFor(() => expect(shownShowDates()).toEqual(shownDefaults(p.sdate, p.edate)));
    expect(shownValue('报馆截止（选填）')).toBe('');
    // new days: the build-in and teardown still were the defaults, so they follow
    const sdate = dayjs(p.sdate).add(5, 'day').format('YYYY-MM-DD');
    const edate = dayjs(p.sdate).add(7, 'day').format('YYYY-MM-DD');
    pickPeriod(sdate, edate);
    await waitFor(() => expect(shownShowDates()).toEqual(shownDefaults(sdate, edate)));
    const filing = dayjs(p.sdate).format('YYYY-MM-DD');
    typeDate(screen.getByLabelText('报馆截止（选填）'), `${filing} 18:00`);
    fireEvent.change(screen.getByLabelText('馆号（选填）'), { target: { value: ' 7.1H ' } });
    fireEvent.change(screen.getByLabelText('展位号（选填）'), { target: { value: '7.1A01' } });
    fireEvent.change(screen.getByLabelText('施工押金（选填）'), { target: { value: '5,000.5' } });
    fireEvent.click(screen.getByRole('button', { name: '保存修改' }));
    await waitFor(() => expect(saveCalls(fetchMock)).toHaveLength(1), { timeout: 10_000 });
    const d = defaultShowDates(sdate, edate);
    expect(saveCalls(fetchMock)[0]).toMatchObject({
      sdate,
      edate,
      buildStart: d.buildStart.toISOString(),
      buildEnd: d.buildEnd.toISOString(),
      teardownStart: d.teardownStart.toISOString(),
      teardownEnd: d.teardownEnd.toISOString(),
      // 18:00 China time
      filingDeadline: new Date(`${filing}T18:00:00+08:00`).toISOString(),
      hall: '7.1H',
      booth: '7.1A01',
      deposit: 500050,
    });
  });

  it('a build-in end after the opening day is refused in the field; 押金 must be 元 with two decimals', async () => {
    const p = projectWithDefaults();
    const fetchMock = serve(p);
    renderAt('/customer/publish?id=7');
    await waitFor(() => expect(shownValue('布展结束')).not.toBe(''));
    typeDate(screen.getByLabelText('布展结束'), `${dayjs(p.sdate).add(1, 'day').format('YYYY-MM-DD')} 10:00`);
    fireEvent.change(screen.getByLabelText('施工押金（选填）'), { target: { value: '12.345' } });
    fireEvent.click(screen.getByRole('button', { name: '保存修改' }));
    await waitFor(() => expect(errorsOn('布展结束')).toEqual(['布展最晚在开展当天结束']));
    expect(errorsOn('施工押金（选填）')).toEqual(['施工押金格式不正确，最多两位小数']);
    expect(saveCalls(fetchMock)).toHaveLength(0);
  });

  it("the server's message on buildEnd shows under 布展结束", async () => {
    const fetchMock = serve(projectWithDefaults(), () =>
      jsonResponse(
        envelope('VALIDATION_FAILED', { fields: { buildEnd: '布展最晚在开展当天结束' } }, { showType: 0 }),
        400,
      ),
    );
    renderAt('/customer/publish?id=7');
    fireEvent.click(await screen.findByRole('button', { name: '保存修改' }));
    await waitFor(() => expect(errorsOn('布展结束')).toEqual(['布展最晚在开展当天结束']));
    expect(errorsOn('进场布展开始')).toEqual([]);
    expect(saveCalls(fetchMock)).toHaveLength(1);
  });
});

describe('publish form draft', { timeout: 90_000 }, () => {
  const DRAFT_KEY = /draft\.10000005\.publish\.new$/;
  const draftKeys = () => Object.keys(window.localStorage).filter((k) => DRAFT_KEY.test(k));

  it('what was typed comes back after leaving, per member; 清空草稿 starts over', async () => {
    storage.saveLogin('10000005');
    syncSessionFromStorage();
    mockFetch(() => jsonResponse(envelope('success', null)));
    const first = renderAt('/customer/publish');
    fireEvent.change(await screen.findByLabelText('项目标题'), { target: { value: '福州 特装展台 草稿' } });
    fireEvent.change(screen.getByLabelText('长（米）'), { target: { value: '6' } });
    expect(draftKeys()).toHaveLength(1);
    first.unmount();

    renderAt('/customer/publish');
    await waitFor(() =>
      expect((screen.getByLabelText('项目标题') as HTMLInputElement).value).toBe('福州 特装展台 草稿'),
    );
    expect((screen.getByLabelText('长（米）') as HTMLInputElement).value).toBe('6.00');
    expect(screen.getByText(/已恢复您 .* 未提交的内容/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '清空草稿' }));
    await waitFor(() => expect((screen.getByLabelText('项目标题') as HTMLInputElement).value).toBe(''));
    expect(draftKeys()).toHaveLength(0);
  });

  it('a build-in time set by hand comes back with the draft and still stays when 展会日期 change', async () => {
    storage.saveLogin('10000005');
    syncSessionFromStorage();
    mockFetch(() => jsonResponse(envelope('success', null)));
    const first = renderAt('/customer/publish');
    await screen.findByLabelText('撤场结束');
    pickPeriod(day(40), day(42));
    await waitFor(() => expect(shownShowDates()).toEqual(shownDefaults(day(40), day(42))));
    const own = `${day(43)} 12:00`;
    typeDate(screen.getByLabelText('撤场结束'), own);
    await waitFor(() => expect(shownValue('撤场结束')).toBe(own));
    first.unmount();

    renderAt('/customer/publish');
    const restored = [...shownDefaults(day(40), day(42)).slice(0, 3), own];
    await waitFor(() => expect(shownShowDates()).toEqual(restored));
    pickPeriod(day(41), day(42));
    const moved = shownDefaults(day(41), day(42));
    await waitFor(() => expect(shownShowDates()).toEqual([...moved.slice(0, 3), own]));
  });

  it('another member sees no draft of this one', async () => {
    storage.saveLogin('10000005');
    syncSessionFromStorage();
    mockFetch(() => jsonResponse(envelope('success', null)));
    const first = renderAt('/customer/publish');
    fireEvent.change(await screen.findByLabelText('项目标题'), { target: { value: '别人的草稿' } });
    first.unmount();
    storage.saveLogin('10000006');
    syncSessionFromStorage();
    renderAt('/customer/publish');
    expect(((await screen.findByLabelText('项目标题')) as HTMLInputElement).value).toBe('');
  });

  it('a click away with unsent changes asks first (Chinese confirm); cancelling stays', async () => {
    storage.saveLogin('10000005');
    syncSessionFromStorage();
    mockFetch(() => jsonResponse(envelope('success', null)));
    const confirm = vi.fn(() => false);
    vi.stubGlobal('confirm', confirm);
    const { router } = renderAt('/customer/publish');
    await screen.findByLabelText('项目标题');
    // nothing typed yet: leaving is not asked about
    const untouched = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(untouched);
    expect(untouched.defaultPrevented).toBe(false);
    fireEvent.change(await screen.findByLabelText('项目标题'), { target: { value: '未提交' } });
    // a reload or closing the tab is asked about by the browser
    const unload = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(unload);
    expect(unload.defaultPrevented).toBe(true);
    void router.navigate('/customer/projects');
    await waitFor(() => expect(confirm).toHaveBeenCalledTimes(1));
    expect(String((confirm.mock.calls[0] as unknown[])[0])).toContain('未提交的内容');
    expect(router.state.location.pathname).toBe('/customer/publish');
    confirm.mockReturnValue(true);
    void router.navigate('/customer/projects');
    expect(await screen.findByText('我的项目列表')).toBeTruthy();
  });

  it('a successful submit drops the draft and leaves without asking', async () => {
    storage.saveLogin('10000005');
    syncSessionFromStorage();
    const confirm = vi.fn(() => false);
    vi.stubGlobal('confirm', confirm);
    const fetchMock = serve(project());
    renderAt('/customer/publish?id=7');
    fireEvent.change(await screen.findByLabelText('预付款'), { target: { value: '20' } });
    fireEvent.change(screen.getByLabelText('尾款'), { target: { value: '40' } });
    expect(Object.keys(window.localStorage).some((k) => k.endsWith('draft.10000005.publish.7'))).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: '保存修改' }));
    await waitFor(() => expect(saveCalls(fetchMock)).toHaveLength(1), { timeout: 10_000 });
    expect(saveCalls(fetchMock)[0]?.payPlan).toEqual({ prepay: 20, progress: 40, final: 40, retention: 0 });
    expect(await screen.findByText('项目已提交审核')).toBeTruthy();
    expect(Object.keys(window.localStorage).some((k) => k.includes('draft.'))).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: '查看我的项目' }));
    expect(await screen.findByText('我的项目列表')).toBeTruthy();
    expect(confirm).not.toHaveBeenCalled();
  });
});
