import { QueryClientProvider } from '@tanstack/react-query';
import { configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ServiceView, ShowWorks } from '@zl/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../lib/query-client.ts';
import { stubBrowser } from '../../../lib/test-env.ts';
import { envelope, fakeFeedback, jsonResponse, mockFetch } from '../../../lib/test-utils.ts';
import { ServiceForm } from './service-form.tsx';
import { ShowDesigns, ShowServices } from './show-works.tsx';

configure({ asyncUtilTimeout: 10_000 });

const img = {
  id: 'a'.repeat(22),
  url: `/files/${'a'.repeat(22)}`,
  thumbUrl: `/files/${'a'.repeat(22)}/thumb`,
};
const at = '2026-11-22T02:00:00Z';
const SHOW: ShowWorks = {
  supplier: { cardno: '10000001', name: '鼎盛展览' },
  designs: [],
  services: [
    {
      id: 1,
      kind: 'priced',
      title: '特装展台搭建',
      price: 68_050,
      unit: '元/㎡',
      images: [img],
      content: '含设计',
      created: at,
      updated: at,
    },
    {
      id: 2,
      kind: 'text',
      title: '全程服务流程',
      price: null,
      unit: null,
      images: [],
      content: '第一段：沟通。\n\n第二段：搭建。',
      created: at,
      updated: at,
    },
  ],
};

function wrap(node: React.ReactNode) {
  return render(<QueryClientProvider client={createQueryClient()}>{node}</QueryClientProvider>);
}

beforeEach(() => {
  stubBrowser();
  fakeFeedback();
});
afterEach(() => vi.unstubAllGlobals());

describe('ShowServices / ShowDesigns', () => {
  it('shows prices in ¥ per unit and opens a text service with its paragraphs', async () => {
    const fetch = mockFetch(() => jsonResponse(envelope('success', SHOW)));
    wrap(<ShowServices cardno="10000001" />);
    expect(await screen.findByText('特装展台搭建')).toBeTruthy();
    expect(screen.getByText('¥680.50')).toBeTruthy();
    expect(screen.getByText('/㎡')).toBeTruthy();
    expect(screen.getByText('图文服务')).toBeTruthy();
    const body = JSON.parse(String(fetch.mock.calls[0]![1]!.body));
    expect(body).toEqual({ cardno: '10000001' });
    fireEvent.click(screen.getByRole('button', { name: '查看 全程服务流程' }));
    expect(await screen.findByText('第二段：搭建。')).toBeTruthy();
    expect(screen.getByText('第一段：沟通。')).toBeTruthy();
  });

  it('says so when there are no designs, and asks nothing for a bad cardno', async () => {
    const fetch = mockFetch(() => jsonResponse(envelope('success', SHOW)));
    wrap(<ShowDesigns cardno="10000001" />);
    expect(await screen.findByText('暂无设计作品')).toBeTruthy();
    fetch.mockClear();
    wrap(<ShowDesigns cardno="abc" />);
    expect(fetch).not.toHaveBeenCalled();
  });
});

describe('ServiceForm (priced)', () => {
  it('sends the price as integer 分 and refuses a negative price without a call', async () => {
    const saved: ServiceView = { ...SHOW.services[0]!, id: 7 };
    const fetch = mockFetch(() => jsonResponse(envelope('success', saved)));
    const onSaved = vi.fn();
    const service = { ...SHOW.services[0]!, price: 68_050 };
    wrap(<ServiceForm kind="priced" service={service} onSaved={onSaved} />);
    const price = screen.getByLabelText('价格（元）') as HTMLInputElement;
    expect(price.value).toBe('680.5');
    fireEvent.change(price, { target: { value: '-5' } });
    fireEvent.click(screen.getByRole('button', { name: /保存修改/ }));
    expect(await screen.findByText('价格须大于 0')).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();
    fireEvent.change(price, { target: { value: '1,234.56' } });
    fireEvent.click(screen.getByRole('button', { name: /保存修改/ }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    const [url, init] = fetch.mock.calls[0]!;
    expect(String(url)).toContain('Company/editService');
    expect(JSON.parse(String(init!.body))).toMatchObject({
      id: 1,
      kind: 'priced',
      price: 123_456,
      unit: '元/㎡',
    });
  });
});
