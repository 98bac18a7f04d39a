import { QueryClientProvider } from '@tanstack/react-query';
import { act, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { FilingView } from '@zl/shared';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../lib/query-client.ts';
import { stubBrowser } from '../../../lib/test-env.ts';
import { envelope, fakeFeedback, jsonResponse, mockFetch } from '../../../lib/test-utils.ts';
import { FilingPanel } from './filing-panel.tsx';

configure({ asyncUtilTimeout: 10_000 });

const INSURANCE = 'i'.repeat(22);
const VENUE_DOC = 'v'.repeat(22);
const ref = (id: string) => ({ id, url: `/files/${id}`, thumbUrl: null });
const ID_A = '11010519491231002X';
const ID_B = '310115199003071239';

const VIEW = (over: Partial<FilingView> = {}): FilingView => ({
  id: 9,
  role: 'supplier',
  status: 'none',
  statusText: '未填写',
  deadline: '2026-11-20T10:00:00.000Z',
  late: false,
  power: null,
  crew: [],
  materials: [],
  insurance: null,
  history: [],
  savedAt: null,
  canEdit: true,
  canRecord: [],
  ...over,
});

const SAVED = (over: Partial<FilingView> = {}): FilingView =>
  VIEW({
    status: 'draft',
    statusText: '已填写，待提交场馆',
    power: { kw: 35.5, box: '380V/63A 三相' },
    crew: [
      { name: '张师傅', role: '木工', mobile: '13800138000', idcard: ID_A },
      { name: '李电工', role: '电工', mobile: '13900139000', idcard: ID_B },
    ],
    materials: [
      { name: '阻燃板', fireRating: 'B1' },
      { name: '铝型材', fireRating: 'A' },
    ],
    insurance: ref(INSURANCE),
    savedAt: '2026-11-15T06:30:00.000Z',
    canRecord: ['submitted'],
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
      data: { id, url: `/files/${id}`, thumbUrl: null, mime: 'application/pdf', name: 'policy.pdf' },
    });
    this.onload?.();
  }
}

const pdf = (name: string) => new File(['%PDF-1.4'], name, { type: 'application/pdf' });

function renderPanel(side: 'customer' | 'supplier') {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>
        <FilingPanel projectId={9} side={side} />
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

/** Serves the filing, and `step` for each other call (the new filing, or a refusal). */
function serve(view: FilingView, step?: (path: string) => Response | Promise<Response>) {
  return mockFetch((url) => {
    if (url.endsWith('Projectcenter/filingInfo')) return jsonResponse(envelope('success', view));
    const path = url.replace(/^.*\/api\//, '');
    if (step) return step(path);
    return jsonResponse(envelope('NOT_FOUND', null, { errorMessage: '未找到' }));
  });
}

/** Picks `label` in the antd Select labelled `name`. */
async function choose(within0: HTMLElement, name: string, label: string) {
  fireEvent.mouseDown(within(within0).getByRole('combobox', { name }));
  const option = await waitFor(() => {
    const found = [...document.querySelectorAll<HTMLElement>('.ant-select-item-option')]
      .filter((o) => o.getAttribute('title') === label)
      .at(-1);
    if (!found) throw new Error(`no option ${label}`);
    return found;
  });
  fireEvent.click(option);
}

const type = (box: HTMLElement, label: string, value: string) =>
  fireEvent.change(within(box).getByLabelText(label), { target: { value } });

/** The dialog titled `title` (each answer has its own; a closed one lingers in jsdom while leaving). */
const findDialog = (title: string) =>
  waitFor(() => {
    const found = screen
      .getAllByRole('dialog')
      .find((d) => d.querySelector('.ant-modal-title')?.textContent === title);
    if (!found) throw new Error(`no dialog ${title}`);
    return found;
  });

const errorsIn = (el: Element) =>
  [...el.querySelectorAll('.ant-form-item-explain-error')].map((e) => e.textContent ?? '');

let feedback: ReturnType<typeof fakeFeedback>;
beforeEach(() => {
  stubBrowser();
  feedback = fakeFeedback();
  FakeXhr.all = [];
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
});
afterEach(() => vi.unstubAllGlobals());

describe('报馆', { timeout: 60_000 }, () => {
  it('the supplier fills the pack: checked before sending, sent once with the right body, the server’s field messages on their fields', async () => {
    let release: (r: Response) => void = () => {};
    const fetchMock = serve(VIEW(), (path) => {
      if (!path.endsWith('filingSave')) return jsonResponse(envelope('NOT_FOUND', null));
      return new Promise<Response>((resolve) => {
        release = resolve;
      });
    });
    renderPanel('supplier');
    const panel = await screen.findByRole('region', { name: '报馆' });
    expect(panel.id).toBe('filing');
    expect(panel.className).toContain('zl-panel');
    expect(screen.getByTestId('filing-status').textContent).toBe('未填写');
    expect(panel.textContent).toContain('报馆截止 2026-11-20 18:00');
    expect(panel.textContent).toContain('参展商只能看到后 4 位');
    // nothing saved: no PDF yet, no answer to record
    expect(within(panel).queryByRole('link', { name: /下载报馆 PDF/ })).toBeNull();
    expect(within(panel).queryByRole('button', { name: /已提交场馆/ })).toBeNull();

    fireEvent.click(within(panel).getByRole('button', { name: /填写报馆资料/ }));
    const drawer = await screen.findByRole('dialog');
    expect(within(drawer).getByText('填写报馆资料')).toBeTruthy();
    expect((within(drawer).getByLabelText('电箱规格') as HTMLInputElement).placeholder).toBe(
      '如 380V/63A 三相',
    );
    const save = within(drawer).getByRole('button', { name: /保存报馆资料/ });

    // nothing filled in: every field says what it needs, nothing is sent
    fireEvent.click(save);
    await waitFor(() => expect(errorsIn(drawer)).toContain('请输入用电功率'));
    const errors = errorsIn(drawer);
    for (const m of ['请输入电箱规格', '请输入姓名', '请输入工种', '请输入手机号', '请输入身份证号码'])
      expect(errors.join('|')).toContain(m);
    expect(errors).toContain('请选择防火等级');
    expect(errors).toContain('请上传施工保险单');
    expect(sent(fetchMock.mock.calls, 'Projectcenter/filingSave')).toHaveLength(0);

    type(drawer, '用电功率', '35.5');
    type(drawer, '电箱规格', ' 380V/63A 三相 ');
    type(drawer, '第 1 人姓名', '张师傅');
    type(drawer, '第 1 人工种', '木工');
    type(drawer, '第 1 人手机号', '13800138000');
    type(drawer, '第 1 人身份证号', '11010519491231002x');
    fireEvent.click(within(drawer).getByRole('button', { name: /添加施工人员/ }));
    const second = await within(drawer).findByTestId('filing-crew-1');
    type(second, '第 2 人姓名', '李电工');
    type(second, '第 2 人工种', '电工');
    type(second, '第 2 人手机号', '13900139000');
    type(second, '第 2 人身份证号', ID_B);
    type(drawer, '第 1 种材料名称', '阻燃板');
    await choose(drawer, '第 1 种材料防火等级', 'B1 级（难燃）');
    fireEvent.click(within(drawer).getByRole('button', { name: /添加材料/ }));
    const mat2 = await within(drawer).findByTestId('filing-material-1');
    type(mat2, '第 2 种材料名称', '铝型材');
    await choose(mat2, '第 2 种材料防火等级', 'A 级（不燃）');
    // a third material added and removed again is not sent
    fireEvent.click(within(drawer).getByRole('button', { name: /添加材料/ }));
    fireEvent.click(await within(drawer).findByRole('button', { name: '删除第 3 种材料' }));

    const input = drawer.querySelector<HTMLInputElement>('input[type="file"]')!;
    fireEvent.change(input, { target: { files: [pdf('policy.pdf')] } });
    await waitFor(() => expect(FakeXhr.all).toHaveLength(1));
    expect(FakeXhr.all[0]!.url).toBe('/api/File/upload');
    expect(FakeXhr.all[0]!.body!.get('purpose')).toBe('attachment');
    act(() => FakeXhr.all[0]!.respond(INSURANCE));
    await within(drawer).findByText('policy.pdf');

    // a double click sends once; the button stays busy while the call is pending
    fireEvent.click(save);
    fireEvent.click(save);
    await waitFor(() => expect(sent(fetchMock.mock.calls, 'Projectcenter/filingSave')).toHaveLength(1));
    await waitFor(() => expect(save.className).toMatch(/ant-btn-loading/));
    fireEvent.click(save);
    const calls = sent(fetchMock.mock.calls, 'Projectcenter/filingSave');
    expect(calls).toHaveLength(1);
    expect(calls[0]!.key).toMatch(/^[\w-]{8,}$/);
    expect(calls[0]!.body).toEqual({
      id: 9,
      power: { kw: 35.5, box: '380V/63A 三相' },
      crew: [
        { name: '张师傅', role: '木工', mobile: '13800138000', idcard: ID_A },
        { name: '李电工', role: '电工', mobile: '13900139000', idcard: ID_B },
      ],
      materials: [
        { name: '阻燃板', fireRating: 'B1' },
        { name: '铝型材', fireRating: 'A' },
      ],
      insurance: INSURANCE,
    });

    // the server's messages land on their fields, not in a toast
    release(
      jsonResponse(
        envelope(
          'VALIDATION_FAILED',
          {
            fields: {
              'crew.1.idcard': '身份证号码不正确，请核对',
              'power.kw': '用电功率最多 2000 kW',
              insurance: '施工保险单不存在或不可用，请重新上传',
            },
          },
          { errorMessage: '身份证号码不正确，请核对', showType: 1 },
        ),
        400,
      ),
    );
    expect(await within(second).findByText('身份证号码不正确，请核对')).toBeTruthy();
    const power = within(drawer).getByLabelText('用电功率').closest<HTMLElement>('.ant-form-item')!;
    expect(await within(power).findByText('用电功率最多 2000 kW')).toBeTruthy();
    const insurance = within(drawer).getByText('施工保险单').closest<HTMLElement>('.ant-form-item')!;
    expect(await within(insurance).findByText('施工保险单不存在或不可用，请重新上传')).toBeTruthy();
    expect(feedback.message.error).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it('a saved pack: shown, the PDF link, the form prefilled with the whole ID numbers, saved again', async () => {
    const fetchMock = serve(SAVED(), () =>
      jsonResponse(envelope('success', SAVED({ power: { kw: 40, box: '380V/63A 三相' } }))),
    );
    renderPanel('supplier');
    const panel = await screen.findByRole('region', { name: '报馆' });
    expect(screen.getByTestId('filing-status').textContent).toBe('已填写，待提交场馆');
    expect(
      within(panel)
        .getByRole('link', { name: /下载报馆 PDF/ })
        .getAttribute('href'),
    ).toBe('/api/Projectcenter/filingPdf?id=9');
    expect(panel.textContent).toContain('35.5 kW');
    expect(panel.textContent).toContain('380V/63A 三相');
    expect(
      within(panel)
        .getByRole('link', { name: /查看保险单/ })
        .getAttribute('href'),
    ).toBe(`/files/${INSURANCE}`);
    const materials = within(panel).getByRole('table', { name: '搭建材料' });
    expect([...materials.querySelectorAll('tbody tr')].map((r) => r.textContent)).toEqual([
      '阻燃板B1 级（难燃）',
      '铝型材A 级（不燃）',
    ]);
    const crew = within(panel).getByRole('table', { name: '施工人员' });
    expect([...crew.querySelectorAll('th')].map((th) => th.textContent)).toEqual([
      '姓名',
      '工种',
      '手机号',
      '身份证号',
    ]);
    expect(crew.textContent).toContain(ID_A);

    fireEvent.click(within(panel).getByRole('button', { name: /修改报馆资料/ }));
    const drawer = await screen.findByRole('dialog');
    expect((within(drawer).getByLabelText('第 1 人身份证号') as HTMLInputElement).value).toBe(ID_A);
    expect((within(drawer).getByLabelText('第 2 人姓名') as HTMLInputElement).value).toBe('李电工');
    expect((within(drawer).getByLabelText('用电功率') as HTMLInputElement).value).toBe('35.5');
    type(drawer, '用电功率', '40');
    fireEvent.click(within(drawer).getByRole('button', { name: /保存报馆资料/ }));
    await waitFor(() =>
      expect(feedback.message.success).toHaveBeenCalledWith('报馆资料已保存，可下载报馆 PDF 提交场馆'),
    );
    const calls = sent(fetchMock.mock.calls, 'Projectcenter/filingSave');
    expect(calls).toHaveLength(1);
    expect(calls[0]!.body).toMatchObject({ id: 9, power: { kw: 40 }, insurance: INSURANCE });
    expect((calls[0]!.body.crew as Array<{ idcard: string }>).map((c) => c.idcard)).toEqual([ID_A, ID_B]);
    await waitFor(() => expect(panel.textContent).toContain('40 kW'));
  });

  it('the venue’s answers: 已提交场馆, then 场馆已通过 needs the venue’s document, 场馆要求修改 its note', async () => {
    const submitted = SAVED({
      status: 'submitted',
      statusText: '已提交场馆，待审核',
      canEdit: false,
      canRecord: ['approved', 'changes'],
      history: [{ status: 'submitted', at: '2026-11-16T01:00:00.000Z', note: '', file: null }],
    });
    const approved = SAVED({
      status: 'approved',
      statusText: '场馆已通过',
      canEdit: false,
      canRecord: [],
      history: [
        ...submitted.history,
        { status: 'approved', at: '2026-11-18T02:30:00.000Z', note: '施工证已领', file: ref(VENUE_DOC) },
      ],
    });
    const fetchMock = serve(SAVED(), (path) => {
      const body = sent(fetchMock.mock.calls, path).at(-1)!.body;
      return jsonResponse(envelope('success', body.status === 'submitted' ? submitted : approved));
    });
    renderPanel('supplier');
    const panel = await screen.findByRole('region', { name: '报馆' });
    fireEvent.click(within(panel).getByRole('button', { name: /已提交场馆/ }));
    let dialog = await findDialog('记录：已提交场馆');
    const ok = within(dialog).getByRole('button', { name: /确认记录/ });
    fireEvent.click(ok);
    fireEvent.click(ok);
    await waitFor(() => expect(screen.getByTestId('filing-status').textContent).toBe('已提交场馆，待审核'));
    let calls = sent(fetchMock.mock.calls, 'Projectcenter/filingStatus');
    expect(calls).toHaveLength(1);
    expect(calls[0]!.body).toEqual({ id: 9, status: 'submitted' });
    expect(calls[0]!.key).toBeTruthy();
    // submitted: no more editing, the two answers of the venue
    expect(within(panel).queryByRole('button', { name: /修改报馆资料/ })).toBeNull();
    expect(within(panel).queryByRole('button', { name: /已提交场馆/ })).toBeNull();
    expect(within(panel).getByRole('listitem', { name: '已提交场馆 2026-11-16 09:00' })).toBeTruthy();

    // 场馆要求修改 without its note: said, nothing sent
    fireEvent.click(within(panel).getByRole('button', { name: /场馆要求修改/ }));
    dialog = await findDialog('记录：场馆要求修改');
    expect(dialog.textContent).toContain('修改要求');
    fireEvent.click(within(dialog).getByRole('button', { name: /确认记录/ }));
    expect(await within(dialog).findByText('请写明场馆要求修改的内容')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: /取\s*消/ }));

    // 场馆已通过 without the venue's document: said, nothing sent; with it, sent
    fireEvent.click(within(panel).getByRole('button', { name: /场馆已通过/ }));
    dialog = await findDialog('记录：场馆已通过');
    fireEvent.click(within(dialog).getByRole('button', { name: /确认记录/ }));
    expect(await within(dialog).findByText('请上传场馆的审核通过文件')).toBeTruthy();
    expect(sent(fetchMock.mock.calls, 'Projectcenter/filingStatus')).toHaveLength(1);
    fireEvent.change(dialog.querySelector<HTMLInputElement>('input[type="file"]')!, {
      target: { files: [pdf('venue.pdf')] },
    });
    await waitFor(() => expect(FakeXhr.all).toHaveLength(1));
    expect(FakeXhr.all[0]!.body!.get('purpose')).toBe('attachment');
    act(() => FakeXhr.all[0]!.respond(VENUE_DOC));
    await within(dialog).findByText('policy.pdf');
    await waitFor(() => expect(errorsIn(dialog)).toEqual([]));
    fireEvent.change(within(dialog).getByLabelText('说明（选填）'), { target: { value: ' 施工证已领 ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /确认记录/ }));
    await waitFor(() => expect(screen.getByTestId('filing-status').textContent).toBe('场馆已通过'));
    calls = sent(fetchMock.mock.calls, 'Projectcenter/filingStatus');
    expect(calls).toHaveLength(2);
    expect(calls[1]!.body).toEqual({ id: 9, status: 'approved', file: VENUE_DOC, note: '施工证已领' });
    const answer = within(panel).getByRole('listitem', { name: '场馆已通过 2026-11-18 10:30' });
    expect(answer.textContent).toContain('施工证已领');
    expect(
      within(answer)
        .getByRole('link', { name: /场馆审核通过文件/ })
        .getAttribute('href'),
    ).toBe(`/files/${VENUE_DOC}`);
    expect(within(panel).queryAllByRole('button', { name: /场馆|修改报馆资料/ })).toHaveLength(0);
  });

  it('the customer reads it only: masked ID numbers, the PDF, no form and no answers', async () => {
    const fetchMock = serve(
      SAVED({
        role: 'customer',
        status: 'changes',
        statusText: '场馆要求修改',
        crew: [
          { name: '张师傅', role: '木工', mobile: '13800138000', idcard: '**************002X' },
          { name: '李电工', role: '电工', mobile: '13900139000', idcard: '**************1239' },
        ],
        canEdit: false,
        canRecord: [],
        history: [
          { status: 'submitted', at: '2026-11-16T01:00:00.000Z', note: '', file: null },
          { status: 'changes', at: '2026-11-17T03:00:00.000Z', note: '背板高度超过 4 米', file: null },
        ],
      }),
    );
    renderPanel('customer');
    const panel = await screen.findByRole('region', { name: '报馆' });
    expect(screen.getByTestId('filing-status').textContent).toBe('场馆要求修改');
    const crew = within(panel).getByRole('table', { name: '施工人员' });
    expect(crew.textContent).toContain('**************002X');
    expect(crew.textContent).toContain('**************1239');
    expect(panel.textContent).not.toContain(ID_A);
    expect(panel.textContent).toContain('参展商只能看到后 4 位');
    expect(panel.textContent).toContain('背板高度超过 4 米');
    expect(
      within(panel)
        .getByRole('link', { name: /下载报馆 PDF/ })
        .getAttribute('href'),
    ).toBe('/api/Projectcenter/filingPdf?id=9');
    expect(within(panel).queryAllByRole('button')).toHaveLength(0);
    expect(within(panel).getAllByRole('listitem')).toHaveLength(2);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(fetchMock.mock.calls.every(([u]) => String(u).endsWith('filingInfo'))).toBe(true);
  });

  it('the customer before anything is saved: the explanation, no PDF', async () => {
    serve(VIEW({ role: 'customer', canEdit: false }));
    renderPanel('customer');
    const panel = await screen.findByRole('region', { name: '报馆' });
    expect(screen.getByTestId('filing-next').textContent).toBe('中标供应商尚未填写报馆资料');
    expect(within(panel).queryByRole('link', { name: /下载报馆 PDF/ })).toBeNull();
    expect(within(panel).queryAllByRole('button')).toHaveLength(0);
    expect(within(panel).queryByRole('table')).toBeNull();
  });

  it('late: the red 报馆逾期 and the red line with the deadline in China time, on both sides', async () => {
    const late = VIEW({ late: true, deadline: '2026-11-20T10:00:00.000Z' });
    serve(late);
    const { unmount } = renderPanel('supplier');
    let panel = await screen.findByRole('region', { name: '报馆' });
    let tag = screen.getByTestId('filing-late');
    expect(tag.textContent).toBe('报馆逾期');
    expect(tag.className).toContain('ant-tag-red');
    let alert = within(panel).getByRole('alert');
    expect(alert.className).toContain('ant-alert-error');
    expect(alert.textContent).toContain('已过报馆截止时间（2026-11-20 18:00），场馆尚未审核通过');
    expect(alert.textContent).toContain('请尽快提交或跟进场馆审核');
    unmount();

    serve({ ...late, role: 'customer', canEdit: false });
    renderPanel('customer');
    panel = await screen.findByRole('region', { name: '报馆' });
    tag = screen.getByTestId('filing-late');
    expect(tag.className).toContain('ant-tag-red');
    alert = within(panel).getByRole('alert');
    expect(alert.textContent).toContain('2026-11-20 18:00');
    expect(alert.textContent).toContain('请联系供应商尽快完成报馆');
  });

  it('not late: no red mark', async () => {
    serve(SAVED());
    renderPanel('supplier');
    const panel = await screen.findByRole('region', { name: '报馆' });
    expect(screen.queryByTestId('filing-late')).toBeNull();
    expect(within(panel).queryByRole('alert')).toBeNull();
  });

  it('a refusal that the filing moved on is said in the form, and the filing read again', async () => {
    const fetchMock = serve(SAVED(), () =>
      jsonResponse(
        envelope('INVALID_STATE', null, { errorMessage: '报馆资料已提交场馆，待场馆回复要求修改后才能修改' }),
        409,
      ),
    );
    renderPanel('supplier');
    const panel = await screen.findByRole('region', { name: '报馆' });
    fireEvent.click(within(panel).getByRole('button', { name: /修改报馆资料/ }));
    const drawer = await screen.findByRole('dialog');
    fireEvent.click(within(drawer).getByRole('button', { name: /保存报馆资料/ }));
    expect(await within(drawer).findByText('报馆资料已提交场馆，待场馆回复要求修改后才能修改')).toBeTruthy();
    await waitFor(() =>
      expect(fetchMock.mock.calls.filter(([u]) => String(u).endsWith('filingInfo')).length).toBe(2),
    );
  });

  it('stays away when the server refuses the filing', async () => {
    mockFetch(() => jsonResponse(envelope('NOT_FOUND', null, { errorMessage: '项目不存在' })));
    const { container } = renderPanel('customer');
    await waitFor(() => expect(container.querySelector('.ant-skeleton')).toBeNull());
    expect(screen.queryByRole('region', { name: '报馆' })).toBeNull();
  });
});
