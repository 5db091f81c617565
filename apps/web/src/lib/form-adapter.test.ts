import {
  BUSINESS_LIMITS,
  LIMITS,
  MEMBER_ADDRESS_MAX,
  PAYMENT_PURPOSE_MAX,
  createBusinessSchema,
  createMemberSchema,
  recordPaymentSchema,
  registerFormSchema,
  updateProfileSchema,
} from '@kora/shared';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { blankValues, formAdapter, maxLengthOf } from './form-adapter';

const create = z.object({
  name: z.string().trim().min(2, { error: 'Name is too short' }).max(40),
  nickname: z
    .string()
    .trim()
    .max(20)
    .transform((v) => (v === '' ? null : v))
    .nullable()
    .optional(),
  team_id: z.number().int().positive().nullable().optional(),
  active: z.boolean(),
});
const update = create.partial();

type Person = {
  name: string;
  nickname: string | null;
  team_id: number | null;
  active: boolean;
  shout: string;
};

const people = formAdapter({
  create,
  update,
  empty: { name: '', nickname: '', team_id: '', active: true },
  fromEntity: (p: Person) => ({ name: p.name.toUpperCase() }),
  toSchema: (v) => ({ ...v, team_id: v.team_id ? Number(v.team_id) : null }),
});

const ada: Person = { name: 'Ada', nickname: null, team_id: 7, active: false, shout: 'hi' };

describe('formAdapter', () => {
  it('empty: the values given', () => {
    expect(people.empty).toEqual({ name: '', nickname: '', team_id: '', active: true });
  });

  it('fromEntity: same-named fields, blanks as empty, numbers as text, then the overrides', () => {
    expect(people.fromEntity(ada)).toEqual({
      name: 'ADA',
      nickname: '',
      team_id: '7',
      active: false,
    });
  });

  it('fromEntity without overrides reads the fields alone', () => {
    const plain = formAdapter({ create, empty: { name: '', nickname: '' } });
    expect(plain.fromEntity({ name: 'Bo', nickname: 'B', extra: 1 } as never)).toEqual({
      name: 'Bo',
      nickname: 'B',
    });
  });

  it('validate: the create rules and messages over the schema-shaped values', () => {
    expect(people.validate({ ...people.empty, name: 'A', team_id: '' })).toEqual({
      name: 'Name is too short',
    });
    expect(people.validate({ ...people.empty, name: 'Ada', team_id: '3' })).toEqual({});
  });

  it('createPayload: parsed, with the empty values left out', () => {
    expect(
      people.createPayload({ name: ' Ada ', nickname: ' ', team_id: '', active: true }),
    ).toEqual({ name: 'Ada', active: true });
    expect(
      people.createPayload({ ...people.empty, name: 'Ada', team_id: '4' }, { active: false }),
    ).toEqual({ name: 'Ada', team_id: 4, active: false });
  });

  it('updatePayload: changed fields only, emptied ones as null, {} when nothing changed', () => {
    const initial = people.fromEntity({ ...ada, nickname: 'Addy' });
    expect(people.updatePayload(initial, initial)).toEqual({});
    // Spaces alone are not a change.
    expect(people.updatePayload({ ...initial, name: ' ADA ' }, initial)).toEqual({});
    expect(
      people.updatePayload({ ...initial, nickname: '', team_id: '', active: true }, initial),
    ).toEqual({ nickname: null, team_id: null, active: true });
    expect(people.updatePayload({ ...initial, name: 'Bola ' }, initial)).toEqual({ name: 'Bola' });
    expect(people.changedFields({ ...initial, team_id: '8' }, initial)).toEqual(['team_id']);
  });

  it('numbers compare by value: 5000 and "5000" are the same', () => {
    const amounts = formAdapter({
      create: z.object({ amount: z.coerce.number() }),
      empty: { amount: 0 as number | string },
    });
    expect(amounts.changedFields({ amount: '5000' }, { amount: 5000 })).toEqual([]);
    expect(amounts.updatePayload({ amount: '6000' }, { amount: 5000 })).toEqual({ amount: 6000 });
  });

  it('maxLength: the string maximum of a field, through wrappers and transforms', () => {
    expect(people.maxLength('name')).toBe(40);
    expect(people.maxLength('nickname')).toBe(20);
    expect(people.maxLength('team_id')).toBeUndefined();
    expect(people.maxLength('active')).toBeUndefined();
    expect(people.maxLength('missing')).toBeUndefined();
  });
});

describe('blankValues', () => {
  it('gives every field of the schema as empty text, less the ones left out', () => {
    expect(blankValues(create)).toEqual({ name: '', nickname: '', team_id: '', active: '' });
    expect(blankValues(create, ['team_id', 'active'])).toEqual({ name: '', nickname: '' });
  });
});

describe('maxLengthOf the shared schemas', () => {
  it('reads the shared limits', () => {
    expect(maxLengthOf(createMemberSchema, 'first_name')).toBe(LIMITS.name);
    expect(maxLengthOf(createMemberSchema, 'mobile_number')).toBe(LIMITS.phone);
    expect(maxLengthOf(createMemberSchema, 'email_address')).toBe(LIMITS.email);
    expect(maxLengthOf(createMemberSchema, 'home_address')).toBe(MEMBER_ADDRESS_MAX);
    expect(maxLengthOf(createMemberSchema, 'gender')).toBeUndefined();
    expect(maxLengthOf(createBusinessSchema, 'business_name')).toBe(BUSINESS_LIMITS.name);
    expect(maxLengthOf(createBusinessSchema, 'website_url')).toBe(BUSINESS_LIMITS.url);
    expect(maxLengthOf(createBusinessSchema, 'state')).toBe(BUSINESS_LIMITS.state);
    expect(maxLengthOf(updateProfileSchema.required(), 'phone_number')).toBe(LIMITS.phone);
    expect(maxLengthOf(registerFormSchema, 'confirm_password')).toBe(LIMITS.password);
    expect(maxLengthOf(recordPaymentSchema, 'purpose')).toBe(PAYMENT_PURPOSE_MAX);
  });
});
