import { describe, expect, it } from 'vitest';
import { splitPreview } from './complaint-queue-page.tsx';

describe('the ruling preview', () => {
  it('the supplier receives the rest less floor(rest × bp / 10000), as the server books it', () => {
    expect(splitPreview(960_000, 300_000, 500)).toEqual({
      released: 660_000,
      commission: 33_000,
      payout: 627_000,
    });
    expect(splitPreview(333_333, 0, 500)).toEqual({ released: 333_333, commission: 16_666, payout: 316_667 });
    expect(splitPreview(960_000, 960_000, 500)).toEqual({ released: 0, commission: 0, payout: 0 });
  });
});
