import { BUSINESS_LIMITS } from '@kora/shared';
import { describe, expect, it } from 'vitest';
import { business } from '@/test/fixtures';
import {
  businessForm,
  businessFormValues,
  emptyBusinessForm,
  toCreateInput,
  toUpdateInput,
} from './business-form';

describe('business form', () => {
  it('a business as the form shows it: missing contacts as empty', () => {
    expect(businessFormValues(business({ website_url: null, business_phone: null }))).toEqual({
      business_name: 'Iron Gym',
      address: '12 Admiralty Way',
      city: 'Lekki',
      state: 'Lagos',
      website_url: '',
      business_email: 'hello@irongym.ng',
      business_phone: '',
    });
  });

  it('create: empty optional fields and a missing logo are left out', () => {
    const values = {
      ...emptyBusinessForm,
      business_name: 'Iron Gym',
      address: '12 Admiralty Way',
      city: 'Lekki',
      state: 'lagos',
      website_url: 'irongym.ng',
    };
    expect(toCreateInput(values, null)).toEqual({
      business_name: 'Iron Gym',
      address: '12 Admiralty Way',
      city: 'Lekki',
      state: 'Lagos',
      website_url: 'https://irongym.ng',
    });
    expect(toCreateInput(values, '/uploads/logo.png')).toMatchObject({
      logo_url: '/uploads/logo.png',
    });
  });

  it('update: the changed fields, emptied contacts as null, with the logo URL', () => {
    const initial = businessFormValues(business());
    expect(toUpdateInput(initial, initial, null)).toEqual({});
    expect(
      toUpdateInput(
        { ...initial, city: 'Ikeja', business_phone: ' ' },
        initial,
        '/uploads/new.png',
      ),
    ).toEqual({ city: 'Ikeja', business_phone: null, logo_url: '/uploads/new.png' });
    expect(businessForm.changedFields({ ...initial, city: 'Lekki ' }, initial)).toEqual([]);
  });

  it('each text field takes the length of its column', () => {
    expect(businessForm.maxLength('business_name')).toBe(BUSINESS_LIMITS.name);
    expect(businessForm.maxLength('address')).toBe(BUSINESS_LIMITS.address);
    expect(businessForm.maxLength('business_email')).toBe(BUSINESS_LIMITS.email);
    expect(businessForm.maxLength('website_url')).toBe(BUSINESS_LIMITS.url);
  });
});
