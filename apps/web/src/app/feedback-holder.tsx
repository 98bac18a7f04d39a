import { type ComponentType, useEffect, useState } from 'react';
import { onFeedbackNeeded, setFeedback } from '../lib/feedback.ts';
import { plainFeedback } from '../lib/plain-feedback.ts';

/**
 * Mounts antd's message/notification (in their own chunk with antd's core and styles: ~135 KB and
 * ~250 ms of a phone's main thread) when the first message is asked for, not before: no page's
 * first paint or first seconds pay for them (docs/web.md § Page speed). Messages asked for until
 * then are queued by lib/feedback. If the chunk cannot be loaded (the network dropped), the queued
 * messages and the rest of the page's show as plain boxes (lib/plain-feedback.ts).
 */
export function FeedbackHolder() {
  const [Apis, setApis] = useState<ComponentType | null>(null);

  useEffect(() => {
    let started = false;
    onFeedbackNeeded(() => {
      if (started) return;
      started = true;
      import('./feedback-apis.tsx').then(
        (m) => setApis(() => m.default),
        () => setFeedback(plainFeedback()),
      );
    });
    return () => onFeedbackNeeded(null);
  }, []);

  return Apis ? <Apis /> : null;
}
