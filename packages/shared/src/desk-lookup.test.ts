import { describe, expect, it } from 'vitest';
import { nigerianMobileE164, readLookup } from './desk-lookup';

describe('nigerianMobileE164', () => {
  it('reads a Nigerian mobile number in the four forms people type it', () => {
    for (const typed of [
      '08031234567',
      '0803 123 4567',
      '+2348031234567',
      '+234 803 123 4567',
      '2348031234567',
      '234-803-123-4567',
      '8031234567',
      '(0803) 123-4567',
    ])
      expect(nigerianMobileE164(typed), typed).toBe('+2348031234567');
  });

  it('is null for what is not a Nigerian mobile number', () => {
    for (const typed of ['0603123456', '080312345', '+4478031234567', '0803123456789', 'abc'])
      expect(nigerianMobileE164(typed), typed).toBeNull();
  });
});

describe('readLookup', () => {
  it('reads a card code first, in lower case', () => {
    expect(readLookup(' NQ7C3XK2M4P5R6S7T2U3V4W5XA ')).toEqual({
      by: 'card',
      code: 'nq7c3xk2m4p5r6s7t2u3v4w5xa',
    });
  });

  it('reads a phone in any form as E.164', () => {
    expect(readLookup('0803 123 4567')).toEqual({ by: 'phone', e164: '+2348031234567' });
  });

  it('reads a member ID with its code or its number alone, padded to five digits', () => {
    expect(readLookup('iron-42')).toEqual({ by: 'member_id', id: { code: 'IRON-00042' } });
    expect(readLookup('IRON-00042')).toEqual({ by: 'member_id', id: { code: 'IRON-00042' } });
    expect(readLookup('42')).toEqual({ by: 'member_id', id: { number: '00042' } });
  });

  it('reads anything else as a name, lower case and without accents', () => {
    expect(readLookup('  Adébáyọ̀   OKE ')).toEqual({ by: 'name', folded: 'adebayo oke' });
    expect(readLookup('   ')).toEqual({ by: 'none' });
  });

  it('takes the phone reader it is given (the server checks numbers more strictly)', () => {
    expect(readLookup('08031234567', () => null)).toEqual({ by: 'name', folded: '08031234567' });
  });
});
