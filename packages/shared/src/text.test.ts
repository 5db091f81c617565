import { describe, expect, it } from 'vitest';
import { createBusinessSchema } from './business';
import { createMemberSchema, memberListQuery, updateMemberSchema } from './members';
import { createPlanSchema } from './plans';
import { recordPaymentSchema } from './payments';
import { createMessageSchema } from './communications';
import {
  hasUnsafeCharacters,
  isDomainName,
  textField,
  visibleLength,
  withoutUnsafeCharacters,
} from './text';

const member = {
  first_name: 'Chinedu',
  last_name: 'Okafor',
  mobile_number: '08031234567',
  email_address: 'chinedu@example.com',
  city: 'Lagos',
  state: 'Lagos',
};
const business = {
  business_name: 'Iron Gym',
  address: '12 Allen Avenue',
  city: 'Ikeja',
  state: 'Lagos',
};

const errorOf = (r: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) =>
  r.success ? null : Object.fromEntries(r.error!.issues.map((i) => [i.path.join('.'), i.message]));

describe('text rules', () => {
  const name = textField({ label: 'First name', min: 2, max: 100 });

  it('refuses NUL, escape codes and the bell in any text', () => {
    for (const v of ['Chi\u0000nedu', 'Ab\u0007\u001bcd', 'Ab\u0085cd'])
      expect(name.safeParse(v).error?.issues[0]?.message).toBe(
        "First name contains characters that can't be used",
      );
    expect(errorOf(createMemberSchema.safeParse({ ...member, city: 'La\u0000gos' }))).toEqual({
      city: "City contains characters that can't be used",
    });
  });

  it('keeps one-line fields on one line; addresses may break lines', () => {
    expect(name.safeParse('Chi\nnedu').error?.issues[0]?.message).toBe(
      'First name must be on one line',
    );
    expect(
      createBusinessSchema.safeParse({ ...business, business_name: 'Iron\r\nGym' }).success,
    ).toBe(false);
    const multi = createBusinessSchema.parse({ ...business, address: '12 Allen Avenue\nIkeja' });
    expect(multi.address).toBe('12 Allen Avenue\nIkeja');
    expect(
      createBusinessSchema.safeParse({ ...business, address: '12 Allen\u0000 Avenue' }).success,
    ).toBe(false);
  });

  it('refuses lone surrogates (half an emoji)', () => {
    expect(name.safeParse('Ada\ud800').success).toBe(false);
    expect(name.safeParse('Ada \ud83d\udcaa').success).toBe(true);
  });

  it('counts the minimum in visible characters: invisible-only names are empty', () => {
    for (const v of [
      '\u200b\u200b\u200b',
      '\u200d\u200d',
      '\u3164\u3164',
      '\u2800\u2800',
      ' \u00a0 ',
      '\u0301\u0301',
    ])
      expect(name.safeParse(v).error?.issues[0]?.message).toBe(
        'First name must be at least 2 characters',
      );
    expect(visibleLength('Adébáyọ̀')).toBe(7);
  });

  it('stores one form of a name typed two ways (NFC)', () => {
    const composed = 'Adébáyọ̀'.normalize('NFC');
    const decomposed = 'Adébáyọ̀'.normalize('NFD');
    expect(decomposed).not.toBe(composed);
    expect(name.parse(decomposed)).toBe(composed);
  });

  it('welcomes Yoruba, Igbo and Hausa letters, apostrophes and hyphens', () => {
    for (const v of ['Ọláníyàn', 'Ngọzi', 'Ɓalarabe', 'Ɗanjuma', "O'Neil", 'Adé-Ọlá', 'Ƙasimu'])
      expect(name.parse(v)).toBe(v.normalize('NFC'));
  });

  it('treats an invisible-only optional field as empty', () => {
    expect(updateMemberSchema.parse({ middle_name: '\u200b' }).middle_name).toBeNull();
    expect(updateMemberSchema.safeParse({ middle_name: 'A\u0000' }).success).toBe(false);
  });

  it('applies to plan names and payment purposes', () => {
    const plan = { name: 'Gold\u0000', amount: 1000, duration: 1, duration_type: 'month' };
    expect(errorOf(createPlanSchema.safeParse(plan))).toEqual({
      name: "Plan name contains characters that can't be used",
    });
    const pay = {
      member_id: 1,
      subscription_type_id: 1,
      amount: 1000,
      method: 'Cash',
      duration: 1,
    };
    expect(recordPaymentSchema.safeParse({ ...pay, purpose: 'Dues\u0000' }).success).toBe(false);
    expect(recordPaymentSchema.parse({ ...pay, purpose: '\u200b' }).purpose).toBe(
      'Subscription payment',
    );
  });

  it('drops control characters from a search instead of failing', () => {
    expect(memberListQuery.parse({ search: 'a\u0000b' }).search).toBe('a b');
  });

  it('needs a real host name for a website', () => {
    for (const v of [
      '12',
      '0x10',
      '127.0.0.1',
      'localhost',
      'http://10.0.0.1/x',
      'irongym',
      '-a.ng',
    ])
      expect(createBusinessSchema.safeParse({ ...business, website_url: v }).success, v).toBe(
        false,
      );
    expect(createBusinessSchema.parse({ ...business, website_url: 'irongym.ng' }).website_url).toBe(
      'https://irongym.ng',
    );
    expect(isDomainName('xn--gym-9na.ng')).toBe(true);
  });

  it('says in words what a wrong type or an unknown choice is', () => {
    const plan = {
      name: 'Gold',
      amount: 1000,
      duration: 1,
      duration_type: 'fortnight',
      is_grouped: 'yes',
    };
    const errors = errorOf(createPlanSchema.safeParse(plan))!;
    expect(errors.duration_type).toBe('Duration type is required');
    expect(errors.is_grouped).toBe('Group plan must be 0 or 1');
    expect(errorOf(updateMemberSchema.safeParse({ is_active: 'yes' }))).toEqual({
      is_active: 'Active status must be true or false',
    });
    for (const message of Object.values(errorOf(createMemberSchema.safeParse({ gender: 5 }))!))
      expect(message).not.toMatch(/Invalid input|expected|received/);
  });
});

describe('withoutUnsafeCharacters', () => {
  it('drops what hasUnsafeCharacters finds, keeping line breaks and tabs when multi-line', () => {
    const text = 'Hi\u0000 Ada\u001b[31m\u0085\u2028\nnext\tline\ud800';
    expect(withoutUnsafeCharacters(text)).toBe('Hi Ada[31mnextline');
    expect(withoutUnsafeCharacters(text, true)).toBe('Hi Ada[31m\nnext\tline');
    expect(hasUnsafeCharacters(withoutUnsafeCharacters(text, true), true)).toBe(false);
  });
});

describe('a bulk message', () => {
  const base = { group: 'all_members', channel: 'sms' };
  it('refuses a NUL or a control character like any stored text, and keeps line breaks', () => {
    for (const message of [
      '<p>Chi\u0000nedu</p>',
      '<p>Renew \u001b[31mnow</p>',
      '<p>a\u0007</p>',
    ]) {
      const parsed = createMessageSchema().safeParse({ ...base, message });
      expect(parsed.success, message).toBe(false);
      expect(parsed.error?.issues[0]?.message).toBe(
        "Message contains characters that can't be used",
      );
    }
    expect(
      createMessageSchema().safeParse({ ...base, message: '<p>Hi</p>\n<p>there</p>' }).success,
    ).toBe(true);
    expect(createMessageSchema().safeParse(base).error?.issues[0]?.message).toBe(
      'Message content is required',
    );
  });
});
