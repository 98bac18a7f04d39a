import { type ComponentType, useEffect, useState } from 'react';
import { onFeedbackNeeded } from '../lib/feedback.ts';

/**
 * Mounts antd's message/notification (in their own chunk, off the /login critical path) when the
 * first message is needed or the browser is idle, whichever comes first. Messages asked for
 * before that are queued by lib/feedback.
 */
export function FeedbackHolder() {
  const [Apis, setApis] = useState<ComponentType | null>(null);

  useEffect(() => {
    let started = false;
    const load = () => {
      if (started) return;
      started = true;
      void import('./feedback-apis.tsx').then((m) => setApis(() => m.default));
    };
    onFeedbackNeeded(load);
    const idle = window.requestIdleCallback
      ? window.requestIdleCallback(load, { timeout: 3000 })
      : window.setTimeout(load, 1500);
    return () => {
      onFeedbackNeeded(null);
      if (window.cancelIdleCallback) window.cancelIdleCallback(idle);
      else window.clearTimeout(idle);
    };
  }, []);

  return Apis ? <Apis /> : null;
}
