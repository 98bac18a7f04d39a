import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { withFeedback } from '../lib/feedback.ts';
import { FeedbackHolder } from './feedback-holder.tsx';

// the feedback chunk cannot be loaded (the network dropped before the page's first message)
vi.mock('./feedback-apis.tsx', () => {
  throw new Error('Failed to fetch dynamically imported module');
});

describe('FeedbackHolder (docs/web.md § Page speed)', () => {
  it('loads nothing until a message is asked for; when antd cannot load, the message shows plain', async () => {
    render(<FeedbackHolder />);
    expect(document.getElementById('zl-plain-toasts')).toBeNull();
    withFeedback((f) => f.message.error('网络连接失败，请检查网络'));
    withFeedback((f) => f.notification.error({ title: '操作未完成', description: '请稍后重试' }));
    expect(await screen.findByText('网络连接失败，请检查网络')).toBeTruthy();
    expect(screen.getByText('操作未完成：请稍后重试')).toBeTruthy();
    expect(document.getElementById('zl-plain-toasts')?.getAttribute('aria-live')).toBe('polite');
  });
});
