import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import type { UserInfo } from '@zl/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setNavigator } from '../../../lib/navigation.ts';
import { createQueryClient } from '../../../lib/query-client.ts';
import { conversationKeys, memberKeys } from '../../../lib/query-keys.ts';
import { useSession } from '../../../lib/session-store.ts';
import { userInfoFixture } from '../../../lib/test-user-info.ts';
import { envelope, fakeFeedback, jsonResponse, mockFetch } from '../../../lib/test-utils.ts';
import { UnreadBadge } from '../components/unread-badge.tsx';
import { tipKeys } from './keys.ts';
import { LIVE_STREAM_URL, useLiveEvents } from './live-events.ts';

/** A stand-in for the browser's EventSource: the test emits the server's events. */
class FakeEventSource {
  static instances: FakeEventSource[] = [];
  readonly listeners = new Map<string, Array<(e: MessageEvent) => void>>();
  closed = false;
  constructor(
    readonly url: string,
    readonly init?: EventSourceInit,
  ) {
    FakeEventSource.instances.push(this);
  }
  addEventListener(type: string, fn: (e: MessageEvent) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), fn]);
  }
  close() {
    this.closed = true;
  }
  emit(type: string, data: unknown) {
    const e = new MessageEvent(type, { data: typeof data === 'string' ? data : JSON.stringify(data) });
    act(() => {
      for (const fn of this.listeners.get(type) ?? []) fn(e);
    });
  }
}

function Live() {
  useLiveEvents();
  return <UnreadBadge>消息</UnreadBadge>;
}

const member = {
  cardno: '10000001',
  cardtype: 'customer',
  mobile: '13900000002',
  nickname: '演示参展商',
} as const;

beforeEach(() => {
  FakeEventSource.instances = [];
  vi.stubGlobal('EventSource', FakeEventSource);
});
afterEach(() => {
  vi.unstubAllGlobals();
  useSession.setState({ member: null, cardno: null, loginState: false });
});

function setup(unread = 1) {
  const fetchMock = mockFetch((url) =>
    url.endsWith('Tipcenter/editMsg')
      ? jsonResponse(envelope('success', { changed: 1, unread: 0 }))
      : jsonResponse(envelope('success', userInfoFixture({ hastips: unread > 0, unread }))),
  );
  const qc = createQueryClient();
  const feedback = fakeFeedback();
  const view = render(
    <QueryClientProvider client={qc}>
      <Live />
    </QueryClientProvider>,
  );
  return { qc, feedback, view, fetchMock };
}

describe('useLiveEvents', { timeout: 20_000 }, () => {
  it('opens nothing while signed out; one EventSource once the member is known, closed at logout', () => {
    setup();
    expect(FakeEventSource.instances).toHaveLength(0);
    act(() => useSession.setState({ member, cardno: member.cardno, loginState: true }));
    expect(FakeEventSource.instances).toHaveLength(1);
    const es = FakeEventSource.instances[0]!;
    expect(es.url).toBe(LIVE_STREAM_URL);
    expect(es.init).toEqual({ withCredentials: true });
    act(() => useSession.getState().loggedOut());
    expect(es.closed).toBe(true);
    expect(FakeEventSource.instances).toHaveLength(1);
  });

  it('a tip lights the header badge from the cache, reloads the list and shows a notification', async () => {
    useSession.setState({ member, cardno: member.cardno, loginState: true });
    const { qc, feedback, fetchMock } = setup(1);
    expect(await screen.findByTitle('1 条未读消息', undefined, { timeout: 10_000 })).toBeTruthy();
    qc.setQueryData(tipKeys.list({ page: 1, pageSize: 20 }), { listItem: [], total: 0, page: 1, unread: 1 });
    const es = FakeEventSource.instances[0]!;
    const tip = {
      id: 42,
      type: 'project',
      title: '收到新报价：上海车展特装展台',
      content: '项目收到一份新报价',
      link: '/customer/project?id=9',
      read: false,
      created: '2026-11-23T10:00:00.000Z',
    };
    es.emit('tip', { tip, unread: 2 });
    expect(await screen.findByTitle('2 条未读消息')).toBeTruthy();
    expect(qc.getQueryData<UserInfo>(memberKeys.userInfo())).toMatchObject({ unread: 2, hastips: true });
    expect(qc.getQueryState(tipKeys.list({ page: 1, pageSize: 20 }))?.isInvalidated).toBe(true);
    expect(feedback.notification.open).toHaveBeenCalledWith(
      expect.objectContaining({ message: '收到新报价：上海车展特装展台', description: '项目收到一份新报价' }),
    );

    // a click on the notification marks the tip read and opens its page
    const went: string[] = [];
    setNavigator((to) => went.push(to));
    const { onClick } = feedback.notification.open.mock.calls[0]![0] as { onClick: () => void };
    onClick();
    await vi.waitFor(() => expect(went).toEqual(['/customer/project?id=9']));
    setNavigator(null);
    const edit = fetchMock.mock.calls.find(([u]) => String(u).endsWith('Tipcenter/editMsg'));
    expect(JSON.parse(String(edit![1]!.body))).toEqual({ ids: [42] });

    // read in another tab
    es.emit('unread', { unread: 0 });
    expect(await screen.findByTitle('0 条未读消息')).toBeTruthy();
    expect(qc.getQueryData<UserInfo>(memberKeys.userInfo())).toMatchObject({ unread: 0, hastips: false });
    // garbage is ignored
    es.emit('unread', 'not json');
    es.emit('tip', { nothing: true });
    expect(qc.getQueryData<UserInfo>(memberKeys.userInfo())).toMatchObject({ unread: 0 });
    expect(feedback.notification.open).toHaveBeenCalledTimes(1);
  });

  it("a project change reloads that project's pages and the lists, not other projects; resync reloads everything", () => {
    useSession.setState({ member, cardno: member.cardno, loginState: true });
    const { qc } = setup(0);
    const keys = {
      mine: ['customer', 'projectInfo', 9],
      quotes: ['customer', 'quoteList', 9],
      list: ['customer', 'projectList', { page: 1 }],
      supplier: ['project', 'info', 9],
      other: ['customer', 'projectInfo', 10],
      unrelated: ['bills', 'list'],
    };
    for (const k of Object.values(keys)) qc.setQueryData(k, { x: 1 });
    const es = FakeEventSource.instances[0]!;
    es.emit('project', { id: 9, what: 'quote', status: 1, quotes: 2 });
    const invalid = (k: unknown[]) => qc.getQueryState(k)?.isInvalidated;
    expect([keys.mine, keys.quotes, keys.list, keys.supplier].map(invalid)).toEqual([true, true, true, true]);
    expect([keys.other, keys.unrelated].map(invalid)).toEqual([false, false]);
    es.emit('resync', {});
    expect(invalid(keys.other)).toBe(true);
    expect(invalid(keys.unrelated)).toBe(false);
  });

  it('a thread event counts the unread messages on the badge and reloads the thread list and that thread', async () => {
    useSession.setState({ member, cardno: member.cardno, loginState: true });
    const { qc } = setup(1);
    expect(await screen.findByTitle('1 条未读消息', undefined, { timeout: 10_000 })).toBeTruthy();
    const keys = {
      list: conversationKeys.list(),
      open: conversationKeys.messages(5),
      other: conversationKeys.messages(6),
    };
    for (const k of Object.values(keys)) qc.setQueryData(k, { pages: [], pageParams: [] });
    const es = FakeEventSource.instances[0]!;
    es.emit('thread', { threadId: 5, what: 'message', messages: 3 });
    // 1 unread tip + 3 unread messages
    expect(await screen.findByTitle('4 条未读消息')).toBeTruthy();
    expect(qc.getQueryData<UserInfo>(memberKeys.userInfo())).toMatchObject({
      unread: 1,
      unreadMessages: 3,
    });
    const invalid = (k: readonly unknown[]) => qc.getQueryState(k)?.isInvalidated;
    expect([keys.list, keys.open, keys.other].map(invalid)).toEqual([true, true, false]);

    // the other party read: the 已读 marks come with the thread read again
    qc.setQueryData(keys.open, { pages: [], pageParams: [] });
    es.emit('thread', { threadId: 5, what: 'read', messages: 0 });
    expect(invalid(keys.open)).toBe(true);
    expect(await screen.findByTitle('1 条未读消息')).toBeTruthy();
    // garbage is ignored; resync reloads every thread
    es.emit('thread', { what: 'message' });
    qc.setQueryData(keys.other, { pages: [], pageParams: [] });
    es.emit('resync', {});
    expect(invalid(keys.other)).toBe(true);
  });
});
