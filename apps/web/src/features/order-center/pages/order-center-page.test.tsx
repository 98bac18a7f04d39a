import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { syncSessionFromStorage } from '../../../lib/session-store.ts';
import { storage } from '../../../lib/storage.ts';
import { envelope, jsonResponse, mockFetch } from '../../../lib/test-utils.ts';
import OrderCenterPage from './order-center-page.tsx';

beforeEach(() => {
  window.localStorage.clear();
  storage.saveLogin('10000001');
  syncSessionFromStorage();
  mockFetch(() => jsonResponse(envelope('success', { listItem: [], total: 0, nextCursor: null })));
});
afterEach(() => vi.unstubAllGlobals());

describe('/orderCenter filters in the URL', { timeout: 30_000 }, () => {
  it('two filter changes before the first reached the URL keep both', async () => {
    const router = createMemoryRouter([{ path: '/orderCenter', element: <OrderCenterPage /> }], {
      initialEntries: ['/orderCenter'],
    });
    render(
      <QueryClientProvider client={new QueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
    const type = await screen.findByRole('button', { name: '特装展台' });
    const area = screen.getByRole('button', { name: '≤36㎡' });
    act(() => {
      fireEvent.click(type);
      fireEvent.click(area);
    });
    await vi.waitFor(() => {
      const q = router.state.location.search;
      expect(q).toContain('groupid=1');
      expect(q).toMatch(/areaMax=36/);
    });
  });
});

describe('/orderCenter keyword', { timeout: 30_000 }, () => {
  function renderHall() {
    const bodies: Array<Record<string, unknown>> = [];
    mockFetch((url, init) => {
      if (url.includes('searchList')) bodies.push(JSON.parse(String(init?.body ?? '{}')));
      return jsonResponse(envelope('success', { listItem: [], total: 0, nextCursor: null }));
    });
    const router = createMemoryRouter([{ path: '/orderCenter', element: <OrderCenterPage /> }], {
      initialEntries: ['/orderCenter'],
    });
    render(
      <QueryClientProvider client={new QueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
    return { router, bodies };
  }
  async function searchFor(text: string) {
    const box = await screen.findByRole('searchbox', { name: '搜索项目' });
    fireEvent.change(box, { target: { value: text } });
    fireEvent.submit(box.closest('form')!);
  }

  it('% and _ among the words are sent as typed and the list is asked again', async () => {
    const { router, bodies } = renderHall();
    await searchFor('100%_ 特装');
    await vi.waitFor(() => expect(bodies.at(-1)?.keyword).toBe('100%_ 特装'));
    expect(new URLSearchParams(router.state.location.search).get('keyword')).toBe('100%_ 特装');
    await searchFor('%_');
    await vi.waitFor(() => expect(bodies.at(-1)?.keyword).toBe('%_'));
  });

  it('a lone % is not dropped silently: the box says why and that the list is the previous one', async () => {
    const { router, bodies } = renderHall();
    await vi.waitFor(() => expect(bodies.length).toBeGreaterThan(0));
    const asked = bodies.length;
    await searchFor('%');
    expect((await screen.findByRole('alert')).textContent).toContain('关键词至少 2 个字');
    expect(screen.getByRole('alert').textContent).toContain('上一次的搜索结果');
    expect(bodies.length).toBe(asked);
    expect(router.state.location.search).toBe('');
    // typing again clears it
    fireEvent.change(screen.getByRole('searchbox', { name: '搜索项目' }), { target: { value: '%_' } });
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('/orderCenter 进场 (docs/show-dates.md)', { timeout: 30_000 }, () => {
  const row = {
    id: 5,
    orders: 'P202611220005',
    groupid: 1,
    groupname: '特装展台',
    title: '厦门石材展特装',
    length: 6,
    width: 4,
    height: 3,
    areas: 24,
    coins: 5,
    peoples: 0,
    cover: null,
    sdate: '2099-12-10',
    edate: '2099-12-12',
    buildStart: '2099-12-08T00:00:00.000Z',
    prov: '福建省',
    city: '厦门市',
    biddl: '2099-12-01T10:00:00.000Z',
    status: 1,
    statusText: '竞标中',
    favorite: false,
    opens: 1,
    prepay: 0,
    dates: '2099-11-22',
    times: '10:00:00',
  };

  function renderHall(entry: string) {
    const bodies: Array<Record<string, unknown>> = [];
    mockFetch((url, init) => {
      if (url.includes('searchList')) bodies.push(JSON.parse(String(init?.body ?? '{}')));
      return jsonResponse(envelope('success', { listItem: [row], total: 1, nextCursor: null }));
    });
    const router = createMemoryRouter([{ path: '/orderCenter', element: <OrderCenterPage /> }], {
      initialEntries: [entry],
    });
    render(
      <QueryClientProvider client={new QueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
    return { router, bodies };
  }

  it('a link with 进场日期 asks buildFrom / buildTo; the cards show the build-in day', async () => {
    const { bodies } = renderHall('/orderCenter?buildFrom=2099-12-01&buildTo=2099-12-09');
    await vi.waitFor(() =>
      expect(bodies.at(-1)).toMatchObject({ buildFrom: '2099-12-01', buildTo: '2099-12-09', status: 1 }),
    );
    expect(await screen.findByText('进场 12-08')).toBeTruthy();
    expect(screen.getByRole('button', { name: /^进场日期/ }).textContent).toContain('2099-12-09');
  });

  it('「进场时间」 sorts by the build-in start, soonest first; 清除筛选 keeps the sort', async () => {
    const { router, bodies } = renderHall('/orderCenter?buildFrom=2099-12-01');
    fireEvent.click(await screen.findByRole('radio', { name: '进场时间' }));
    await vi.waitFor(() => expect(bodies.at(-1)).toMatchObject({ sort: 'build', order: 'asc' }));
    expect(bodies.at(-1)?.buildFrom).toBe('2099-12-01');
    expect(new URLSearchParams(router.state.location.search).get('sort')).toBe('build');
    fireEvent.click(screen.getByRole('button', { name: '清除筛选' }));
    await vi.waitFor(() => expect(router.state.location.search).toBe('?sort=build'));
    expect(bodies.at(-1)?.buildFrom).toBeUndefined();
  });
});
