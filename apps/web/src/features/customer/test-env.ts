import { vi } from 'vitest';
import { stubMatchMedia } from '../verification/test-env.ts';

/** jsdom lacks matchMedia and ResizeObserver; antd's tables, collapses and pickers use both. */
export function stubBrowser(): void {
  stubMatchMedia();
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
}
