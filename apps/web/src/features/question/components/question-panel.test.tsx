import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ProjectQuestion, QuestionList } from '@zl/shared';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../lib/query-client.ts';
import { stubBrowser } from '../../../lib/test-env.ts';
import { envelope, fakeFeedback, jsonResponse, mockFetch } from '../../../lib/test-utils.ts';
import { NewAnswersNotice, QuestionPanel } from './question-panel.tsx';

const Q = (over: Partial<ProjectQuestion>): ProjectQuestion => ({
  id: 1,
  kind: 'question',
  asker: '供应商A',
  askerCardno: '',
  mine: false,
  content: '地面承重是多少？',
  pictures: [],
  answer: '每平方米 500 公斤',
  asked: '2026-11-27T02:00:00.000Z',
  published: '2026-11-27T03:00:00.000Z',
  ...over,
});

function renderPanel(ui: React.ReactNode) {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>{ui}</MemoryRouter>
    </QueryClientProvider>,
  );
}

const bodies = (calls: unknown[][], path: string) =>
  calls
    .filter(([u]) => String(u).endsWith(path))
    .map(([, init]) => ({
      body: JSON.parse(String((init as RequestInit).body)) as Record<string, unknown>,
      key: ((init as RequestInit).headers as Record<string, string>)['Idempotency-Key'],
    }));

beforeEach(() => {
  stubBrowser();
  fakeFeedback();
});
afterEach(() => vi.unstubAllGlobals());

describe('项目答疑', { timeout: 30_000 }, () => {
  it('a supplier reads answers by 供应商A/B, its own waiting question, a clarification; asks once on a double click', async () => {
    const list: QuestionList = {
      open: true,
      newSinceMyQuote: 0,
      listItem: [
        Q({}),
        Q({ id: 2, asker: '供应商B', mine: true, content: '吊点包含吗？', answer: null, published: null }),
        Q({ id: 3, kind: 'clarification', asker: '', content: '需预留消防通道', answer: null }),
      ],
    };
    let release: (r: Response) => void = () => {};
    const fetchMock = mockFetch((url) => {
      if (url.endsWith('Projectcenter/questionList')) return jsonResponse(envelope('success', list));
      return new Promise<Response>((resolve) => {
        release = resolve;
      });
    });
    renderPanel(<QuestionPanel projectId={9} side="supplier" />);
    const panel = await screen.findByRole('region', { name: '项目答疑' });
    expect(within(panel).getByText('每平方米 500 公斤')).toBeTruthy();
    const items = [...panel.querySelectorAll('.zl-qa-item')].map((li) => li.textContent ?? '');
    expect(items[0]).toMatch(/^问供应商A · /);
    expect(items[1]).toMatch(/^问供应商B（我的提问） · /);
    expect(within(panel).getByText('等待参展商回答')).toBeTruthy();
    expect(within(panel).getByText('补充说明')).toBeTruthy();
    fireEvent.change(within(panel).getByLabelText('问题'), { target: { value: '展台限高多少？' } });
    const send = within(panel).getByRole('button', { name: /提交问题/ });
    fireEvent.click(send);
    fireEvent.click(send);
    await waitFor(() => expect(bodies(fetchMock.mock.calls, 'Projectcenter/askQuestion')).toHaveLength(1));
    release(jsonResponse(envelope('success', Q({ id: 4, content: '展台限高多少？', answer: null }))));
    await waitFor(() => expect((within(panel).getByLabelText('问题') as HTMLTextAreaElement).value).toBe(''));
    const sent = bodies(fetchMock.mock.calls, 'Projectcenter/askQuestion');
    expect(sent).toHaveLength(1);
    expect(sent[0]!.body).toEqual({ id: 9, content: '展台限高多少？', pictures: [] });
    expect(sent[0]!.key).toMatch(/^[\w-]{8,}$/);
  });

  it('a refusal lands on its field, in Chinese; closed bidding shows no form', async () => {
    mockFetch((url) => {
      if (url.endsWith('Projectcenter/questionList'))
        return jsonResponse(envelope('success', { open: true, newSinceMyQuote: 0, listItem: [] }));
      return jsonResponse(
        envelope(
          'VALIDATION_FAILED',
          { fields: { content: '问题不能包含控制字符' } },
          { errorMessage: '问题不能包含控制字符', showType: 1 },
        ),
        400,
      );
    });
    renderPanel(<QuestionPanel projectId={9} side="supplier" />);
    const panel = await screen.findByRole('region', { name: '项目答疑' });
    expect(within(panel).getByText('暂无答疑')).toBeTruthy();
    fireEvent.change(within(panel).getByLabelText('问题'), { target: { value: '有问题' } });
    fireEvent.click(within(panel).getByRole('button', { name: /提交问题/ }));
    expect(await within(panel).findByText('问题不能包含控制字符')).toBeTruthy();
  });

  it('says before sending which contact details will show as ＊', async () => {
    mockFetch(() => jsonResponse(envelope('success', { open: true, newSinceMyQuote: 0, listItem: [] })));
    renderPanel(<QuestionPanel projectId={9} side="supplier" />);
    const panel = await screen.findByRole('region', { name: '项目答疑' });
    fireEvent.change(within(panel).getByLabelText('问题'), { target: { value: '展台 13800×2500 够吗' } });
    expect(within(panel).queryByText(/成交前请勿交换联系方式/)).toBeNull();
    fireEvent.change(within(panel).getByLabelText('问题'), { target: { value: '加微信 buildpro99 详聊' } });
    expect(await within(panel).findByText('成交前请勿交换联系方式：微信号会显示为 ＊')).toBeTruthy();
  });

  it('the customer sees the real supplier and answers a waiting question; posts a clarification', async () => {
    const fetchMock = mockFetch((url) => {
      if (url.endsWith('Projectcenter/questionList'))
        return jsonResponse(
          envelope('success', {
            open: true,
            newSinceMyQuote: 0,
            listItem: [Q({ asker: '张三搭建', askerCardno: 'ZL000123', answer: null, published: null })],
          }),
        );
      return jsonResponse(envelope('success', Q({ answer: '500 公斤' })));
    });
    renderPanel(<QuestionPanel projectId={9} side="customer" />);
    const panel = await screen.findByRole('region', { name: '项目答疑' });
    expect(within(panel).getByText(/张三搭建（ZL000123）/)).toBeTruthy();
    fireEvent.change(within(panel).getByLabelText('回答'), { target: { value: '500 公斤' } });
    fireEvent.click(within(panel).getByRole('button', { name: /^回\s*答$/ }));
    await waitFor(() =>
      expect(bodies(fetchMock.mock.calls, 'Customer/answerQuestion').map((x) => x.body)).toEqual([
        { id: 9, questionId: 1, content: '500 公斤' },
      ]),
    );
    fireEvent.change(within(panel).getByLabelText('补充说明'), { target: { value: '搭建期 3 天' } });
    fireEvent.click(within(panel).getByRole('button', { name: /发布补充说明/ }));
    await waitFor(() =>
      expect(bodies(fetchMock.mock.calls, 'Customer/clarify').map((x) => x.body)).toEqual([
        { id: 9, content: '搭建期 3 天' },
      ]),
    );
  });

  it('nothing when bidding closed without any Q&A; the quote form is told of answers after the quote', async () => {
    mockFetch(() => jsonResponse(envelope('success', { open: false, newSinceMyQuote: 2, listItem: [] })));
    const { container } = renderPanel(
      <>
        <QuestionPanel projectId={9} side="supplier" />
        <NewAnswersNotice projectId={9} />
      </>,
    );
    expect(await screen.findByText('报价后项目有新的答疑')).toBeTruthy();
    expect(screen.getByRole('link', { name: '查看答疑' }).getAttribute('href')).toBe('/orderDetail?id=9#qa');
    expect(container.querySelector('.zl-qa')).toBeNull();
  });
});
