import { describe, expect, it } from 'vitest';
import { formatDate, formatNaira, formatPhone, initials, lastVisitText } from './format';

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

  it('says when a member last came in Lagos days: Today, Yesterday, 3 days ago, Never', () => {
    expect(lastVisitText(null, '2026-03-18')).toBe('Never');
    // 23:30 UTC on the 17th is 00:30 on the 18th in Lagos.
    expect(lastVisitText('2026-03-17T23:30:00Z', '2026-03-18')).toBe('Today');
    expect(lastVisitText('2026-03-17T22:30:00Z', '2026-03-18')).toBe('Yesterday');
    expect(lastVisitText('2026-03-15T08:00:00Z', '2026-03-18')).toBe('3 days ago');
    expect(lastVisitText('2026-02-27T06:30:00Z', '2026-03-18')).toBe('19 days ago');
  });

  it('makes initials with a fallback', () => {
    expect(initials('ada', 'obi')).toBe('AO');
    expect(initials('', null)).toBe('U');
  });
});
