import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../lib/query-client.ts';
import { stubBrowser } from '../../../lib/test-env.ts';
import { userInfoFixture } from '../../../lib/test-user-info.ts';
import { envelope, jsonResponse, mockFetch } from '../../../lib/test-utils.ts';
import DefaultPage from './default-page.tsx';

beforeEach(() => stubBrowser());
afterEach(() => vi.unstubAllGlobals());

describe('/personCenter/defaultPage (账户概览)', () => {
  it('shows the coin balance from userInfo.coins, with the way to top up', async () => {
    mockFetch(() => jsonResponse(envelope('success', userInfoFixture({ coins: 37 }))));
    render(
      <QueryClientProvider client={createQueryClient()}>
        <MemoryRouter>
          <DefaultPage />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    const label = await screen.findByText('金币余额', undefined, { timeout: 15_000 });
    expect(label.closest('.zl-ov-card')?.querySelector('.zl-ov-balance')?.textContent).toBe('37');
    expect(screen.getByRole('link', { name: '去充值' }).getAttribute('href')).toBe('/personCenter/charging');
  }, 30_000);
});
