import { afterEach, describe, expect, it, vi } from 'vitest';
import { forgetEarly, startEarly, takeEarly } from './early.ts';

describe('early requests', () => {
  afterEach(() => vi.useRealTimers());

  it('gives the answer to its first reader only', async () => {
    startEarly('a', () => Promise.resolve(42));
    await expect(takeEarly<number>('a')).resolves.toBe(42);
    expect(takeEarly('a')).toBeUndefined();
  });

  it('hands a failure to the reader, and an unread failure is not an unhandled rejection', async () => {
    const unhandled = vi.fn();
    process.on('unhandledRejection', unhandled);
    startEarly('b', () => Promise.reject(new Error('NOT_LOGGED_IN')));
    await expect(takeEarly('b')).rejects.toThrow('NOT_LOGGED_IN');
    startEarly('c', () => Promise.reject(new Error('unread')));
    await new Promise((r) => setTimeout(r, 10));
    process.off('unhandledRejection', unhandled);
    expect(unhandled).not.toHaveBeenCalled();
  });

  it('is not taken when stale or after something changed the answer (a login)', () => {
    vi.useFakeTimers();
    startEarly('d', () => Promise.resolve(1));
    vi.advanceTimersByTime(10_001);
    expect(takeEarly('d')).toBeUndefined();
    startEarly('e', () => Promise.resolve(1));
    forgetEarly('e');
    expect(takeEarly('e')).toBeUndefined();
  });
});
