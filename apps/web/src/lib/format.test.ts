import { describe, expect, it } from 'vitest';
import {
  formatDate,
  formatDateTime,
  formatNaira,
  formatPhone,
  initials,
  lastVisitText,
} from './format';

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

  it('shows a calendar day as that day and a moment in the device’s time', () => {
    expect(formatDate('2026-01-05')).toBe('5 Jan 2026');
    expect(formatDate('2026-12-31')).toBe('31 Dec 2026');
    expect(formatDate(new Date(2026, 1, 28, 23, 59))).toBe('28 Feb 2026');
    expect(formatDate('not a date')).toBe('N/A');
    expect(formatDate('')).toBe('N/A');
    const moment = new Date(2026, 10, 20, 9, 5);
    expect(formatDateTime(moment.toISOString())).toBe('20 Nov 2026, 09:05');
    expect(formatDateTime(moment)).toBe('20 Nov 2026, 09:05');
    expect(formatDateTime(new Date(2026, 10, 20, 23, 45))).toBe('20 Nov 2026, 23:45');
    expect(formatDateTime(undefined)).toBe('N/A');
    expect(formatDateTime('2026-13-45T99:00:00Z')).toBe('N/A');
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
