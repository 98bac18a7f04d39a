import { act, render, screen } from '@testing-library/react';
import { type ReactElement, Suspense, useState } from 'react';
import { describe, expect, it } from 'vitest';
import { type LazyPart, lazyPart, PartsFirst } from './lazy-part.ts';

/** A module whose arrival the test decides. */
function deferredModule<M>() {
  let resolve!: (m: M) => void;
  let calls = 0;
  const promise = new Promise<M>((r) => {
    resolve = r;
  });
  return {
    load: () => {
      calls += 1;
      return promise;
    },
    arrive: async (m: M) => {
      // inside act, until React has retried what waited for it
      await act(async () => {
        resolve(m);
        await new Promise((r) => setTimeout(r, 0));
      });
    },
    calls: () => calls,
  };
}

let show: () => void = () => {};
/** A page that shows its part C once told to. */
function Page({ C }: { C: () => ReactElement }) {
  const [on, setOn] = useState(false);
  show = () => setOn(true);
  return (
    <Suspense fallback={<p>加载中</p>}>
      <PartsFirst parts={on ? [C as unknown as LazyPart] : []} />
      <h1>项目</h1>
      {on && <C />}
    </Suspense>
  );
}

const PanelA = ({ n }: { n: number }) => <p>面板 A {n}</p>;
const PanelB = () => <p>面板 B</p>;
const PanelC = () => <p>新面板</p>;

describe('lazyPart', () => {
  it('the first paint waits for the parts the page shows, fetched side by side, then shows the page whole', async () => {
    const a = deferredModule<{ A: (p: { n: number }) => ReactElement }>();
    const b = deferredModule<{ B: () => ReactElement }>();
    const A = lazyPart(a.load, 'A');
    const B = lazyPart(b.load, 'B');
    // a render that suspends is awaited in act, or React never retries it
    await act(async () => {
      render(
        <Suspense fallback={<p>加载中</p>}>
          <PartsFirst parts={[A, B]} />
          <h1>项目</h1>
          <A n={7} />
          <B />
        </Suspense>,
      );
    });
    expect(screen.getByText('加载中')).toBeTruthy();
    expect(screen.queryByText('项目')).toBeNull();
    // both started at once, not one after the other
    expect(a.calls()).toBe(1);
    expect(b.calls()).toBe(1);
    await a.arrive({ A: PanelA });
    expect(screen.queryByText('项目')).toBeNull();
    await b.arrive({ B: PanelB });
    expect(screen.getByText('项目')).toBeTruthy();
    expect(screen.getByText('面板 A 7')).toBeTruthy();
    expect(screen.getByText('面板 B')).toBeTruthy();
    expect(a.calls()).toBe(1);
  });

  it('a part shown after the first paint waits alone: the page stays on screen', async () => {
    const c = deferredModule<{ C: () => ReactElement }>();
    const C = lazyPart(c.load, 'C');
    render(<Page C={C} />);
    expect(screen.getByText('项目')).toBeTruthy();
    expect(c.calls()).toBe(0);
    await act(async () => show());
    expect(screen.getByText('项目')).toBeTruthy();
    expect(screen.queryByText('加载中')).toBeNull();
    await c.arrive({ C: PanelC });
    expect(screen.getByText('新面板')).toBeTruthy();
    expect(c.calls()).toBe(1);
  });
});
