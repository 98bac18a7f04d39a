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
