import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { formatDaySpan, formatInstantRange } from '../../lib/project-dates.ts';
import { ShowDates } from './show-dates.tsx';

const DATES = {
  sdate: '2099-12-01',
  edate: '2099-12-03',
  buildStart: '2099-11-29T00:00:00.000Z',
  buildEnd: '2099-11-30T14:00:00.000Z',
  teardownStart: '2099-12-03T09:00:00.000Z',
  teardownEnd: '2099-12-03T15:00:00.000Z',
  filingDeadline: '',
  hall: '',
  booth: '',
  deposit: 0,
};

/** The block's lines as 'label value'. */
const lines = () =>
  [...screen.getByTestId('show-dates').querySelectorAll('dl > div')].map(
    (d) => `${d.querySelector('dt')?.textContent} ${d.querySelector('dd')?.textContent}`,
  );

describe('ShowDates (展期)', () => {
  it('build-in, the show and teardown in China time; nothing else when not given', () => {
    render(<ShowDates project={DATES} />);
    expect(lines()).toEqual([
      '进场布展 2099-11-29 08:00 – 11-30 22:00',
      '开展 2099-12-01 – 12-03',
      '撤场 2099-12-03 17:00 – 23:00',
    ]);
  });

  it('报馆截止, 馆号/展位号 and 施工押金 when the project gives them', () => {
    render(
      <ShowDates
        project={{
          ...DATES,
          filingDeadline: '2099-11-20T10:00:00.000Z',
          hall: '7.1H',
          booth: 'A01',
          deposit: 500050,
        }}
      />,
    );
    expect(lines().slice(3)).toEqual([
      '报馆截止 2099-11-20 18:00',
      '馆号/展位号 7.1H / A01',
      '施工押金 ¥5,000.50',
    ]);
  });

  it('one of 馆号 / 展位号 is named as what it is', () => {
    const { unmount } = render(<ShowDates project={{ ...DATES, hall: '5H' }} />);
    expect(lines().slice(3)).toEqual(['馆号 5H']);
    unmount();
    render(<ShowDates project={{ ...DATES, booth: 'B12' }} />);
    expect(lines().slice(3)).toEqual(['展位号 B12']);
  });

  it('spans cut the end to what differs from the start', () => {
    expect(formatInstantRange('2099-12-31T01:00:00.000Z', '2100-01-01T14:00:00.000Z')).toBe(
      '2099-12-31 09:00 – 2100-01-01 22:00',
    );
    expect(formatInstantRange('', '')).toBe('—');
    expect(formatDaySpan('2099-12-01', '2099-12-01')).toBe('2099-12-01');
    expect(formatDaySpan('2099-12-31', '2100-01-02')).toBe('2099-12-31 – 2100-01-02');
  });
});
