import { QueryClientProvider } from '@tanstack/react-query';
import { act, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { SiteEvent, SiteTimeline } from '@zl/shared';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../lib/query-client.ts';
import { stubBrowser } from '../../../lib/test-env.ts';
import { envelope, fakeFeedback, jsonResponse, mockFetch } from '../../../lib/test-utils.ts';
import { formatTime } from '../../../lib/time.ts';
import { SitePanel } from './site-panel.tsx';

configure({ asyncUtilTimeout: 10_000 });

const PHOTO = (n: number) => `${String(n)}`.padEnd(22, 'p');
const ref = (id: string) => ({ id, url: `/files/${id}`, thumbUrl: `/files/${id}?thumb=1` });

const EVENT = (over: Partial<SiteEvent> = {}): SiteEvent => ({
  id: 1,
  kind: 'checkin',
  photos: [ref(PHOTO(1))],
  note: '',
  at: '2026-11-25T01:30:00.000Z',
  lat: null,
  lng: null,
  confirmedAt: null,
  confirmedBy: null,
  ...over,
});

const TIMELINE = (over: Partial<SiteTimeline> = {}): SiteTimeline => ({
  listItem: [],
  role: 'supplier',
  checkInOpens: '2026-11-24T16:00:00.000Z',
  showOpens: '2026-11-27T16:00:00.000Z',
  canCheckIn: false,
  canLog: false,
  canReady: false,
  canConfirm: false,
  onTime: null,
  ...over,
});

/** Every XMLHttpRequest (File/upload), answered by the test. */
class FakeXhr {
  static all: FakeXhr[] = [];
  status = 0;
  responseText = '';
  withCredentials = false;
  url = '';
  upload: { onprogress: ((e: ProgressEvent) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  body: FormData | null = null;
  constructor() {
    FakeXhr.all.push(this);
  }
  open(_method: string, url: string) {
    this.url = url;
  }
  setRequestHeader() {}
  send(body: FormData) {
    this.body = body;
  }
  abort() {
    this.onabort?.();
  }
  respond(id: string) {
    this.status = 200;
    this.responseText = JSON.stringify({
      success: true,
      errCode: 'success',
      data: { id, url: `/files/${id}`, thumbUrl: `/files/${id}?thumb=1`, mime: 'image/png' },
    });
    this.onload?.();
  }
}

const png = (name: string) => new File(['x'], name, { type: 'image/png' });

function renderPanel(side: 'customer' | 'supplier') {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>
        <SitePanel projectId={9} side={side} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const sent = (calls: unknown[][], path: string) =>
  calls
    .filter(([u]) => String(u).endsWith(path))
    .map(([, init]) => ({
      body: JSON.parse(String((init as RequestInit).body)) as Record<string, unknown>,
      key: ((init as RequestInit).headers as Record<string, string>)['Idempotency-Key'],
    }));

/** Serves the timeline, and `step` for each site call (the new timeline, or a refusal). */
function serve(timeline: SiteTimeline, step?: (path: string) => Response) {
  return mockFetch((url) => {
    if (url.endsWith('Projectcenter/siteTimeline')) return jsonResponse(envelope('success', timeline));
    const path = url.replace(/^.*\/api\//, '');
    if (step) return step(path);
    return jsonResponse(envelope('NOT_FOUND', null, { errorMessage: '未找到' }));
  });
}

function pick(panel: HTMLElement, files: File[]) {
  const input = panel.querySelector<HTMLInputElement>('input[type="file"]')!;
  expect(input.accept).toBe('image/*');
  expect(input.getAttribute('capture')).toBe('environment');
  expect(input.multiple).toBe(true);
  fireEvent.change(input, { target: { files } });
}

let feedback: ReturnType<typeof fakeFeedback>;
beforeEach(() => {
  stubBrowser();
  feedback = fakeFeedback();
  FakeXhr.all = [];
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
});
afterEach(() => vi.unstubAllGlobals());

describe('现场', { timeout: 40_000 }, () => {
  it('the supplier sees the buttons its flags allow, and when the check-in opens', async () => {
    const opens = new Date(Date.now() + 3 * 86_400_000).toISOString();
    serve(TIMELINE({ checkInOpens: opens }));
    const { unmount } = renderPanel('supplier');
    const panel = await screen.findByRole('region', { name: '现场' });
    expect(panel.id).toBe('site');
    expect(panel.className).toContain('zl-panel');
    expect(screen.getByTestId('site-status').textContent).toBe('未进场');
    expect(panel.textContent).toContain(`进场打卡 ${formatTime(opens)} 起开放`);
    expect(within(panel).queryAllByRole('button')).toHaveLength(0);
    unmount();

    serve(TIMELINE({ canCheckIn: true }));
    const second = renderPanel('supplier');
    const open = await screen.findByRole('region', { name: '现场' });
    expect(within(open).getByRole('button', { name: /进场打卡$/ })).toBeTruthy();
    expect(within(open).queryByRole('button', { name: /写施工日志/ })).toBeNull();
    expect(within(open).queryByRole('button', { name: /展台就绪/ })).toBeNull();
    expect(open.textContent).not.toContain('起开放');
    second.unmount();

    serve(TIMELINE({ listItem: [EVENT()], canLog: true, canReady: true }));
    renderPanel('supplier');
    const after = await screen.findByRole('region', { name: '现场' });
    expect(screen.getByTestId('site-status').textContent).toBe('已进场（待参展商确认）');
    expect(within(after).queryByRole('button', { name: /进场打卡$/ })).toBeNull();
    expect(within(after).getByRole('button', { name: /写施工日志/ })).toBeTruthy();
    expect(within(after).getByRole('button', { name: /展台就绪/ })).toBeTruthy();
    expect(within(after).queryByRole('button', { name: /确认进场/ })).toBeNull();
    expect(after.textContent).toContain('等待参展商确认');
  });

  it('check-in: the photo is uploaded (purpose report), then one call on a double click with its id', async () => {
    const done = TIMELINE({ listItem: [EVENT({ photos: [ref('f_shot')] })], canLog: true, canReady: true });
    const fetchMock = serve(TIMELINE({ canCheckIn: true }), () => jsonResponse(envelope('success', done)));
    renderPanel('supplier');
    const panel = await screen.findByRole('region', { name: '现场' });
    fireEvent.click(within(panel).getByRole('button', { name: /进场打卡$/ }));
    expect(within(panel).getByRole('form', { name: '进场打卡' })).toBeTruthy();
    // no geolocation in this browser: the check-in goes without it
    await waitFor(() => expect(screen.getByTestId('site-location').textContent).toContain('未获取定位'));

    pick(panel, [png('shot.png')]);
    await waitFor(() => expect(FakeXhr.all).toHaveLength(1));
    expect(FakeXhr.all[0]!.url).toBe('/api/File/upload');
    expect(FakeXhr.all[0]!.body!.get('purpose')).toBe('report');

    // submitted twice while the photo is still uploading: it waits for it, then sends once
    const submit = within(panel).getByRole('button', { name: /提交打卡/ });
    fireEvent.click(submit);
    fireEvent.click(submit);
    act(() => FakeXhr.all[0]!.respond('f_shot'));
    await waitFor(() => expect(feedback.message.success).toHaveBeenCalledWith('已进场打卡，等待参展商确认'));
    fireEvent.click(submit);
    const calls = sent(fetchMock.mock.calls, 'Projectcenter/checkIn');
    expect(calls).toHaveLength(1);
    expect(calls[0]!.body).toEqual({ id: 9, photos: ['f_shot'] });
    expect(calls[0]!.key).toBeTruthy();
    // the answer is the new timeline
    await waitFor(() => expect(screen.getByTestId('site-status').textContent).toBe('已进场（待参展商确认）'));
    expect(within(panel).getByRole('button', { name: /写施工日志/ })).toBeTruthy();
    expect(within(panel).queryByRole('form', { name: '进场打卡' })).toBeNull();
  });

  it('check-in with the location the browser gives; a photo removed is not sent', async () => {
    vi.stubGlobal('navigator', {
      ...navigator,
      geolocation: {
        getCurrentPosition: (ok: PositionCallback) =>
          ok({ coords: { latitude: 30.2741234567, longitude: 120.1551 } } as GeolocationPosition),
      },
    });
    const fetchMock = serve(TIMELINE({ canCheckIn: true }), () =>
      jsonResponse(envelope('success', TIMELINE({ listItem: [EVENT()] }))),
    );
    renderPanel('supplier');
    const panel = await screen.findByRole('region', { name: '现场' });
    fireEvent.click(within(panel).getByRole('button', { name: /进场打卡$/ }));
    await waitFor(() => expect(screen.getByTestId('site-location').textContent).toContain('已获取定位'));
    pick(panel, [png('a.png'), png('b.png')]);
    await waitFor(() => expect(FakeXhr.all).toHaveLength(2));
    act(() => {
      FakeXhr.all[1]!.respond('f_b');
      FakeXhr.all[0]!.respond('f_a');
    });
    fireEvent.click(within(panel).getByRole('button', { name: '删除照片 1' }));
    fireEvent.click(within(panel).getByRole('button', { name: /提交打卡/ }));
    await waitFor(() => expect(sent(fetchMock.mock.calls, 'Projectcenter/checkIn')).toHaveLength(1));
    expect(sent(fetchMock.mock.calls, 'Projectcenter/checkIn')[0]!.body).toEqual({
      id: 9,
      photos: ['f_b'],
      lat: 30.274123,
      lng: 120.1551,
    });
  });

  it("the server's message on photos.0 shows under that photo; nothing taken: nothing sent", async () => {
    const fetchMock = serve(TIMELINE({ canCheckIn: true }), () =>
      jsonResponse(
        envelope(
          'FILE_NOT_FOUND',
          { fields: { 'photos.0': '请现场拍摄照片后上传（30 分钟内上传的照片）' } },
          {
            errorMessage: '请现场拍摄照片后上传（30 分钟内上传的照片）',
          },
        ),
      ),
    );
    renderPanel('supplier');
    const panel = await screen.findByRole('region', { name: '现场' });
    fireEvent.click(within(panel).getByRole('button', { name: /进场打卡$/ }));
    fireEvent.click(within(panel).getByRole('button', { name: /提交打卡/ }));
    expect(await within(panel).findByText('请拍摄至少一张现场照片')).toBeTruthy();
    expect(sent(fetchMock.mock.calls, 'Projectcenter/checkIn')).toHaveLength(0);

    pick(panel, [png('old.png')]);
    await waitFor(() => expect(FakeXhr.all).toHaveLength(1));
    act(() => FakeXhr.all[0]!.respond('f_old'));
    fireEvent.click(within(panel).getByRole('button', { name: /提交打卡/ }));
    const photo = await within(panel).findByRole('listitem', { name: '现场照片 1' });
    await waitFor(() =>
      expect(within(photo).getByRole('alert').textContent).toBe(
        '请现场拍摄照片后上传（30 分钟内上传的照片）',
      ),
    );
    expect(sent(fetchMock.mock.calls, 'Projectcenter/checkIn')).toHaveLength(1);
    // the form stays open for another photo
    expect(within(panel).getByRole('button', { name: /提交打卡/ })).toBeTruthy();
    expect(feedback.message.success).not.toHaveBeenCalled();
  });

  it('a site log needs its note, and sends photos and note', async () => {
    const fetchMock = serve(TIMELINE({ listItem: [EVENT()], canLog: true, canReady: true }), () =>
      jsonResponse(envelope('success', TIMELINE({ listItem: [EVENT()], canLog: true, canReady: true }))),
    );
    renderPanel('supplier');
    const panel = await screen.findByRole('region', { name: '现场' });
    fireEvent.click(within(panel).getByRole('button', { name: /写施工日志/ }));
    pick(panel, [png('log.png')]);
    await waitFor(() => expect(FakeXhr.all).toHaveLength(1));
    act(() => FakeXhr.all[0]!.respond('f_log'));
    fireEvent.click(within(panel).getByRole('button', { name: /发布日志/ }));
    expect(await within(panel).findByText('请写一句今天的进度')).toBeTruthy();
    const note = within(panel).getByLabelText('今日进度') as HTMLTextAreaElement;
    expect(note.maxLength).toBe(200);
    fireEvent.change(note, { target: { value: ' 背板已立起 ' } });
    fireEvent.click(within(panel).getByRole('button', { name: /发布日志/ }));
    await waitFor(() => expect(feedback.message.success).toHaveBeenCalledWith('施工日志已发布'));
    const calls = sent(fetchMock.mock.calls, 'Projectcenter/siteLog');
    expect(calls).toHaveLength(1);
    expect(calls[0]!.body).toEqual({ id: 9, photos: ['f_log'], note: '背板已立起' });
  });

  it("the customer's 确认进场 is sent once on a double click", async () => {
    const confirmed = TIMELINE({
      role: 'customer',
      listItem: [EVENT({ confirmedAt: '2026-11-25T02:00:00.000Z', confirmedBy: 'customer' })],
    });
    const fetchMock = serve(TIMELINE({ role: 'customer', listItem: [EVENT()], canConfirm: true }), () =>
      jsonResponse(envelope('success', confirmed)),
    );
    renderPanel('customer');
    const panel = await screen.findByRole('region', { name: '现场' });
    expect(screen.getByTestId('site-status').textContent).toBe('已进场（待参展商确认）');
    expect(panel.textContent).toContain('供应商已于 2026-11-25 09:30 进场打卡');
    expect(within(panel).queryByRole('button', { name: /(进场打卡|写施工日志|展台就绪)$/ })).toBeNull();
    const confirm = within(panel).getByRole('button', { name: /确认进场/ });
    fireEvent.click(confirm);
    fireEvent.click(confirm);
    await waitFor(() => expect(screen.getByTestId('site-status').textContent).toBe('已确认进场'));
    const calls = sent(fetchMock.mock.calls, 'Customer/confirmCheckIn');
    expect(calls).toHaveLength(1);
    expect(calls[0]!.body).toEqual({ id: 9 });
    expect(calls[0]!.key).toBeTruthy();
    expect(within(panel).queryByRole('button', { name: /确认进场/ })).toBeNull();
    expect(panel.textContent).toContain('参展商已确认进场 · 2026-11-25 10:00');
  });

  it('the timeline, oldest first: kinds, China times, photos, notes, location, the confirmation', async () => {
    serve(
      TIMELINE({
        role: 'customer',
        onTime: true,
        listItem: [
          EVENT({
            lat: 30.274091,
            lng: 120.15507,
            confirmedAt: '2026-11-26T01:30:00.000Z',
            confirmedBy: 'system',
          }),
          EVENT({
            id: 2,
            kind: 'log',
            at: '2026-11-25T08:05:00.000Z',
            photos: [ref(PHOTO(2)), ref(PHOTO(3))],
            note: '地台完成，背板立起',
          }),
          EVENT({ id: 3, kind: 'ready', at: '2026-11-26T23:59:00.000Z', photos: [ref(PHOTO(4))] }),
        ],
      }),
    );
    renderPanel('customer');
    const panel = await screen.findByRole('region', { name: '现场' });
    expect(screen.getByTestId('site-status').textContent).toBe('展台已就绪（按时）');
    const items = within(panel).getAllByRole('listitem');
    expect(items.map((li) => li.getAttribute('aria-label'))).toEqual([
      '进场打卡 2026-11-25 09:30',
      '施工日志 2026-11-25 16:05',
      '展台就绪 2026-11-27 07:59',
    ]);
    const [checkin, log, ready] = items as [HTMLElement, HTMLElement, HTMLElement];
    expect(checkin.textContent).toContain('已定位 30.27409, 120.15507');
    expect(checkin.textContent).toContain('超过 24 小时未确认，系统已自动确认进场 · 2026-11-26 09:30');
    expect(within(checkin).getByRole('img', { name: '进场打卡照片 1' }).getAttribute('src')).toBe(
      `/files/${PHOTO(1)}?thumb=1`,
    );
    expect(within(log).getAllByRole('img')).toHaveLength(2);
    expect(within(log).getByRole('img', { name: '施工日志照片 2' }).getAttribute('src')).toBe(
      `/files/${PHOTO(3)}?thumb=1`,
    );
    expect(log.textContent).toContain('地台完成，背板立起');
    expect(log.textContent).not.toContain('定位');
    expect(within(ready).getByText('按时')).toBeTruthy();
    expect(within(panel).queryByRole('button', { name: /确认进场/ })).toBeNull();
  });

  it('stays away when the server refuses the timeline', async () => {
    serve(TIMELINE());
    mockFetch(() => jsonResponse(envelope('NOT_FOUND', null, { errorMessage: '项目不存在' })));
    const { container } = renderPanel('customer');
    await waitFor(() => expect(container.querySelector('.ant-skeleton')).toBeNull());
    expect(screen.queryByRole('region', { name: '现场' })).toBeNull();
  });
});
