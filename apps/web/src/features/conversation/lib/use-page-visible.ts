import { useSyncExternalStore } from 'react';

function subscribe(onChange: () => void): () => void {
  document.addEventListener('visibilitychange', onChange);
  return () => document.removeEventListener('visibilitychange', onChange);
}

const visible = () => document.visibilityState !== 'hidden';

/** Whether the page is in view (not a background tab or a minimised window). */
export function usePageVisible(): boolean {
  return useSyncExternalStore(subscribe, visible, () => true);
}
