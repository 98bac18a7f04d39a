import { QueryClientProvider } from '@tanstack/react-query';
import { configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ProjectDetail as Project } from '@zl/shared';
import dayjs from 'dayjs';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../lib/query-client.ts';
import { syncSessionFromStorage } from '../../../lib/session-store.ts';
import { storage } from '../../../lib/storage.ts';
import { stubBrowser } from '../../../lib/test-env.ts';
import { projectFixture } from '../../../lib/test-project.ts';
import { envelope, fakeFeedback, jsonResponse, mockFetch } from '../../../lib/test-utils.ts';
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

describe('publish form', { timeout: 30_000 }, () => {
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

  it('sends the seed field names, money in 分 and the deadline as ISO', async () => {
    const p = project();
    const fetchMock = serve(p);
    renderAt('/customer/publish?id=7');
    const prepay = await screen.findByLabelText('预付款金额');
    expect((prepay as HTMLInputElement).value).toBe('1234.56');
    fireEvent.change(prepay, { target: { value: '1,234.5' } });
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
        'prepay',
        'sdate',
        'edate',
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
      prepay: 123450,
      sdate: p.sdate,
      edate: p.edate,
      biddl: p.biddl,
      prov: '上海市',
      city: '上海市',
      strt: '黄浦区',
      picture: [PIC],
      attach: ATT,
      zulin: [{ name: '洽谈桌椅', spec: '', unit: '套', qty: 2, remark: '白色' }],
    });
    expect(body).not.toHaveProperty('areas');
    expect(await screen.findByText('项目已提交审核')).toBeTruthy();
  });

  it('refuses a prepayment with three decimals in the field', async () => {
    const fetchMock = serve(project());
    renderAt('/customer/publish?id=7');
    const prepay = await screen.findByLabelText('预付款金额');
    fireEvent.change(prepay, { target: { value: '12.345' } });
    fireEvent.click(screen.getByRole('button', { name: '保存修改' }));
    expect(await screen.findByText('请输入正确的金额，最多两位小数')).toBeTruthy();
    expect(saveCalls(fetchMock)).toHaveLength(0);
  });

  it('an empty title asks for the title; 项目类别 and its message agree; a negative prepayment says so', async () => {
    const fetchMock = serve(project());
    renderAt('/customer/publish?id=7');
    const title = await screen.findByLabelText('项目标题');
    fireEvent.change(title, { target: { value: '' } });
    fireEvent.change(screen.getByLabelText('预付款金额'), { target: { value: '-5' } });
    fireEvent.click(screen.getByRole('button', { name: '保存修改' }));
    const msg = await screen.findByText('请输入项目标题');
    expect(msg.closest('.ant-form-item')?.textContent).toContain('项目标题');
    expect(screen.queryByText(/项目标题至少/)).toBeNull();
    expect(await screen.findByText('预付款不能为负数')).toBeTruthy();
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
});

describe('publish form draft', { timeout: 60_000 }, () => {
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
    const prepay = await screen.findByLabelText('预付款金额');
    fireEvent.change(prepay, { target: { value: '1,234.5' } });
    expect(Object.keys(window.localStorage).some((k) => k.endsWith('draft.10000005.publish.7'))).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: '保存修改' }));
    await waitFor(() => expect(saveCalls(fetchMock)).toHaveLength(1), { timeout: 10_000 });
    expect(await screen.findByText('项目已提交审核')).toBeTruthy();
    expect(Object.keys(window.localStorage).some((k) => k.includes('draft.'))).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: '查看我的项目' }));
    expect(await screen.findByText('我的项目列表')).toBeTruthy();
    expect(confirm).not.toHaveBeenCalled();
  });
});
