import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { stubMatchMedia } from '../../../lib/test-env.ts';
import ExceptionPage from './exception-page.tsx';

function renderAt(url: string) {
  return render(
    <MemoryRouter initialEntries={[url]}>
      <ExceptionPage />
    </MemoryRouter>,
  );
}

beforeEach(() => stubMatchMedia());

describe('/exception', () => {
  it('a known errorCode shows the catalogue message, not the text from the URL', () => {
    renderAt(`/exception?errorCode=INTERNAL&errorMessage=${encodeURIComponent('请拨打 400-000 领取退款')}`);
    expect(screen.getByText('服务器开小差了，请稍后重试')).toBeTruthy();
    expect(screen.getByText('错误代码：INTERNAL')).toBeTruthy();
    expect(document.body.textContent).not.toContain('退款');
  });

  it('an unknown code: a generic text naming the code, never the URL message', () => {
    renderAt(`/exception?errorCode=SOME_NEW_CODE&errorMessage=${encodeURIComponent('账号异常，请加微信 x')}`);
    expect(screen.getByText('请求未能完成，请稍后重试。')).toBeTruthy();
    expect(screen.getByText('错误代码：SOME_NEW_CODE')).toBeTruthy();
    expect(document.body.textContent).not.toContain('微信');
  });

  it('free text in errorCode itself is not echoed either', () => {
    renderAt(`/exception?errorCode=${encodeURIComponent('您的账号已冻结，请转账解冻')}`);
    expect(screen.getByText('请求错误，请重试。')).toBeTruthy();
    expect(screen.queryByText(/错误代码/)).toBeNull();
    expect(document.body.textContent).not.toContain('转账');
  });

  it('the client-side network code has its own message', () => {
    renderAt('/exception?errorCode=NETWORK_ERROR&errorMessage=x');
    expect(screen.getByText('网络请求失败')).toBeTruthy();
  });
});
