import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import AboutPage from './about-page.tsx';
import HelpPage from './help-page.tsx';

const renderAt = (path: string, el: React.ReactNode) =>
  render(<MemoryRouter initialEntries={[path]}>{el}</MemoryRouter>);

describe('帮助中心 and 关于我们', () => {
  it('has a group with its anchor for each topic, linked from the top', () => {
    renderAt('/help', <HelpPage />);
    for (const [id, group] of [
      ['sms', '短信验证码'],
      ['quote', '报价'],
      ['coins', '金币'],
      ['escrow', '预付款托管与验收'],
      ['withdraw', '提现'],
      ['contract', '合同与完工报告'],
      ['evaluation', '评价'],
      ['complaint', '投诉'],
      ['message', '消息中心'],
    ] as const) {
      const heading = screen.getByRole('heading', { level: 2, name: group });
      expect(heading.closest('section')?.id).toBe(id);
      expect(screen.getByRole('link', { name: `跳到「${group}」` }).getAttribute('href')).toBe(`/help#${id}`);
    }
  });

  it('states the rules with the numbers the code uses', async () => {
    renderAt('/help#withdraw', <HelpPage />);
    fireEvent.click(screen.getByText('提现有什么限制？'));
    expect(await screen.findByText(/单笔最低 ¥10\.00.*每天（北京时间）最多申请 3 次/)).toBeTruthy();
    fireEvent.click(screen.getByText('参展商一直不验收怎么办？'));
    expect(await screen.findByText(/参展商 7 天内既不验收也不退回/)).toBeTruthy();
  });

  it('关于我们 has the fees', () => {
    renderAt('/about', <AboutPage />);
    expect(screen.getByRole('heading', { name: '费用说明' })).toBeTruthy();
    expect(screen.getByText('托管结算金额的 5%')).toBeTruthy();
    expect(screen.getByRole('link', { name: '提现' }).getAttribute('href')).toBe('/help#withdraw');
  });
});
