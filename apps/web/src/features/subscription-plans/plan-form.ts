import {
  createPlanSchema,
  updatePlanSchema,
  type CreatePlanInput,
  type DurationType,
  type Plan,
  type PlanPreset,
  type UpdatePlanInput,
} from '@kora/shared';

export const PLAN_TEXTS = {
  createFailedTitle: 'Failed to create subscription plan',
  createFailed: 'An error occurred while creating the plan. Please try again.',
  updateFailedTitle: 'Failed to update subscription plan',
  updateFailed: 'An error occurred while updating the plan. Please try again.',
  redirecting: 'Redirecting to plan details...',
  updated: 'Plan updated successfully!',
  notFound: 'Subscription plan not found.',
  listFailed: 'An error occurred while fetching subscription plans.',
  detailFailed: 'An error occurred while fetching the subscription plan.',
  deleteFailed: 'An error occurred while deleting the plan. Please try again.',
} as const;

/** Plan banners and timers (spec 02 §9). */
export const PLAN_UPDATED_BANNER_MS = 5_000;
export const PLAN_EDIT_REDIRECT_MS = 3_000;

export const OTHER_PRESET = 'other';

/** What create sends; the server makes a new plan active. */
export type CreatePlanPayload = Omit<CreatePlanInput, 'is_active'>;

export type PlanFormValues = {
  /** A preset id, "other", or null before one is chosen (create only). */
  preset: string | null;
  name: string;
  amount: number | string;
  duration: number | string;
  duration_type: DurationType | '';
  is_grouped: boolean;
  group_limit: number | string;
  is_active: boolean;
};

/** The plan defaults (spec 02 §9): duration 1, month, amount 0, group limit 1, active. */
export const emptyPlanForm: PlanFormValues = {
  preset: null,
  name: '',
  amount: 0,
  duration: 1,
  duration_type: 'month',
  is_grouped: false,
  group_limit: 1,
  is_active: true,
};

export const planFormValues = (plan: Plan): PlanFormValues => ({
  preset: null,
  name: plan.name,
  amount: plan.amount,
  duration: plan.duration,
  duration_type: plan.duration_type,
  is_grouped: plan.is_grouped === 1,
  group_limit: plan.group_limit,
  is_active: plan.is_active === 1,
});

/**
 * Choosing a preset fills name, duration and duration type and sets the amount to 0;
 * "Other" resets to an empty name, 1 month and amount 0 (spec 02 §4).
 */
export const presetValues = (
  choice: string | null,
  presets: readonly PlanPreset[],
): Partial<PlanFormValues> => {
  const preset = presets.find((p) => p.id === choice);
  if (preset)
    return {
      preset: preset.id,
      name: preset.name,
      duration: preset.duration,
      duration_type: preset.duration_type,
      amount: 0,
    };
  return { preset: choice, name: '', duration: 1, duration_type: 'month', amount: 0 };
};

/** A preset locks name, duration and duration type in create mode. */
export const isPresetLocked = (values: PlanFormValues) =>
  values.preset !== null && values.preset !== OTHER_PRESET;

const num = (v: number | string) => (v === '' ? NaN : Number(v));

/**
 * Create is enabled only when the name has 2 or more characters, the amount is above 0, the
 * duration is at least 1, a type is chosen and, for a group plan, the limit is at least 1.
 */
export const canSubmitCreate = (v: PlanFormValues): boolean =>
  v.name.trim().length >= 2 &&
  num(v.amount) > 0 &&
  num(v.duration) >= 1 &&
  v.duration_type !== '' &&
  (!v.is_grouped || num(v.group_limit) >= 1);

/** The form's rules are the shared schema's (messages included); `preset` is not checked. */
export const planFormSchema = createPlanSchema;

/** name, amount, duration_type, duration, is_grouped (1/0), group_limit (1 when not grouped). */
export const toCreateInput = (v: PlanFormValues): CreatePlanPayload => ({
  name: v.name.trim(),
  amount: num(v.amount),
  duration_type: v.duration_type as DurationType,
  duration: num(v.duration),
  is_grouped: v.is_grouped ? 1 : 0,
  group_limit: v.is_grouped ? num(v.group_limit) : 1,
});

/** Only the changed fields; is_grouped and is_active as 1/0; the preset is ignored. */
export const toUpdateInput = (v: PlanFormValues, initial: PlanFormValues): UpdatePlanInput => {
  const changed: Record<string, unknown> = {};
  if (v.name.trim() !== initial.name.trim()) changed.name = v.name.trim();
  if (num(v.amount) !== num(initial.amount)) changed.amount = num(v.amount);
  if (num(v.duration) !== num(initial.duration)) changed.duration = num(v.duration);
  if (v.duration_type !== initial.duration_type) changed.duration_type = v.duration_type;
  if (v.is_grouped !== initial.is_grouped) changed.is_grouped = v.is_grouped ? 1 : 0;
  if (num(v.group_limit) !== num(initial.group_limit)) changed.group_limit = num(v.group_limit);
  if (v.is_active !== initial.is_active) changed.is_active = v.is_active ? 1 : 0;
  return updatePlanSchema.parse(changed);
};
