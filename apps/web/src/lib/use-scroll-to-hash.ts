import { useEffect } from 'react';
import { useLocation } from 'react-router';

/**
 * Once `ready`, scrolls to the element named by the URL's hash (a next action of 交付进度 links to
 * its section: #contract, #prepay, #acceptance, #evaluation …). Sections load their own data, so
 * the scroll waits a moment (docs/delivery.md).
 */
export function useScrollToHash(ready: boolean): void {
  const { hash } = useLocation();
  useEffect(() => {
    if (!ready || !hash) return;
    const t = setTimeout(
      () => document.getElementById(hash.slice(1))?.scrollIntoView({ block: 'start' }),
      400,
    );
    return () => clearTimeout(t);
  }, [ready, hash]);
}
