import { describe, expect, it } from 'vitest';
import { guessMapping, headerScore, importSettingsSchema, titleCaseName } from './imports';

describe('titleCaseName', () => {
  it('writes names typed all in capitals or all in lower case in Title Case', () => {
    expect(titleCaseName('ADA OBI-NWANKWO')).toBe('Ada Obi-Nwankwo');
    expect(titleCaseName("o'neil")).toBe("O'Neil");
    expect(titleCaseName('O’NEIL')).toBe('O’Neil');
    expect(titleCaseName('chukwuemeka')).toBe('Chukwuemeka');
  });

  it('keeps Yoruba and Igbo accents and tone marks', () => {
    expect(titleCaseName('ỌLÁNÍYÀN')).toBe('Ọláníyàn');
    expect(titleCaseName('ADÉBÁYỌ̀')).toBe('Adébáyọ̀');
    expect(titleCaseName('ÒKỌ̀NKWỌ́')).toBe('Òkọ̀nkwọ́');
  });

  it('leaves a name in mixed case, and text without letters, as typed', () => {
    expect(titleCaseName('McDonald')).toBe('McDonald');
    expect(titleCaseName('DeShawn')).toBe('DeShawn');
    expect(titleCaseName('Ada')).toBe('Ada');
    expect(titleCaseName('')).toBe('');
    expect(titleCaseName('123')).toBe('123');
  });
});

describe('the header row', () => {
  it('scores a row by the member fields its cells name', () => {
    expect(headerScore(['PERSONAL DETAILS', '', 'CONTACT', 'MEMBERSHIP'])).toBe(2);
    expect(headerScore(['Surname', 'First Name', 'Phone No.', 'E-mail', 'Plan', 'Expiry'])).toBe(6);
    expect(headerScore(['IRON PARADISE GYM'])).toBe(0);
  });

  it('a plan column alone and no e-mail column make a usable mapping', () => {
    const mapping = guessMapping(['Name', 'Phone', 'Plan']);
    expect(mapping).toEqual({ full_name: 0, mobile_number: 1, plan: 2 });
    const parsed = importSettingsSchema.safeParse({ mapping, duplicates: 'skip' });
    expect(parsed.success).toBe(true);
    expect(parsed.data).toMatchObject({ title_case: true, plan_without_expiry: 'none' });
    const expiryAlone = importSettingsSchema.safeParse({
      mapping: { full_name: 0, mobile_number: 1, expiry_date: 2 },
      duplicates: 'skip',
    });
    expect(expiryAlone.error?.issues.map((i) => i.message)).toEqual([
      'Choose the plan name column too, or leave out the expiry date.',
    ]);
  });
});
