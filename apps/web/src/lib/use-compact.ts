import { useSyncExternalStore } from 'react';

/** antd's `md` breakpoint: below it the layouts switch to their phone form. */
const PHONE_QUERY = '(max-width: 767.98px)';

function phoneQuery(): MediaQueryList | null {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function'
    ? window.matchMedia(PHONE_QUERY)
    : null;
}

function subscribe(onChange: () => void): () => void {
  const mq = phoneQuery();
  mq?.addEventListener('change', onChange);
  return () => mq?.removeEventListener('change', onChange);
}

const isPhone = () => phoneQuery()?.matches ?? false;

/**
 * Whether the screen is phone-sized, right on the first render. antd's `Grid.useBreakpoint()`
 * answers only after an effect, so a page rendered its desktop form first and then swapped it,
 * moving everything on a phone (docs/web.md § Page speed: layout shift).
 */
export function useCompact(): boolean {
  return useSyncExternalStore(subscribe, isPhone, () => false);
}
