import { describe, expect, it } from 'vitest';
import { member, tundeInput } from './test-fixtures';
import { emptyMemberForm, memberFormValues, toCreateInput, toUpdateInput } from './member-form';

describe('member form payloads', () => {
  it('create: empty values are left out; the country defaults to NG', () => {
    expect(
      toCreateInput({
        ...emptyMemberForm,
        first_name: ' Tunde ',
        last_name: 'Bakare',
        mobile_number: '08031234567',
        email_address: 'Tunde@Example.com',
        city: 'Ibadan',
        state: 'Oyo',
        subscription_type_id: '7',
      }),
    ).toEqual(tundeInput);
  });

  it('edit: only changed fields; emptied optional fields as null; nothing when unchanged', () => {
    const initial = memberFormValues(member());
    expect(initial.mobile_number).toBe('0803 123 4567');
    expect(toUpdateInput(initial, initial)).toEqual({});
    expect(
      toUpdateInput(
        { ...initial, city: 'Yaba', middle_name: '', gender: '', subscription_type_id: '' },
        initial,
      ),
    ).toEqual({ city: 'Yaba', middle_name: null, gender: null, subscription_type_id: null });
    expect(toUpdateInput({ ...initial, subscription_type_id: '9' }, initial)).toEqual({
      subscription_type_id: 9,
    });
    // Spaces alone are not a change.
    expect(toUpdateInput({ ...initial, city: 'Ikeja ' }, initial)).toEqual({});
  });
});
