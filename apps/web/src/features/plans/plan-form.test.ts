import { LIMITS } from '@kora/shared';
import { describe, expect, it } from 'vitest';
import { plan } from '@/test/fixtures';
import { emptyPlanForm, planForm, planFormValues, toCreateInput, toUpdateInput } from './plan-form';

describe('plan form', () => {
  it('defaults: no preset, 1 month, amount 0, individual with group limit 1, active', () => {
    const { preset, amount, duration, duration_type, is_grouped, group_limit, is_active } =
      emptyPlanForm;
    expect([preset, amount, duration, duration_type]).toEqual([null, 0, 1, 'month']);
    expect([is_grouped, group_limit, is_active]).toEqual([false, 1, true]);
    expect(planForm.maxLength('name')).toBe(LIMITS.name);
  });

  it('a plan as the edit form shows it: the flags as checkboxes', () => {
    expect(planFormValues(plan({ is_grouped: 1, group_limit: 4, is_active: 0 }))).toEqual({
      preset: null,
      name: 'Monthly',
      amount: 25000,
      duration: 1,
      duration_type: 'month',
      is_grouped: true,
      group_limit: 4,
      is_active: false,
    });
  });

  it('create: flags as 1/0, group limit 1 when not grouped, is_active left to the server', () => {
    expect(
      toCreateInput({ ...emptyPlanForm, preset: 'other', name: ' Gold ', amount: '1000' }),
    ).toEqual({
      name: 'Gold',
      amount: 1000,
      duration: 1,
      duration_type: 'month',
      is_grouped: 0,
      group_limit: 1,
    });
    expect(
      toCreateInput({
        ...emptyPlanForm,
        name: 'Family',
        amount: 9000,
        is_grouped: true,
        group_limit: '4',
      }),
    ).toMatchObject({ is_grouped: 1, group_limit: 4 });
  });

  it('edit: only the changed fields, flags as 1/0; {} when nothing changed', () => {
    const initial = planFormValues(plan());
    expect(toUpdateInput(initial, initial)).toEqual({});
    expect(toUpdateInput({ ...initial, amount: '25000', name: 'Monthly ' }, initial)).toEqual({});
    expect(
      toUpdateInput({ ...initial, amount: 27000, is_grouped: true, group_limit: 3 }, initial),
    ).toEqual({ amount: 27000, is_grouped: 1, group_limit: 3 });
    expect(toUpdateInput({ ...initial, is_active: false }, initial)).toEqual({ is_active: 0 });
  });

  it('checks with the shared messages; the group limit only for a group plan', () => {
    expect(planForm.validate({ ...emptyPlanForm, name: 'G', amount: 0 })).toEqual({
      name: 'Plan name must be at least 2 characters',
      amount: 'Amount must be greater than 0',
    });
    expect(
      planForm.validate({
        ...emptyPlanForm,
        name: 'Gold',
        amount: 10,
        is_grouped: true,
        group_limit: '',
      }),
    ).toEqual({ group_limit: 'Group limit must be at least 1' });
  });
});
