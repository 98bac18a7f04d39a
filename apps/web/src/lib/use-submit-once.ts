import { useCallback, useRef, useState } from 'react';

/**
 * A form's submit, once at a time (docs/web.md "Submitting once"): a second click while the first
 * is pending — validating, sending, or waiting for the answer — does nothing, and `busy` keeps the
 * button loading meanwhile. The guard is a ref, set in the click itself: a state update or a
 * mutation's isPending comes a render (or an async validation) too late for a double click.
 */
export function useSubmitOnce(): { busy: boolean; run: (fn: () => Promise<unknown>) => Promise<void> } {
  const running = useRef(false);
  const [busy, setBusy] = useState(false);
  const run = useCallback(async (fn: () => Promise<unknown>) => {
    if (running.current) return;
    running.current = true;
    setBusy(true);
    try {
      await fn();
    } finally {
      running.current = false;
      setBusy(false);
    }
  }, []);
  return { busy, run };
}
