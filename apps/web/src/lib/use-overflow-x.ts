import { useLayoutEffect, useRef, useState } from 'react';

export interface OverflowX {
  /** the content is wider than the box: part of it is past an edge */
  overflows: boolean;
  /** scrolled to the right end (nothing more to the right) */
  atEnd: boolean;
}

/**
 * Whether a sideways-scrolling box hides part of its content, kept up to date on scroll and on
 * resize: a page shows a hint while it does (docs/web.md § Phone layout).
 */
export function useOverflowX<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  const [state, setState] = useState<OverflowX>({ overflows: false, atEnd: true });
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const update = () => {
      const overflows = el.scrollWidth > el.clientWidth + 1;
      const atEnd = el.scrollLeft + el.clientWidth >= el.scrollWidth - 1;
      setState((s) => (s.overflows === overflows && s.atEnd === atEnd ? s : { overflows, atEnd }));
    };
    update();
    el.addEventListener('scroll', update, { passive: true });
    const ro = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(update);
    ro?.observe(el);
    if (el.firstElementChild) ro?.observe(el.firstElementChild);
    return () => {
      el.removeEventListener('scroll', update);
      ro?.disconnect();
    };
  }, []);
  return [ref, state] as const;
}
