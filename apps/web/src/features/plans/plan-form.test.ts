import { LIMITS } from '@kora/shared';
import { describe, expect, it } from 'vitest';
import { plan } from '@/test/fixtures';
import { emptyPlanForm, planForm, planFormValues, toCreateInput, toUpdateInput } from './plan-form';

/** A new plan named Gold, ₦1,000 a month, typed in the form (the amount as the input holds it). */
const gold = { ...emptyPlanForm, preset: 'other', name: 'Gold', amount: '1000' };

/** What creating Gold sends: the flags as 1/0, group limit 1, is_active left to the server. */
const goldInput = {
  name: 'Gold',
  amount: 1000,
  duration: 1,
  duration_type: 'month',
  is_grouped: 0,
  group_limit: 1,
};

describe('plan form', () => {
  it('defaults: no preset, 1 month, amount 0, individual with group limit 1, active', () => {
    const { preset, amount, duration, duration_type, is_grouped, group_limit, is_active } =
      emptyPlanForm;
    expect([preset, amount, duration, duration_type]).toEqual([null, 0, 1, 'month']);
    expect([is_grouped, group_limit, is_active]).toEqual([false, 1, true]);
    // Not online, no freezing: the rules empty (no limit).
    const { available_online, freeze_allowed, freeze_min_days, freeze_max_days } = emptyPlanForm;
    const { freeze_max_days_per_year, freeze_max_per_year, freeze_fee } = emptyPlanForm;
    expect([available_online, freeze_allowed]).toEqual([false, false]);
    expect([freeze_min_days, freeze_max_days, freeze_max_days_per_year]).toEqual(['', '', '']);
    expect([freeze_max_per_year, freeze_fee]).toEqual(['', '']);
    expect(planForm.maxLength('name')).toBe(LIMITS.name);
  });

  it('a plan as the edit form shows it: the flags as checkboxes', () => {
    expect(planFormValues(plan({ is_grouped: 1, group_limit: 4, is_active: 0 }))).toEqual({
      // Not online, no freezing: the rules empty (no limit), as a new plan's form has them.
      ...emptyPlanForm,
      name: 'Monthly',
      amount: 25000,
      is_grouped: true,
      group_limit: 4,
      is_active: false,
    });
  });

  it('round-trips the freeze rules and the online switch: shown, then only the changes sent', () => {
    const rules = plan({
      available_online: true,
      freeze_allowed: true,
      freeze_min_days: 7,
      freeze_max_days: 30,
      freeze_max_days_per_year: 60,
      freeze_max_per_year: null,
      freeze_fee: 2500,
    });
    const shown = planFormValues(rules);
    // Numbers as the inputs hold them (text, '' for none).
    expect(shown).toMatchObject({
      available_online: true,
      freeze_allowed: true,
      freeze_min_days: '7',
      freeze_max_days: '30',
      freeze_max_days_per_year: '60',
      freeze_max_per_year: '',
      freeze_fee: '2500',
    });
    expect(toUpdateInput(shown, shown)).toEqual({});
    // Emptied is "no limit" (null); a fee of 0 is free (null); a number typed is sent as one.
    expect(
      toUpdateInput(
        { ...shown, freeze_min_days: '', freeze_max_per_year: '2', freeze_fee: 0 },
        shown,
      ),
    ).toEqual({ freeze_min_days: null, freeze_max_per_year: 2, freeze_fee: null });
    expect(toUpdateInput({ ...shown, available_online: false }, shown)).toEqual({
      available_online: false,
    });
    // A new plan sends the rules only when freezing is on.
    expect(
      toCreateInput({
        ...gold,
        available_online: true,
        freeze_allowed: true,
        freeze_min_days: '7',
        freeze_max_days: '30',
      }),
    ).toEqual({
      ...goldInput,
      available_online: true,
      freeze_allowed: true,
      freeze_min_days: 7,
      freeze_max_days: 30,
    });
  });

  it('checks the rules with the shared words: a minimum above the maximum is refused', () => {
    const errors = planForm.validate({
      ...gold,
      freeze_allowed: true,
      freeze_min_days: '40',
      freeze_max_days: '30',
    });
    expect(errors.freeze_min_days).toBe('Minimum days cannot be more than maximum days');
  });

  it('refuses a plan longer than 10 years under its duration, in the shared words', () => {
    const long = { ...gold, duration: '11', duration_type: 'year' as const };
    expect(planForm.validate(long).duration).toBe('A plan can last at most 10 years.');
    expect(planForm.validate({ ...long, duration: '10' }).duration).toBeUndefined();
    expect(planForm.validate({ ...gold, duration: '121', duration_type: 'month' }).duration).toBe(
      'A plan can last at most 10 years.',
    );
  });

  it('create: flags as 1/0, group limit 1 when not grouped, is_active left to the server', () => {
    expect(toCreateInput({ ...gold, name: ' Gold ' })).toEqual(goldInput);
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
