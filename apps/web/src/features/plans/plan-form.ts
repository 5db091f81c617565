import {
  createPlanSchema,
  updatePlanSchema,
  type CreatePlanInput,
  type DurationType,
  type Plan,
  type PlanPreset,
  type UpdatePlanInput,
} from '@kora/shared';
import { formAdapter } from '@/lib/form-adapter';

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

/** The plan's pages (details, edit): their list, and what they say when the plan is not there. */
export const PLAN_RECORD = {
  ...PLAN_TEXTS,
  list: 'subscription-plans',
  back: 'Back to Subscription Plans',
};

/** The "plan updated" banner shows for 5 seconds; after an edit, the details open 3 seconds later. */
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
  /** Members may buy it on their own page. */
  available_online: boolean;
  /** The freeze rules: '' is no limit (no fee). */
  freeze_allowed: boolean;
  freeze_min_days: number | string;
  freeze_max_days: number | string;
  freeze_max_days_per_year: number | string;
  freeze_max_per_year: number | string;
  freeze_fee: number | string;
};

/** Plan defaults: no preset yet, duration 1 month, amount 0, individual (group limit 1), active. */
export const emptyPlanForm: PlanFormValues = {
  preset: null,
  name: '',
  amount: 0,
  duration: 1,
  duration_type: 'month',
  is_grouped: false,
  group_limit: 1,
  is_active: true,
  available_online: false,
  freeze_allowed: false,
  freeze_min_days: '',
  freeze_max_days: '',
  freeze_max_days_per_year: '',
  freeze_max_per_year: '',
  freeze_fee: '',
};

/** The freeze rules' fields, each a number of days (or freezes, or naira) or '' for none. */
const FREEZE_RULE_FIELDS = [
  'freeze_min_days',
  'freeze_max_days',
  'freeze_max_days_per_year',
  'freeze_max_per_year',
  'freeze_fee',
] as const;

/**
 * The plan form: the shared rules and messages (`preset` is not checked). Its own rules: the
 * group and active flags are checkboxes (sent as 1/0), and a plan that is not grouped is sent
 * with a group limit of 1.
 */
export const planForm = formAdapter({
  create: createPlanSchema,
  update: updatePlanSchema,
  empty: emptyPlanForm,
  fromEntity: (plan: Plan) => ({
    is_grouped: plan.is_grouped === 1,
    is_active: plan.is_active === 1,
  }),
  // An empty freeze rule box is no limit (no fee): null, as the API takes it.
  toSchema: (v) => ({
    ...v,
    ...Object.fromEntries(FREEZE_RULE_FIELDS.map((f) => [f, v[f] === '' ? null : v[f]])),
    group_limit: v.is_grouped ? v.group_limit : 1,
  }),
});

export const planFormValues = planForm.fromEntity;

/**
 * Choosing a preset fills name, duration and duration type and sets the amount to 0;
 * "Other" resets to an empty name, 1 month and amount 0.
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

/**
 * name, amount, duration_type, duration, is_grouped (1/0), group_limit (1 when not grouped);
 * Available online and the freeze rules only when switched on (the server's defaults are off).
 */
export const toCreateInput = (v: PlanFormValues): CreatePlanPayload => {
  // The server makes a new plan active.
  const { is_active: _active, ...input } = planForm.createPayload(v);
  if (!input.available_online) delete input.available_online;
  if (!input.freeze_allowed)
    for (const key of ['freeze_allowed', ...FREEZE_RULE_FIELDS] as const) delete input[key];
  return input as CreatePlanPayload;
};

/** Only the changed fields; is_grouped and is_active as 1/0; the preset is ignored. */
export const toUpdateInput = (v: PlanFormValues, initial: PlanFormValues): UpdatePlanInput =>
  planForm.updatePayload(v, initial);
