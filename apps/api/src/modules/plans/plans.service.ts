import {
  COVER_MESSAGES,
  freezeRuleIssues,
  koboToNaira,
  nairaToKobo,
  MAX_PLANS_LISTED,
  type CreatePlanInput,
  type DurationType,
  type Plan,
  type PlanListQuery,
  type UpdatePlanInput,
  withinMaxCover,
} from '@kora/shared';
import type { AppContext } from '../../context';
import { badRequest, conflict, isForeignKeyViolation, notFound } from '../../lib/errors';
import { createOnce } from '../../lib/idempotency';
import { recordAudit, recordEdit, type Actor } from '../audit';
import * as repo from './plans.repository';

const PLAN_NOT_FOUND = 'Subscription plan not found.';
const PLAN_INACTIVE = 'This plan is inactive. Choose an active plan.';
const PLAN_HAS_HISTORY = 'This plan has subscriptions; deactivate it instead.';

/** 404: no such plan in this business. */
export const planNotFound = () => notFound(PLAN_NOT_FOUND, 'PLAN_NOT_FOUND');
/** 400 on the plan field: the chosen plan is not one of this business's. */
export const chosenPlanNotFound = () =>
  badRequest(PLAN_NOT_FOUND, 'PLAN_NOT_FOUND', { subscription_type_id: PLAN_NOT_FOUND });

/** 400 on the plan field: an inactive plan cannot be chosen or paid for. */
export const planInactive = () =>
  badRequest(PLAN_INACTIVE, 'PLAN_INACTIVE', { subscription_type_id: PLAN_INACTIVE });

const toPlan = (row: repo.PlanRow): Plan => ({
  id: row.id,
  name: row.name,
  amount: koboToNaira(row.amountKobo),
  duration: row.duration,
  duration_type: row.durationType as DurationType,
  is_grouped: row.isGrouped ? 1 : 0,
  group_limit: row.groupLimit,
  is_active: row.isActive ? 1 : 0,
  available_online: row.availableOnline,
  freeze_allowed: row.freezeAllowed,
  freeze_min_days: row.freezeMinDays,
  freeze_max_days: row.freezeMaxDays,
  freeze_max_days_per_year: row.freezeMaxDaysPerYear,
  freeze_max_per_year: row.freezeMaxPerYear,
  freeze_fee: row.freezeFeeKobo == null ? null : koboToNaira(row.freezeFeeKobo),
  created_at: row.createdAt.toISOString(),
  updated_at: row.updatedAt.toISOString(),
});

/** A field sent (even null) wins over the value kept. */
const pick = <T>(sent: T | undefined, kept: T): T => (sent === undefined ? kept : sent);

/** The online switch and the freeze rules to write; a field not sent is left as it is. */
const freezeColumns = (input: CreatePlanInput | UpdatePlanInput): Partial<repo.PlanValues> => {
  const v: Partial<repo.PlanValues> = {};
  if (input.available_online !== undefined) v.availableOnline = input.available_online;
  if (input.freeze_allowed !== undefined) v.freezeAllowed = input.freeze_allowed;
  if (input.freeze_min_days !== undefined) v.freezeMinDays = input.freeze_min_days;
  if (input.freeze_max_days !== undefined) v.freezeMaxDays = input.freeze_max_days;
  if (input.freeze_max_days_per_year !== undefined)
    v.freezeMaxDaysPerYear = input.freeze_max_days_per_year;
  if (input.freeze_max_per_year !== undefined) v.freezeMaxPerYear = input.freeze_max_per_year;
  if (input.freeze_fee !== undefined)
    v.freezeFeeKobo = input.freeze_fee === null ? null : nairaToKobo(input.freeze_fee);
  return v;
};

/** The plan's fields an edit may change, as the trail shows each one before → after. */
const EDITABLE_FIELDS = [
  'name',
  'amount',
  'duration',
  'duration_type',
  'is_grouped',
  'group_limit',
  'available_online',
  'freeze_allowed',
  'freeze_min_days',
  'freeze_max_days',
  'freeze_max_days_per_year',
  'freeze_max_per_year',
  'freeze_fee',
] as const satisfies readonly (keyof Plan)[];

/** The row of a plan of this business, or 404 (also for another business's plan). */
const foundPlan = async (ctx: AppContext, businessId: number, id: number) => {
  const row = await repo.findPlan(ctx.db, businessId, id);
  if (!row) throw planNotFound();
  return row;
};

/** A plan of this business, or 404 (also for another business's plan). */
export const getPlanForBusiness = async (
  ctx: AppContext,
  businessId: number,
  id: number,
): Promise<Plan> => toPlan(await foundPlan(ctx, businessId, id));

/** The plan chosen in a form: this business's and active (400 on its field otherwise). */
export const chosenPlan = async (ctx: AppContext, businessId: number, planId: number) => {
  const plan = await getPlanForBusiness(ctx, businessId, planId).catch(() => undefined);
  if (!plan) throw chosenPlanNotFound();
  if (!plan.is_active) throw planInactive();
  return plan;
};

export const listPlans = async (
  ctx: AppContext,
  businessId: number,
  query: PlanListQuery,
): Promise<Plan[]> =>
  (
    await repo.listPlans(ctx.db, businessId, {
      isActive: query.is_active === undefined ? undefined : query.is_active === 1,
      limit: MAX_PLANS_LISTED,
    })
  ).map(toPlan);

/** Adds a plan; the same idempotency key again answers the plan already added (`replayed`). */
export const createPlan = async (
  ctx: AppContext,
  businessId: number,
  input: CreatePlanInput,
  idempotencyKey: string | undefined,
  actor: Actor,
): Promise<{ plan: Plan; replayed: boolean }> => {
  const grouped = input.is_grouped === 1;
  const { id, replayed } = await createOnce(
    ctx.db,
    { businessId, scope: 'plan', key: idempotencyKey, body: input },
    async (tx) => {
      const row = await repo.insertPlan(tx, businessId, {
        name: input.name,
        amountKobo: nairaToKobo(input.amount),
        duration: input.duration,
        durationType: input.duration_type,
        isGrouped: grouped,
        // An individual plan covers one member.
        groupLimit: grouped ? input.group_limit! : 1,
        isActive: input.is_active === 1,
        ...freezeColumns(input),
      });
      const plan = toPlan(row);
      await recordAudit(tx, actor, {
        businessId,
        action: 'plan.create',
        recordKind: 'plan',
        recordId: row.id,
        recordLabel: row.name,
        detail: {
          amount: plan.amount,
          duration: plan.duration,
          duration_type: plan.duration_type,
          is_grouped: plan.is_grouped,
          group_limit: plan.group_limit,
          is_active: plan.is_active,
          available_online: plan.available_online,
          freeze_allowed: plan.freeze_allowed,
        },
      });
      return row.id;
    },
  );
  return { plan: await getPlanForBusiness(ctx, businessId, id), replayed };
};

export const updatePlan = async (
  ctx: AppContext,
  businessId: number,
  id: number,
  input: UpdatePlanInput,
  actor: Actor,
): Promise<Plan> =>
  ctx.db.transaction(async (tx) => {
    const current = await repo.lockPlan(tx, businessId, id);
    if (!current) throw planNotFound();
    const grouped = input.is_grouped === undefined ? current.isGrouped : input.is_grouped === 1;
    const changes: Partial<repo.PlanValues> = {
      name: input.name,
      amountKobo: input.amount === undefined ? undefined : nairaToKobo(input.amount),
      duration: input.duration,
      durationType: input.duration_type,
      isGrouped: input.is_grouped === undefined ? undefined : grouped,
      groupLimit: grouped ? (input.group_limit ?? undefined) : 1,
      isActive: input.is_active === undefined ? undefined : input.is_active === 1,
      ...freezeColumns(input),
    };
    // The length the plan ends with lasts at most 10 years (a duration or a unit sent alone).
    if (
      !withinMaxCover(
        input.duration_type ?? (current.durationType as DurationType),
        input.duration ?? current.duration,
      )
    )
      throw badRequest(COVER_MESSAGES.plan, 'VALIDATION_ERROR', { duration: COVER_MESSAGES.plan });
    // The limits the plan ends with must agree (one sent now against one kept from before).
    const issues = freezeRuleIssues({
      freeze_min_days: pick(input.freeze_min_days, current.freezeMinDays),
      freeze_max_days: pick(input.freeze_max_days, current.freezeMaxDays),
      freeze_max_days_per_year: pick(input.freeze_max_days_per_year, current.freezeMaxDaysPerYear),
    });
    if (issues.length > 0)
      throw badRequest(
        issues[0]!.message,
        'VALIDATION_ERROR',
        Object.fromEntries(issues.map((i) => [i.path, i.message])),
      );
    const row = await repo.updatePlan(tx, businessId, id, changes);
    if (!row) throw planNotFound();
    const after = toPlan(row);
    await recordEdit(
      tx,
      actor,
      { businessId, recordKind: 'plan', recordId: after.id, recordLabel: after.name },
      EDITABLE_FIELDS,
      toPlan(current),
      after,
    );
    return after;
  });

/** Deletes a plan without history; a plan with history answers 409 (deactivate it instead). */
export const deletePlan = async (ctx: AppContext, businessId: number, id: number, actor: Actor) => {
  try {
    await ctx.db.transaction(async (tx) => {
      const plan = await repo.lockPlan(tx, businessId, id);
      if (!plan) throw planNotFound();
      if (await repo.planHasHistory(tx, businessId, id))
        throw conflict(PLAN_HAS_HISTORY, 'PLAN_HAS_HISTORY');
      if (!(await repo.deletePlan(tx, businessId, id))) throw planNotFound();
      const { amount, duration, duration_type } = toPlan(plan);
      await recordAudit(tx, actor, {
        businessId,
        action: 'plan.delete',
        recordKind: 'plan',
        recordId: id,
        recordLabel: plan.name,
        detail: { amount, duration, duration_type },
      });
    });
  } catch (err) {
    // A member chose the plan between the check and the delete.
    if (isForeignKeyViolation(err)) throw conflict(PLAN_HAS_HISTORY, 'PLAN_HAS_HISTORY');
    throw err;
  }
};
