import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { Thread, ThreadList, ThreadMessage, ThreadMessages, UserInfo } from '@zl/shared';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../lib/query-client.ts';
import { memberKeys } from '../../../lib/query-keys.ts';
import { stubBrowser } from '../../../lib/test-env.ts';
import { userInfoFixture } from '../../../lib/test-user-info.ts';
import { envelope, fakeFeedback, jsonResponse, mockFetch } from '../../../lib/test-utils.ts';
import { ConversationView } from './conversation-view.tsx';

const NOW = Date.now();
const ago = (ms: number) => new Date(NOW - ms).toISOString();

const M = (over: Partial<ThreadMessage>): ThreadMessage => ({
  id: 1,
  threadId: 5,
  sender: 'customer',
  mine: false,
  content: '展台的效果图什么时候能出？',
  files: [],
  at: ago(60 * 60_000),
  withdrawn: false,
  read: false,
  masked: false,
  ...over,
});

const T = (over: Partial<Thread>): Thread => ({
  id: 5,
  projectId: 9,
  projectOrders: 'P202611280009',
  projectTitle: '2026 深圳国际家居展特装展台',
  role: 'supplier',
  counterpart: '华展科技有限公司',
  counterpartCardno: '10000002',
  awarded: true,
  open: true,
  last: M({ id: 3, content: '好的，周五前发您' }),
  unread: 0,
  otherReadUpTo: 0,
  created: ago(3 * 86_400_000),
  ...over,
});

const THREADS: Thread[] = [
  T({ unread: 2 }),
  T({
    id: 6,
    projectId: 11,
    projectTitle: '2026 上海国际汽车工业展览会 · 华展科技特装展台',
    counterpart: '上海车展参展商',
    awarded: false,
    last: M({
      id: 20,
      threadId: 6,
      content: '',
      files: [{ id: 'f', url: '/files/f', thumbUrl: '/files/f/thumb', name: 'a.jpg', mime: 'image/jpeg' }],
    }),
  }),
  T({
    id: 7,
    projectId: 12,
    projectTitle: '2026 广州照明展',
    counterpart: '照明公司',
    awarded: false,
    open: false,
    last: null,
  }),
];

function list(threads = THREADS): ThreadList {
  return { listItem: threads, total: threads.length, page: 1, unread: 2 };
}

/** A thread's page: the customer's two unread messages and the supplier's reply. */
function page(over: Partial<Thread> = {}, messages?: ThreadMessage[]): ThreadMessages {
  return {
    thread: T({ unread: 2, ...over }),
    hasMore: false,
    listItem: messages ?? [
      M({
        id: 1,
        content: '',
        files: [
          {
            id: 'p1',
            url: '/files/p1',
            thumbUrl: '/files/p1/thumb',
            name: '现场照片.jpg',
            mime: 'image/jpeg',
          },
          { id: 'd1', url: '/files/d1', thumbUrl: null, name: '展位图.pdf', mime: 'application/pdf' },
        ],
      }),
      M({ id: 2, content: '展台的效果图什么时候能出？' }),
      M({
        id: 3,
        sender: 'supplier',
        mine: true,
        content: '好的，周五前发您',
        read: true,
        at: ago(10 * 60_000),
      }),
      M({ id: 4, sender: 'supplier', mine: true, content: '', withdrawn: true, at: ago(20 * 60_000) }),
      M({ id: 8, content: '', withdrawn: true }),
    ],
  };
}

/** Where the router is: the page's URL after a navigation. */
let where = '';
function Where() {
  const l = useLocation();
  where = `${l.pathname}${l.search}`;
  return null;
}

type Handler = (path: string, body: Record<string, unknown>) => Response | Promise<Response> | undefined;

function setup(entry: string, handler: Handler = () => undefined, threads = list()) {
  const fetchMock = mockFetch((url, init) => {
    const path = url.replace(/^.*\/api\//, '');
    const body = init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : {};
    const mine = handler(path, body);
    if (mine) return mine;
    if (path === 'Conversation/list') return jsonResponse(envelope('success', threads));
    if (path === 'Conversation/messages') return jsonResponse(envelope('success', page()));
    if (path === 'Conversation/read')
      return jsonResponse(envelope('success', { upTo: body.upTo, unread: 0 }));
    return jsonResponse(envelope('success', null));
  });
  const qc = createQueryClient();
  qc.setQueryData(memberKeys.userInfo(), userInfoFixture({ unreadMessages: 2 }));
  where = '';
  const view = render(
    <QueryClientProvider client={qc}>
      <MemoryRouter initialEntries={[entry]}>
        <Routes>
          <Route
            path="/message"
            element={
              <>
                <ConversationView side="supplier" />
                <Where />
              </>
            }
          />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { fetchMock, qc, view, where: () => where };
}

const calls = (fetchMock: ReturnType<typeof mockFetch>, path: string) =>
  fetchMock.mock.calls
    .filter(([u]) => String(u).endsWith(path))
    .map(([, init]) => ({
      body: JSON.parse(String((init as RequestInit).body)) as Record<string, unknown>,
      key: ((init as RequestInit).headers as Record<string, string>)['Idempotency-Key'],
    }));

beforeEach(() => {
  stubBrowser();
  fakeFeedback();
});
afterEach(() => vi.unstubAllGlobals());

describe('会话', { timeout: 30_000 }, () => {
  it('lists the threads: counterpart, project, last message, time, unread count, 成交前 and 已关闭', async () => {
    const { view } = setup('/message?tab=chat');
    const listEl = await screen.findByRole('list', { name: '会话列表' }, { timeout: 15_000 });
    const items = within(listEl).getAllByRole('button');
    expect(items).toHaveLength(3);
    expect(items[0]!.textContent).toContain('华展科技有限公司');
    expect(items[0]!.textContent).toContain('2026 深圳国际家居展特装展台');
    expect(items[0]!.textContent).toContain('好的，周五前发您');
    expect(within(items[0]!).getByTitle('2 条未读')).toBeTruthy();
    expect(within(items[0]!).queryByText('成交前')).toBeNull();
    expect(within(items[1]!).getByText('成交前')).toBeTruthy();
    expect(items[1]!.textContent).toContain('[图片]');
    expect(within(items[2]!).getByText('已关闭')).toBeTruthy();
    expect(items[2]!.textContent).toContain('暂无消息');
    expect(screen.getByText('选择左侧的会话查看消息')).toBeTruthy();
    expect(view.container.querySelector('.zl-conv-open')).toBeNull();
  });

  it('opens a thread: bubbles, 已读, withdrawn messages, a picture and a PDF; marks it read up to the newest', async () => {
    const { fetchMock, qc, where } = setup('/message?tab=chat');
    fireEvent.click(await screen.findByText('华展科技有限公司', undefined, { timeout: 15_000 }));
    await waitFor(() => expect(where()).toBe('/message?tab=chat&thread=5'));
    const thread = await screen.findByRole('region', { name: '与华展科技有限公司的会话' });
    const msgs = within(thread).getByRole('list', { name: '消息记录' });
    const mine = msgs.querySelector('[data-message="3"]')!;
    expect(mine.className).toContain('zl-conv-mine');
    expect(within(mine as HTMLElement).getByText('已读')).toBeTruthy();
    expect(within(thread).getByText('你撤回了一条消息')).toBeTruthy();
    expect(within(thread).getByText('消息已撤回')).toBeTruthy();
    expect(within(thread).getByAltText('现场照片.jpg').getAttribute('src')).toBe('/files/p1/thumb');
    expect(
      within(thread)
        .getByRole('link', { name: /展位图\.pdf/ })
        .getAttribute('href'),
    ).toBe('/files/d1');
    expect(
      within(thread).getByRole('link', { name: '2026 深圳国际家居展特装展台' }).getAttribute('href'),
    ).toBe('/orderDetail?id=9');
    await waitFor(() =>
      expect(calls(fetchMock, 'Conversation/read').map((c) => c.body)).toEqual([{ threadId: 5, upTo: 8 }]),
    );
    // the header badge takes the answer's count
    await waitFor(() => expect(qc.getQueryData<UserInfo>(memberKeys.userInfo())?.unreadMessages).toBe(0));
  });

  it('sends once on a double click, with an Idempotency-Key; the message shows at the bottom', async () => {
    let release: (r: Response) => void = () => {};
    const { fetchMock } = setup('/message?thread=5', (path) =>
      path === 'Conversation/send'
        ? new Promise<Response>((resolve) => {
            release = resolve;
          })
        : undefined,
    );
    const thread = await screen.findByRole(
      'region',
      { name: '与华展科技有限公司的会话' },
      { timeout: 15_000 },
    );
    const input = within(thread).getByLabelText('消息') as HTMLTextAreaElement;
    const send = within(thread).getByRole('button', { name: /发\s*送/ });
    expect((send as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(input, { target: { value: '效果图已上传，请查收' } });
    fireEvent.click(send);
    fireEvent.click(send);
    await waitFor(() => expect(calls(fetchMock, 'Conversation/send')).toHaveLength(1));
    release(
      jsonResponse(
        envelope('success', {
          message: M({
            id: 9,
            sender: 'supplier',
            mine: true,
            content: '效果图已上传，请查收',
            at: new Date().toISOString(),
          }),
          thread: T({}),
          maskedKinds: [],
        }),
      ),
    );
    expect(await within(thread).findByText('效果图已上传，请查收')).toBeTruthy();
    await waitFor(() => expect(input.value).toBe(''));
    const sent = calls(fetchMock, 'Conversation/send');
    expect(sent).toHaveLength(1);
    expect(sent[0]!.body).toEqual({ threadId: 5, content: '效果图已上传，请查收', files: [] });
    expect(sent[0]!.key).toMatch(/^[\w-]{8,}$/);
    // Enter sends too; Shift+Enter does not
    fireEvent.change(input, { target: { value: '第二条' } });
    fireEvent.keyDown(input, { key: 'Enter', shiftKey: true });
    expect(calls(fetchMock, 'Conversation/send')).toHaveLength(1);
    fireEvent.keyDown(input, { key: 'Enter' });
    await waitFor(() => expect(calls(fetchMock, 'Conversation/send')).toHaveLength(2));
  });

  it('before the award says while typing which contact details will show as ＊; not after it', async () => {
    setup('/message?thread=6', (path) =>
      path === 'Conversation/messages'
        ? jsonResponse(envelope('success', page({ id: 6, awarded: false, unread: 0 }, [])))
        : undefined,
    );
    const thread = await screen.findByRole('region', { name: /的会话$/ }, { timeout: 15_000 });
    expect(within(thread).getByText('成交前')).toBeTruthy();
    const input = within(thread).getByLabelText('消息');
    fireEvent.change(input, { target: { value: '展台 13800×2500 够吗' } });
    expect(within(thread).queryByRole('alert')).toBeNull();
    fireEvent.change(input, { target: { value: '加微信 buildpro99 详聊，或打 138 0013 8000' } });
    expect((await within(thread).findByRole('alert')).textContent).toBe(
      '成交前请勿交换联系方式：手机号、微信号会显示为 ＊',
    );
  });

  it('an awarded thread shows no masking notice', async () => {
    setup('/message?thread=5');
    const thread = await screen.findByRole(
      'region',
      { name: '与华展科技有限公司的会话' },
      { timeout: 15_000 },
    );
    fireEvent.change(within(thread).getByLabelText('消息'), { target: { value: '我的微信 buildpro99' } });
    expect(within(thread).queryByRole('alert')).toBeNull();
  });

  it("a refusal lands under the input, in the server's words", async () => {
    setup('/message?thread=5', (path) =>
      path === 'Conversation/send'
        ? jsonResponse(
            envelope(
              'VALIDATION_FAILED',
              { fields: { content: '消息不能包含控制字符' } },
              {
                errorMessage: '消息不能包含控制字符',
                showType: 1,
              },
            ),
            400,
          )
        : undefined,
    );
    const thread = await screen.findByRole(
      'region',
      { name: '与华展科技有限公司的会话' },
      { timeout: 15_000 },
    );
    fireEvent.change(within(thread).getByLabelText('消息'), { target: { value: '你好' } });
    fireEvent.click(within(thread).getByRole('button', { name: /发\s*送/ }));
    expect((await within(thread).findByRole('alert')).textContent).toBe('消息不能包含控制字符');
  });

  it('撤回 is offered on my own message within 2 minutes, not after; a withdrawn one says so', async () => {
    const fresh = M({ id: 10, sender: 'supplier', mine: true, content: '刚发的报价单', at: ago(30_000) });
    const old = M({ id: 11, sender: 'supplier', mine: true, content: '三分钟前的消息', at: ago(3 * 60_000) });
    const theirs = M({ id: 12, content: '对方的新消息', at: ago(10_000) });
    const { fetchMock } = setup('/message?thread=5', (path, body) => {
      if (path === 'Conversation/messages')
        return jsonResponse(envelope('success', page({ unread: 0 }, [old, fresh, theirs])));
      if (path === 'Conversation/withdraw')
        return jsonResponse(
          envelope('success', { ...fresh, id: body.messageId, content: '', withdrawn: true }),
        );
      return undefined;
    });
    const thread = await screen.findByRole(
      'region',
      { name: '与华展科技有限公司的会话' },
      { timeout: 15_000 },
    );
    const item = (id: number) => thread.querySelector(`[data-message="${id}"]`) as HTMLElement;
    expect(within(item(11)).queryByRole('button', { name: '撤回' })).toBeNull();
    expect(within(item(12)).queryByRole('button', { name: '撤回' })).toBeNull();
    expect(within(item(10)).getByText('未读')).toBeTruthy();
    fireEvent.click(within(item(10)).getByRole('button', { name: '撤回' }));
    const confirm = (await screen.findByText('撤回这条消息？')).closest('.ant-popover') as HTMLElement;
    fireEvent.click(within(confirm).getByRole('button', { name: /^撤\s*回$/ }));
    await waitFor(() =>
      expect(calls(fetchMock, 'Conversation/withdraw').map((c) => c.body)).toEqual([
        { threadId: 5, messageId: 10 },
      ]),
    );
    expect(await within(thread).findByText('你撤回了一条消息')).toBeTruthy();
    expect(within(thread).queryByText('刚发的报价单')).toBeNull();
    // nothing of the other party's was unread: no read call
    expect(calls(fetchMock, 'Conversation/read')).toHaveLength(0);
  });

  it('a closed thread shows why instead of the input', async () => {
    setup('/message?thread=7', (path) =>
      path === 'Conversation/messages'
        ? jsonResponse(envelope('success', page({ id: 7, awarded: false, open: false, unread: 0 }, [])))
        : undefined,
    );
    expect(
      await screen.findByText('该项目已选定其他供应商，会话已关闭', undefined, { timeout: 15_000 }),
    ).toBeTruthy();
    expect(screen.queryByLabelText('消息')).toBeNull();
  });

  it("?project= opens the caller's thread of that project from the list", async () => {
    const { where } = setup('/message?project=11');
    await waitFor(() => expect(where()).toBe('/message?tab=chat&thread=6'), { timeout: 15_000 });
  });

  it('?project= without a thread yet: the first message goes with the project id, then its thread opens', async () => {
    const { fetchMock, where } = setup('/message?project=99', (path) =>
      path === 'Conversation/send'
        ? jsonResponse(
            envelope('success', {
              message: M({ id: 30, threadId: 40, mine: true, content: '您好' }),
              thread: T({ id: 40, projectId: 99 }),
              maskedKinds: [],
            }),
          )
        : undefined,
    );
    const pane = await screen.findByRole('region', { name: '联系参展商' }, { timeout: 15_000 });
    fireEvent.change(within(pane).getByLabelText('消息'), { target: { value: '您好' } });
    fireEvent.click(within(pane).getByRole('button', { name: /发\s*送/ }));
    await waitFor(() => expect(where()).toBe('/message?tab=chat&thread=40'));
    expect(calls(fetchMock, 'Conversation/send').map((c) => c.body)).toEqual([
      { projectId: 99, content: '您好', files: [] },
    ]);
  });
});
