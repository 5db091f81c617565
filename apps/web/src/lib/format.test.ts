import { describe, expect, it } from 'vitest';
import { formatDate, formatNaira, formatPhoneLocal, initials } from './format';

describe('formatting', () => {
  it('shows Nigerian numbers in the local form', () => {
    expect(formatPhoneLocal('+2348031234567')).toBe('08031234567');
    expect(formatPhoneLocal('2348031234567')).toBe('08031234567');
    expect(formatPhoneLocal('+234 803 123 4567')).toBe('08031234567');
    expect(formatPhoneLocal('08031234567')).toBe('08031234567');
    expect(formatPhoneLocal(null)).toBe('');
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
