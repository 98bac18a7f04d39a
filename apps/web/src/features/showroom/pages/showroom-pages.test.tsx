import { QueryClientProvider } from '@tanstack/react-query';
import { configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../lib/query-client.ts';
import { stubBrowser } from '../../../lib/test-env.ts';
import { envelope, fakeFeedback, jsonResponse, mockFetch } from '../../../lib/test-utils.ts';
import { showInfoFixture } from '../showroom-fixture.ts';
import CaseOutPage from './case-out-page.tsx';
import ShowRoomSettingPage from './show-room-setting-page.tsx';

configure({ asyncUtilTimeout: 10_000 });

const info = showInfoFixture();

function renderPage(page: ReactNode) {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>{page}</MemoryRouter>
    </QueryClientProvider>,
  );
}

const bodyOf = (fetchMock: ReturnType<typeof mockFetch>, path: string) =>
  fetchMock.mock.calls
    .filter(([u]) => String(u).endsWith(path))
    .map(([, init]) => JSON.parse(String((init as RequestInit).body)));

beforeEach(() => {
  stubBrowser();
  fakeFeedback();
});
afterEach(() => vi.unstubAllGlobals());

describe('showroom pages', { timeout: 30_000 }, () => {
  it('showRoomSetting: loads the own showroom and saves the form', async () => {
    const fetchMock = mockFetch((url) => {
      if (url.endsWith('Company/cmpyInfo') || url.endsWith('Company/saveInfo'))
        return jsonResponse(envelope('success', info.profile));
      return jsonResponse(envelope('success', null));
    });
    renderPage(<ShowRoomSettingPage />);
    const name = (await screen.findByLabelText('展厅名称')) as HTMLInputElement;
    expect(name.value).toBe('鼎盛展览工程');
    expect(screen.getByRole('button', { name: /复制分享链接/ })).toBeTruthy();
    expect(screen.getByRole('link', { name: /查看我的展厅/ }).getAttribute('href')).toBe('/show?id=10000001');
    fireEvent.change(name, { target: { value: '鼎盛展览（上海）' } });
    fireEvent.click(screen.getByRole('button', { name: '保存展厅' }));
    await waitFor(() => expect(bodyOf(fetchMock, 'Company/saveInfo')).toHaveLength(1));
    expect(bodyOf(fetchMock, 'Company/saveInfo')[0]).toMatchObject({
      name: '鼎盛展览（上海）',
      logo: info.profile.logo!.id,
      banner: info.profile.banner!.id,
      founded: 2012,
      regions: ['上海', '江苏'],
    });
  });

  it('showRoomSetting: a refused name shows under the field', async () => {
    mockFetch((url) => {
      if (url.endsWith('Company/cmpyInfo')) return jsonResponse(envelope('success', info.profile));
      if (url.endsWith('Company/saveInfo'))
        return jsonResponse(
          envelope('VALIDATION_FAILED', { fields: { name: '展厅名称不能包含控制字符' } }, { showType: 2 }),
          400,
        );
      return jsonResponse(envelope('success', null));
    });
    renderPage(<ShowRoomSettingPage />);
    await screen.findByLabelText('展厅名称');
    fireEvent.click(screen.getByRole('button', { name: '保存展厅' }));
    expect(await screen.findByText('展厅名称不能包含控制字符')).toBeTruthy();
  });

  it('caseOut: lists the cases (listItem) and deletes one after confirming', async () => {
    const fetchMock = mockFetch((url) => {
      if (url.endsWith('Company/listCase'))
        return jsonResponse(envelope('success', { listItem: info.cases, total: 1, page: 1 }));
      if (url.endsWith('Company/deleteCase')) return jsonResponse(envelope('success', { id: 1 }));
      return jsonResponse(envelope('success', null));
    });
    renderPage(<CaseOutPage />);
    expect(await screen.findByText('上海车展双层展台')).toBeTruthy();
    expect(screen.getByText('2 张图片')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /删\s*除/ }));
    fireEvent.click(await screen.findByRole('button', { name: /^删\s*除$/, hidden: false }));
    await waitFor(() => expect(bodyOf(fetchMock, 'Company/deleteCase')).toEqual([{ id: 1 }]));
  });

  it('caseOut: 添加案例 opens the form; a missing cover is refused before any call', async () => {
    const fetchMock = mockFetch((url) => {
      if (url.endsWith('Company/listCase'))
        return jsonResponse(envelope('success', { listItem: [], total: 0, page: 1 }));
      return jsonResponse(envelope('success', null));
    });
    renderPage(<CaseOutPage />);
    expect(await screen.findByText('还没有案例，添加第一个案例吧')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /添加案例/ }));
    fireEvent.change(await screen.findByLabelText('案例标题'), { target: { value: '新案例' } });
    fireEvent.click(screen.getAllByRole('button', { name: /添加案例/ }).at(-1)!);
    expect(await screen.findByText('请上传封面图片')).toBeTruthy();
    expect(bodyOf(fetchMock, 'Company/saveCase')).toHaveLength(0);
  });
});
