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
