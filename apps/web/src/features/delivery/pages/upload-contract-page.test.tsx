import { QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { PROJECT_STATUS, QUOTE_STATUS } from '@zl/shared';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../lib/query-client.ts';
import { stubMatchMedia } from '../../../lib/test-env.ts';
import { envelope, fakeFeedback, jsonResponse, mockFetch } from '../../../lib/test-utils.ts';
import UploadContractPage from './upload-contract-page.tsx';

class FakeXhr {
  static all: FakeXhr[] = [];
  status = 0;
  responseText = '';
  withCredentials = false;
  upload = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  constructor() {
    FakeXhr.all.push(this);
  }
  open() {}
  setRequestHeader() {}
  send() {}
  abort() {
    this.onabort?.();
  }
  respond(id: string) {
    this.status = 200;
    this.responseText = JSON.stringify({
      success: true,
      errCode: 'success',
      data: { id, url: `/files/${id}`, thumbUrl: `/files/${id}/thumb`, mime: 'image/png' },
    });
    this.onload?.();
  }
}

const PROJECT = {
  id: 7,
  orders: 'P202611220001',
  title: '福州车展特装展台',
  status: PROJECT_STATUS.AWARDED,
  contctck: 0,
  contract: '[]',
  reason: '',
  myQuote: { status: QUOTE_STATUS.WON },
};

beforeEach(() => {
  stubMatchMedia();
  fakeFeedback();
  FakeXhr.all = [];
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  mockFetch(() => jsonResponse(envelope('success', PROJECT)));
});
afterEach(() => vi.unstubAllGlobals());

describe('/uploadContract', { timeout: 30_000 }, () => {
  it('「请至少上传 1 个合同文件」 goes as soon as a file is there; several pages are picked at once', async () => {
    const router = createMemoryRouter([{ path: '/uploadContract', element: <UploadContractPage /> }], {
      initialEntries: ['/uploadContract?id=7'],
    });
    const { container } = render(
      <QueryClientProvider client={createQueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
    fireEvent.click(await screen.findByRole('button', { name: /提交合同/ }));
    expect((await screen.findByRole('alert')).textContent).toBe('请至少上传 1 个合同文件');

    const input = container.querySelector('input[type="file"]') as HTMLInputElement;
    expect(input.multiple).toBe(true);
    const page = (n: string) => new File(['x'], n, { type: 'image/png' });
    fireEvent.change(input, { target: { files: [page('p1.png'), page('p2.png')] } });
    await waitFor(() => expect(FakeXhr.all).toHaveLength(2));
    act(() => {
      FakeXhr.all[0]!.respond('f_1');
      FakeXhr.all[1]!.respond('f_2');
    });
    await waitFor(() => expect(screen.getByRole('button', { name: /提交合同（2 个文件）/ })).toBeTruthy());
    expect(screen.queryByText('请至少上传 1 个合同文件')).toBeNull();
  });
});
