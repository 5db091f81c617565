import { describe, expect, it } from 'vitest';
import { formatDate, formatNaira, formatPhone, initials } from './format';

describe('formatting', () => {
  it('shows Nigerian numbers in one national form, grouped 4-3-4', () => {
    for (const stored of [
      '+2348031234567',
      '2348031234567',
      '002348031234567',
      '+234 803 123 4567',
      '+234 (803) 123-4567',
      '08031234567',
      '0803 123 4567',
    ])
      expect(formatPhone(stored)).toBe('0803 123 4567');
    expect(formatPhone('+2349120000009')).toBe('0912 000 0009');
    // Not a Nigerian number: as it is.
    expect(formatPhone('+447700900123')).toBe('+447700900123');
    expect(formatPhone('ada@example.com')).toBe('ada@example.com');
    expect(formatPhone(null)).toBe('');
  });

  it('formats naira and dates', () => {
    expect(formatNaira(25000)).toBe('₦25,000');
    expect(formatDate('2026-11-20')).toBe('20 Nov 2026');
    expect(formatDate(null)).toBe('N/A');
  });

  it('makes initials with a fallback', () => {
    expect(initials('ada', 'obi')).toBe('AO');
    expect(initials('', null)).toBe('U');
  });
});
