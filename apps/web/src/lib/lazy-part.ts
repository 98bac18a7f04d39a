import { type ComponentType, createElement, Suspense, use, useEffect, useRef } from 'react';

/** A part of a page fetched as its own chunk: see lazyPart. */
export interface LazyPart {
  /** starts fetching the part (once; later calls answer the same promise) */
  preload(): Promise<void>;
  loaded(): boolean;
}

/**
 * A part of a page that only some of its states show (a won project's panels, a project's
 * payments, a dialog), fetched as its own chunk the first time it renders — a named export of a
 * feature's `index.ts`, its props' types kept (docs/web.md § Page speed: what a page loads).
 *
 * It waits in a `<Suspense>` of its own, drawing nothing meanwhile: a part that appears after the
 * page is shown (a project just awarded, a dialog opened) never hides the page. For the page's
 * first paint, `PartsFirst` holds the page until the parts it shows have arrived, so that it
 * appears whole, once, instead of growing under the reader. A part that fails to arrive is an error
 * of the page, shown by the route's error screen.
 */
export function lazyPart<M, K extends keyof M>(load: () => Promise<M>, name: K): M[K] & LazyPart {
  // biome-ignore lint/suspicious/noExplicitAny: the part's props are typed by the cast to M[K]
  let component: ComponentType<any> | null = null;
  let loading: Promise<void> | null = null;
  const preload = () => {
    loading ??= load().then((m) => {
      // biome-ignore lint/suspicious/noExplicitAny: as above
      component = m[name] as ComponentType<any>;
    });
    return loading;
  };
  // biome-ignore lint/correctness/noComponentHookFactories: made once per part, at module level by its page (like React.lazy)
  function Loaded(props: object) {
    if (!component) use(preload());
    return component ? createElement(component, props) : null;
  }
  // biome-ignore lint/correctness/noComponentHookFactories: as above
  function Part(props: object) {
    return createElement(Suspense, { fallback: null }, createElement(Loaded, props));
  }
  return Object.assign(Part, { preload, loaded: () => component !== null }) as unknown as M[K] & LazyPart;
}

/**
 * Rendered first inside the page's `<Suspense>` (whose fallback is the page's loading state): on
 * the page's first paint it waits there until `parts` — those the page's state shows — have
 * arrived, fetching them side by side; afterwards it never waits again (a part shown later waits
 * in its own boundary).
 */
export function PartsFirst({ parts }: { parts: readonly LazyPart[] }) {
  const shown = useRef(false);
  useEffect(() => {
    shown.current = true;
  }, []);
  if (!shown.current) {
    const waiting = parts.filter((p) => !p.loaded());
    const all = waiting.map((p) => p.preload());
    for (const p of all) use(p);
  }
  return null;
}
