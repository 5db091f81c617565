import { z } from 'zod';
import { LIMITS, addFieldIssue, idParam, jsonWholeNumber } from './common';
import { answerOf, contract, doneAnswer } from './contract';
import { DURATION_TYPES, type DurationType } from './dates';
import { nairaAmount } from './money';
import { textField } from './text';

/**
 * The longest a plan lasts, and the longest one payment covers (the plan's length × the periods
 * bought): 10 years, so every day a subscription names is a real date.
 */
export const MAX_COVER_YEARS = 10;
/**
 * The most units of each kind that never pass 10 years from any first day (10 years hold at
 * least 3,652 days, so 521 weeks). `record_payment` holds every payment to the same numbers.
 */
export const MAX_COVER_UNITS = {
  day: 3652,
  week: 521,
  month: 12 * MAX_COVER_YEARS,
  year: MAX_COVER_YEARS,
} as const satisfies Record<DurationType, number>;

/** True when `count` units of `unit` (a plan's length, or its length × periods) last at most 10 years. */
export const withinMaxCover = (unit: DurationType, count: number): boolean =>
  count <= MAX_COVER_UNITS[unit];

export const COVER_MESSAGES = {
  plan: `A plan can last at most ${MAX_COVER_YEARS} years.`,
  payment: `A payment can cover at most ${MAX_COVER_YEARS} years. Choose fewer periods.`,
} as const;

/** A plan's duration in days, its largest unit count (the 10 years checked with its unit). */
const MAX_PLAN_DURATION = MAX_COVER_UNITS.day;
export const MAX_GROUP_LIMIT = 1000;
/** The plans list answers at most this many plans (a gym sells a handful). */
export const MAX_PLANS_LISTED = 500;

/** 0/1 flag; also accepts booleans, answers 0 or 1. */
const flag = (label: string) =>
  z
    .union([z.literal(0), z.literal(1), z.boolean()], {
      error: `${label} must be 0 or 1`,
    })
    .transform((v): 0 | 1 => (v === true || v === 1 ? 1 : 0));

const planName = textField({ label: 'Plan name', min: 2, max: LIMITS.name });

const duration = jsonWholeNumber('Duration must be at least 1', {
  min: 1,
  max: MAX_PLAN_DURATION,
  wholeMessage: 'Duration must be a whole number',
  maxMessage: COVER_MESSAGES.plan,
});

const durationType = z.enum(DURATION_TYPES, { error: 'Duration type is required' });

const groupLimit = jsonWholeNumber('Group limit must be at least 1', {
  min: 1,
  max: MAX_GROUP_LIMIT,
  wholeMessage: 'Group limit must be a whole number',
  maxMessage: `Group limit must be at most ${MAX_GROUP_LIMIT}`,
});

const GROUP_LIMIT_REQUIRED = 'Group limit is required for group plans';

/** The most days any freeze rule may name (a year and a day). */
export const MAX_FREEZE_RULE_DAYS = 366;
/** The most freezes a year a plan may allow. */
export const MAX_FREEZES_PER_YEAR = 52;

export const PLAN_FREEZE_MESSAGES = {
  minOverMax: 'Minimum days cannot be more than maximum days',
  perFreezeOverYear: 'Maximum days per freeze cannot be more than the days a year',
} as const;

/** A whole number of days (or freezes) from 1 to `max`, or null for "no limit". */
const ruleNumber = (label: string, max: number) =>
  jsonWholeNumber(`${label} must be a whole number`, {
    min: 1,
    max,
    minMessage: `${label} must be at least 1`,
    wholeMessage: `${label} must be a whole number`,
    maxMessage: `${label} must be at most ${max}`,
  }).nullable();

/** true/false (also 0/1): a switch. */
const onOff = (label: string) =>
  z
    .union([z.literal(0), z.literal(1), z.boolean()], { error: `${label} must be true or false` })
    .transform((v) => v === true || v === 1);

/** The freeze fee in naira: null or 0 means free. */
const freezeFee = z.preprocess(
  (v) => (v === 0 || v === '0' ? null : v),
  nairaAmount('Freeze fee').nullable(),
);

/** The freeze rules' limits and fee, each optional in a create and an update. */
const optionalFreezeRules = z
  .object({
    freeze_min_days: ruleNumber('Minimum days', MAX_FREEZE_RULE_DAYS),
    freeze_max_days: ruleNumber('Maximum days', MAX_FREEZE_RULE_DAYS),
    freeze_max_days_per_year: ruleNumber('Days a year', MAX_FREEZE_RULE_DAYS),
    freeze_max_per_year: ruleNumber('Freezes a year', MAX_FREEZES_PER_YEAR),
    freeze_fee: freezeFee,
  })
  .partial().shape;

/** The online switch and the freezing switch, optional (defaults: not online, no freezing). */
const planSwitches = {
  /** Members may buy this plan on their own page. */
  available_online: onOff('Available online'),
  freeze_allowed: onOff('Freezing allowed'),
};

type FreezeRuleValues = {
  freeze_min_days?: number | null;
  freeze_max_days?: number | null;
  freeze_max_days_per_year?: number | null;
};

/** The rules' limits must agree with each other (checked on the values the plan ends with). */
export const freezeRuleIssues = (v: FreezeRuleValues): { path: string; message: string }[] => {
  const issues: { path: string; message: string }[] = [];
  if (
    v.freeze_min_days != null &&
    v.freeze_max_days != null &&
    v.freeze_min_days > v.freeze_max_days
  )
    issues.push({ path: 'freeze_min_days', message: PLAN_FREEZE_MESSAGES.minOverMax });
  if (
    v.freeze_max_days != null &&
    v.freeze_max_days_per_year != null &&
    v.freeze_max_days > v.freeze_max_days_per_year
  )
    issues.push({ path: 'freeze_max_days', message: PLAN_FREEZE_MESSAGES.perFreezeOverYear });
  return issues;
};

const planFields = {
  name: planName,
  amount: nairaAmount(),
  duration,
  duration_type: durationType,
  is_grouped: flag('Group plan'),
  group_limit: groupLimit.nullable(),
  is_active: flag('Active status'),
};

export const createPlanSchema = z
  .object({
    ...planFields,
    is_grouped: planFields.is_grouped.default(0),
    group_limit: planFields.group_limit.optional(),
    is_active: planFields.is_active.default(1),
    available_online: planSwitches.available_online.default(false),
    freeze_allowed: planSwitches.freeze_allowed.default(false),
    ...optionalFreezeRules,
  })
  .superRefine((v, ctx) => {
    if (v.is_grouped === 1 && v.group_limit == null)
      addFieldIssue(ctx, 'group_limit', GROUP_LIMIT_REQUIRED);
    if (!withinMaxCover(v.duration_type, v.duration))
      addFieldIssue(ctx, 'duration', COVER_MESSAGES.plan);
    for (const issue of freezeRuleIssues(v)) addFieldIssue(ctx, issue.path, issue.message);
  });
export type CreatePlanInput = z.infer<typeof createPlanSchema>;

/** Only the given fields change. A plan made grouped keeps its group limit unless one is given. */
export const updatePlanSchema = z
  .object({ ...planFields, ...planSwitches })
  .partial()
  .extend(optionalFreezeRules)
  .superRefine((v, ctx) => {
    if (v.is_grouped === 1 && v.group_limit === null)
      addFieldIssue(ctx, 'group_limit', GROUP_LIMIT_REQUIRED);
    // A length sent whole is checked here; one half of it against the plan's other by the server.
    if (
      v.duration !== undefined &&
      v.duration_type !== undefined &&
      !withinMaxCover(v.duration_type, v.duration)
    )
      addFieldIssue(ctx, 'duration', COVER_MESSAGES.plan);
    // Limits sent together must agree; the service checks them against the plan's others.
    for (const issue of freezeRuleIssues(v)) addFieldIssue(ctx, issue.path, issue.message);
  });
export type UpdatePlanInput = z.infer<typeof updatePlanSchema>;

const planListQuery = z.object({
  is_active: z
    .enum(['0', '1', 'true', 'false'], { error: 'Active status must be 0 or 1' })
    .transform((v) => (v === '1' || v === 'true' ? 1 : 0))
    .optional(),
});
export type PlanListQuery = z.infer<typeof planListQuery>;

/** A 0/1 flag as the API answers it. */
const zeroOrOne = z.literal([0, 1]);

/** A subscription plan as the API answers it. */
export const planSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** Naira, at most two decimals; the price of one plan period (duration × duration_type). */
  amount: z.number(),
  duration: z.number().int(),
  duration_type: z.enum(DURATION_TYPES),
  is_grouped: zeroOrOne,
  /** Members one subscription covers; 1 for individual plans. */
  group_limit: z.number().int(),
  /** 1: offered for new subscriptions; 0: hidden from them, running ones continue. */
  is_active: zeroOrOne,
  /** Members may buy it on their own page. */
  available_online: z.boolean(),
  freeze_allowed: z.boolean(),
  /** Days a freeze must last at least; null: no minimum. */
  freeze_min_days: z.number().int().nullable(),
  /** Days one freeze may last at most; null: no maximum. */
  freeze_max_days: z.number().int().nullable(),
  /** Frozen days allowed in the 365 days before a freeze's first day; null: no limit. */
  freeze_max_days_per_year: z.number().int().nullable(),
  /** Freezes allowed in the 365 days before a freeze's first day; null: no limit. */
  freeze_max_per_year: z.number().int().nullable(),
  /** Naira charged for a freeze; null: free. */
  freeze_fee: z.number().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Plan = z.infer<typeof planSchema>;

const planPresetSchema = z.object({
  id: z.string(),
  name: z.string(),
  duration: z.number().int(),
  duration_type: z.enum(DURATION_TYPES),
});
export type PlanPreset = z.infer<typeof planPresetSchema>;

/**
 * The plan presets. Choosing one fills name, duration and duration type in the plan form; the
 * owner sets the price.
 */
export const PLAN_PRESETS: readonly PlanPreset[] = [
  { id: 'daily', name: 'Daily Pass', duration: 1, duration_type: 'day' },
  { id: 'weekly', name: 'Weekly', duration: 1, duration_type: 'week' },
  { id: 'monthly', name: 'Monthly', duration: 1, duration_type: 'month' },
  { id: 'quarterly', name: 'Quarterly', duration: 3, duration_type: 'month' },
  { id: 'bi-annual', name: 'Bi-Annual', duration: 6, duration_type: 'month' },
  { id: 'annual', name: 'Annual', duration: 1, duration_type: 'year' },
];

/** The plan calls. The path keeps the name the web client has always used. */
export const planContracts = {
  list: contract({
    method: 'GET',
    path: '/v1/subscription-type',
    operationId: 'listPlans',
    summary: "The business's subscription plans, newest first",
    tag: 'plans',
    access: 'plans.read',
    query: planListQuery,
    answer: answerOf(z.array(planSchema)),
  }),
  presets: contract({
    method: 'GET',
    path: '/v1/subscription-type/presets',
    operationId: 'listPlanPresets',
    summary: 'The plan presets (Daily Pass … Annual)',
    tag: 'plans',
    access: 'plans.read',
    answer: answerOf(z.array(planPresetSchema)),
  }),
  get: contract({
    method: 'GET',
    path: '/v1/subscription-type/:id',
    operationId: 'getPlan',
    summary: 'One plan of the business',
    tag: 'plans',
    access: 'plans.read',
    params: idParam,
    answer: answerOf(planSchema),
  }),
  create: contract({
    method: 'POST',
    path: '/v1/subscription-type',
    operationId: 'createPlan',
    summary: 'Add a plan',
    description: 'Owners and admins. `data.entity_id` is the new plan id.',
    tag: 'plans',
    access: 'plans.manage',
    body: createPlanSchema,
    answer: answerOf(planSchema.extend({ entity_id: z.number().int() })),
    status: 201,
    idempotent: true,
  }),
  update: contract({
    method: 'PATCH',
    path: '/v1/subscription-type/:id',
    operationId: 'updatePlan',
    summary: 'Change the given fields of a plan',
    tag: 'plans',
    access: 'plans.manage',
    params: idParam,
    body: updatePlanSchema,
    answer: answerOf(planSchema),
  }),
  remove: contract({
    method: 'DELETE',
    path: '/v1/subscription-type/:id',
    operationId: 'deletePlan',
    summary: 'Delete a plan without history (one with subscriptions answers 409)',
    tag: 'plans',
    access: 'plans.manage',
    params: idParam,
    answer: doneAnswer,
  }),
};
