import { QueryClientProvider } from '@tanstack/react-query';
import { configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { CalendarEvent, CalendarEventsResult } from '@zl/shared';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, type Mock, vi } from 'vitest';
import { createQueryClient } from '../../../lib/query-client.ts';
import { stubBrowser } from '../../../lib/test-env.ts';
import { envelope, fakeFeedback, jsonResponse, mockFetch } from '../../../lib/test-utils.ts';
import CalendarPage from './calendar-page.tsx';

configure({ asyncUtilTimeout: 10_000 });

function ev(e: Partial<CalendarEvent> & Pick<CalendarEvent, 'id' | 'kind' | 'start' | 'end'>): CalendarEvent {
  return {
    projectId: 1,
    title: '上海车展特装展台',
    note: '',
    city: '上海市',
    hall: 'N1馆',
    booth: '1A01',
    link: '/orderDetail?id=1',
    ...e,
  };
}

/** March 2027: p1 (上海) and p2 (北京) build in at the same time on the 15th and 16th (China time). */
const EVENTS: CalendarEventsResult = {
  listItem: [
    ev({
      id: 'p1-filing',
      kind: 'filing',
      start: '2027-03-12T10:00:00.000Z',
      end: '2027-03-12T10:00:00.000Z',
    }),
    // 08:00 on the 15th → 22:00 on the 16th in China
    ev({ id: 'p1-build', kind: 'build', start: '2027-03-15T00:00:00.000Z', end: '2027-03-16T14:00:00.000Z' }),
    ev({
      id: 'p2-build',
      projectId: 2,
      title: '北京家具展展台',
      city: '北京市',
      link: '/orderDetail?id=2',
      kind: 'build',
      start: '2027-03-15T00:00:00.000Z',
      end: '2027-03-16T14:00:00.000Z',
    }),
    // 00:00 of the 17th in China is 16:00 of the 16th in UTC: the show is on the 17th–19th
    ev({ id: 'p1-show', kind: 'show', start: '2027-03-16T16:00:00.000Z', end: '2027-03-19T16:00:00.000Z' }),
    ev({
      id: 'p1-due-7',
      kind: 'due',
      note: '进场款',
      start: '2027-03-15T00:00:00.000Z',
      end: '2027-03-15T00:00:00.000Z',
    }),
  ],
  conflicts: [
    { date: '2027-03-15', projectIds: [1, 2] },
    { date: '2027-03-16', projectIds: [1, 2] },
  ],
};
const URL_1 = 'https://zl.example.com/api/Calendar/feed/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa.ics';
const URL_2 = 'https://zl.example.com/api/Calendar/feed/bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb.ics';

let fetchMock: Mock;
beforeEach(() => {
  stubBrowser();
  fakeFeedback();
  fetchMock = mockFetch((url) => {
    if (url.endsWith('Calendar/events')) return jsonResponse(envelope('success', EVENTS));
    if (url.endsWith('Calendar/feedUrl')) return jsonResponse(envelope('success', { url: URL_1 }));
    if (url.endsWith('Calendar/resetFeed')) return jsonResponse(envelope('success', { url: URL_2 }));
    return jsonResponse(envelope('NOT_FOUND'), 404);
  });
});
afterEach(() => vi.unstubAllGlobals());

const callsTo = (path: string) => fetchMock.mock.calls.filter(([u]) => String(u).endsWith(path));

function renderPage(entry = '/personCenter/calendar?view=month&date=2027-03-10') {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={[entry]}>
        <CalendarPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const cell = (day: string) => document.querySelector<HTMLElement>(`[data-day="${day}"]`)!;

describe('项目日历', { timeout: 30_000 }, () => {
  it('asks for the month grid and puts each event on its China-time days', async () => {
    renderPage();
    await screen.findAllByText('进场款到期');
    // the grid of March 2027 runs Monday 1 March to Sunday 4 April
    const body = JSON.parse(String(callsTo('Calendar/events')[0]![1]!.body));
    expect(body).toEqual({ from: '2027-03-01', to: '2027-04-04' });
    expect(screen.getByText('2027年3月')).toBeTruthy();

    const kinds = (day: string) =>
      [...cell(day).querySelectorAll('[data-kind]')].map((c) => c.getAttribute('data-kind'));
    expect(kinds('2027-03-12')).toEqual(['filing']);
    expect(kinds('2027-03-15')).toEqual(['build', 'build', 'due']);
    expect(kinds('2027-03-16')).toEqual(['build', 'build']);
    // the show starts at 00:00 on the 17th in China (16:00 UTC the day before) and ends with the 19th
    expect(kinds('2027-03-17')).toEqual(['show']);
    expect(kinds('2027-03-19')).toEqual(['show']);
    expect(kinds('2027-03-20')).toEqual([]);
    // a chip names its kind and project and opens the caller's project page
    const chip = within(cell('2027-03-15')).getAllByRole('link')[0]!;
    expect(chip.textContent).toContain('进场布展');
    expect(chip.textContent).toContain('上海车展特装展台');
    expect(chip.getAttribute('href')).toBe('/orderDetail?id=1');
    expect(within(cell('2027-03-15')).getByText('进场款到期')).toBeTruthy();
  });

  it('marks the days two build-ins clash in different cities, naming both projects', async () => {
    renderPage();
    await screen.findAllByText('进场款到期');
    for (const day of ['2027-03-15', '2027-03-16']) {
      const mark = within(cell(day)).getByRole('note');
      expect(mark.textContent).toContain('同期进场冲突');
      expect(mark.getAttribute('title')).toBe('同期进场冲突：上海车展特装展台、北京家具展展台');
    }
    expect(within(cell('2027-03-17')).queryByRole('note')).toBeNull();
    // and the list above the grid
    expect(screen.getByText('3月15日 – 3月16日：上海车展特装展台、北京家具展展台')).toBeTruthy();
  });

  it('the week view shows the times and the clashing projects in full', async () => {
    renderPage('/customer/calendar?view=week&date=2027-03-16');
    await screen.findAllByText('进场款到期');
    expect(JSON.parse(String(callsTo('Calendar/events')[0]![1]!.body))).toEqual({
      from: '2027-03-15',
      to: '2027-03-21',
    });
    expect(screen.getByText('3月15日 – 3月21日')).toBeTruthy();
    expect(within(cell('2027-03-15')).getAllByText('08:00 起')).toHaveLength(2);
    expect(within(cell('2027-03-16')).getAllByText('至 22:00')).toHaveLength(2);
    expect(within(cell('2027-03-15')).getByRole('note').textContent).toContain(
      '上海车展特装展台、北京家具展展台',
    );
  });

  it('a phone opens on the week, one day under the other', async () => {
    const original = window.matchMedia;
    Object.defineProperty(window, 'matchMedia', {
      configurable: true,
      writable: true,
      value: (query: string) => ({
        matches: true,
        media: query,
        onchange: null,
        addListener: () => {},
        removeListener: () => {},
        addEventListener: () => {},
        removeEventListener: () => {},
        dispatchEvent: () => false,
      }),
    });
    try {
      renderPage('/personCenter/calendar?date=2027-03-16');
      await screen.findAllByText('进场款到期');
      expect(document.querySelector('.zl-cal-weeklist')).not.toBeNull();
      expect(document.querySelectorAll('li[data-day]')).toHaveLength(7);
    } finally {
      Object.defineProperty(window, 'matchMedia', { configurable: true, writable: true, value: original });
    }
  });

  it('订阅到手机日历 shows the feed address, and 重置链接 calls resetFeed once', async () => {
    renderPage();
    await screen.findAllByText('进场款到期');
    fireEvent.click(screen.getByRole('button', { name: /订阅到手机日历/ }));
    const dialog = await screen.findByRole('dialog');
    const input = await within(dialog).findByLabelText('订阅链接');
    expect((input as HTMLInputElement).value).toBe(URL_1);
    expect(within(dialog).getByRole('link', { name: '在本机日历中打开' }).getAttribute('href')).toBe(
      URL_1.replace('https:', 'webcal:'),
    );
    expect(dialog.querySelector('svg')).not.toBeNull(); // the QR code
    expect(callsTo('Calendar/feedUrl')).toHaveLength(1);

    fireEvent.click(within(dialog).getByRole('button', { name: '重置链接' }));
    expect(await screen.findByText('旧链接将立即失效，已订阅的日历需要用新链接重新订阅。')).toBeTruthy();
    expect(callsTo('Calendar/resetFeed')).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: /^重\s?置$/ }));
    await waitFor(() => expect((input as HTMLInputElement).value).toBe(URL_2));
    expect(callsTo('Calendar/resetFeed')).toHaveLength(1);
  });
});
