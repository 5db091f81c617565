import { describe, expect, it } from 'vitest';
import { nairaAmount } from './money';
import { formatNaira, hasAtMostTwoDecimals, koboToNaira, nairaToKobo } from './naira';

describe('money', () => {
  it('converts naira to integer kobo exactly', () => {
    expect(nairaToKobo(33_333.33)).toBe(3_333_333);
    expect(nairaToKobo(0.1 + 0.2)).toBe(30);
    expect(nairaToKobo(25_000)).toBe(2_500_000);
    expect(koboToNaira(3_333_333 * 3)).toBe(99_999.99);
  });

  it('accepts at most two decimals', () => {
    expect(hasAtMostTwoDecimals(33_333.33)).toBe(true);
    expect(hasAtMostTwoDecimals(10.005)).toBe(false);
    expect(nairaAmount().safeParse(10.005).success).toBe(false);
    expect(nairaAmount().safeParse(0).error?.issues[0]?.message).toBe(
      'Amount must be greater than 0',
    );
    expect(nairaAmount().safeParse('1500.50').data).toBe(1500.5);
  });

  it('shows ₦ with en-NG grouping', () => {
    expect(formatNaira(25_000)).toBe('₦25,000');
    expect(formatNaira(33_333.33)).toBe('₦33,333.33');
    expect(formatNaira(null)).toBe('₦0');
  });
});
