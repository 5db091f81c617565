/**
 * A token bucket per key, in this instance's memory: each call takes a token; tokens come back
 * at a steady rate up to `capacity`. A steady flow slower than the refill rate is never refused,
 * while a burst past the capacity (a scanner stuck in a loop) is cut to the refill rate.
 */
export class TokenBuckets {
  private readonly buckets = new Map<string, { tokens: number; at: number }>();

  constructor(
    private readonly capacity: number,
    /** Milliseconds for one token to come back. */
    private readonly refillMs: number,
    private readonly maxKeys = 10_000,
    private readonly now: () => number = Date.now,
  ) {}

  /** Takes a token for `key`: 0 when taken, else the milliseconds until one is back. */
  take(key: string): number {
    const now = this.now();
    const b = this.buckets.get(key) ?? { tokens: this.capacity, at: now };
    const tokens = Math.min(this.capacity, b.tokens + (now - b.at) / this.refillMs);
    if (tokens < 1) {
      this.buckets.set(key, { tokens, at: now });
      return Math.ceil((1 - tokens) * this.refillMs);
    }
    this.buckets.set(key, { tokens: tokens - 1, at: now });
    if (this.buckets.size > this.maxKeys) this.prune(now);
    return 0;
  }

  /** Forgets the buckets that are full again (they behave as new), or all when none is. */
  private prune(now: number) {
    for (const [key, b] of this.buckets)
      if (b.tokens + (now - b.at) / this.refillMs >= this.capacity) this.buckets.delete(key);
    if (this.buckets.size > this.maxKeys) this.buckets.clear();
  }
}
