import { describe, expect, it } from 'vitest';
import { TokenBuckets } from './token-bucket';

describe('TokenBuckets', () => {
  it('never refuses a steady flow slower than its refill, over a whole morning', () => {
    let now = 0;
    const buckets = new TokenBuckets(20, 1500, 100, () => now);
    // A check-in every 3 seconds for 4 hours.
    for (let i = 0; i < 4800; i++, now += 3000) expect(buckets.take('kiosk')).toBe(0);
  });

  it('lets a burst through up to its capacity, then one call per refill', () => {
    let now = 0;
    const buckets = new TokenBuckets(20, 1500, 100, () => now);
    const refused = Array.from({ length: 100 }, () => buckets.take('loop')).filter((w) => w > 0);
    expect(refused).toHaveLength(80);
    expect(buckets.take('other')).toBe(0);
    now += 1500;
    expect(buckets.take('loop')).toBe(0);
    expect(buckets.take('loop')).toBeGreaterThan(0);
  });
});
