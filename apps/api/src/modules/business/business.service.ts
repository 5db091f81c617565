import {
  DAY_PASS_PLAN_ONE_DAY,
  OWNER_ONLY,
  canSeeRevenue,
  type Role,
  type StaffAllowances,
  type BusinessProfile,
  type CreateBusinessInput,
  type UpdateBusinessInput,
} from '@kora/shared';
import type { AppContext } from '../../context';
import {
  AppError,
  badRequest,
  conflict,
  forbidden,
  isForeignKeyViolation,
  isUniqueViolation,
  notFound,
  unauthorized,
} from '../../lib/errors';
import {
  changesBetween,
  recordAudit,
  recordSettingsChange,
  type Actor,
  type Changes,
} from '../audit';
import { chosenPlan } from '../plans';
import { BANK_FIELDS, checkBankDetails, membersPageUrl } from './business.bank';
import * as repo from './business.repository';

export const MESSAGES = {
  created: 'Business setup completed!',
  loaded: 'Business profile loaded.',
  updated: 'Business profile updated successfully.',
  alreadyHas: 'You already have a business.',
  notFound: 'Business not found.',
  busy: 'We could not create your business right now. Please try again.',
  planGone: 'Subscription plan not found.',
} as const;

const CODE_MAX = 8; // varchar(8)
const INSERT_ATTEMPTS = 10;

/**
 * 3 or 4 upper-case letters from the name: the initials of its words (at most 4), padded to 3
 * with the next letters of the first word, then of the others ("Iron Paradise Gym" → IPG,
 * "Fitness" → FIT, "Body Fit" → BFO). Accents are dropped; a name without letters gives GYM.
 */
export const baseCode = (name: string): string => {
  const words = name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase()
    .split(/[^A-Z]+/)
    .filter(Boolean);
  if (words.length === 0) return 'GYM';
  let code = words
    .slice(0, 4)
    .map((w) => w[0])
    .join('');
  const rest = words.map((w) => w.slice(1)).join('');
  code += rest.slice(0, Math.max(0, 3 - code.length));
  return code.padEnd(3, 'X');
};

/** The first free code: the base itself, else base1, base2, … (within varchar(8)). */
export const nextFreeCode = (base: string, taken: string[]): string => {
  const used = new Set(taken);
  if (!used.has(base)) return base;
  const maxSuffix = 10 ** (CODE_MAX - base.length) - 1;
  for (let n = 1; n <= maxSuffix; n++) {
    if (!used.has(`${base}${n}`)) return `${base}${n}`;
  }
  throw new AppError(503, 'CODE_EXHAUSTED', MESSAGES.busy);
};

/** The columns to write: undefined = not sent, left as is; null = cleared. */
const toColumns = (input: UpdateBusinessInput): Partial<repo.NewBusiness> => {
  const v: Partial<repo.NewBusiness> = {};
  if (input.business_name !== undefined) v.name = input.business_name;
  if (input.address !== undefined) v.address = input.address;
  if (input.city !== undefined) v.city = input.city;
  if (input.state !== undefined) v.state = input.state;
  if (input.website_url !== undefined) v.websiteUrl = input.website_url;
  if (input.business_email !== undefined) v.businessEmail = input.business_email;
  if (input.business_phone !== undefined) v.businessPhone = input.business_phone;
  if (input.logo_url !== undefined) v.logoUrl = input.logo_url;
  if (input.day_pass_plan_id !== undefined) v.dayPassPlanId = input.day_pass_plan_id;
  if (input.promotions_need_consent !== undefined)
    v.promotionsNeedConsent = input.promotions_need_consent;
  if (input.freeze_auto_approve !== undefined) v.freezeAutoApprove = input.freeze_auto_approve;
  if (input.staff_see_revenue !== undefined) v.staffSeeRevenue = input.staff_see_revenue;
  if (input.staff_give_discounts !== undefined) v.staffGiveDiscounts = input.staff_give_discounts;
  if (input.bank_name !== undefined) v.bankName = input.bank_name;
  if (input.bank_account_number !== undefined) v.bankAccountNumber = input.bank_account_number;
  if (input.bank_account_name !== undefined) v.bankAccountName = input.bank_account_name;
  return v;
};

export const getProfile = async (
  ctx: AppContext,
  businessId: number,
  userId: number,
): Promise<BusinessProfile> => {
  const row = await repo.findProfile(ctx.db, businessId, userId);
  if (!row) throw notFound(MESSAGES.notFound, 'BUSINESS_NOT_FOUND');
  return {
    ...row,
    created_at: row.created_at.toISOString(),
    members_page_url: membersPageUrl(ctx, row.business_code),
  };
};

/**
 * Creates the business and makes the caller its owner, in one transaction. The code is the
 * first free one; when another setup takes it at the same moment, the unique index refuses
 * ours and the whole transaction is tried again.
 */
export const createBusiness = async (
  ctx: AppContext,
  owner: { id: number; name: string },
  input: CreateBusinessInput,
): Promise<BusinessProfile> => {
  const userId = owner.id;
  const base = baseCode(input.business_name);
  for (let attempt = 1; ; attempt++) {
    try {
      const businessId = await ctx.db.transaction(async (tx) => {
        const user = await repo.lockUserBusiness(tx, userId);
        if (!user) throw unauthorized('Your session has expired. Please sign in again.');
        if (user.businessId) throw conflict(MESSAGES.alreadyHas, 'BUSINESS_EXISTS');
        const code = nextFreeCode(base, await repo.codesLike(tx, base));
        const business = await repo.insertBusiness(tx, {
          ...(toColumns(input) as repo.NewBusiness),
          code,
        });
        await repo.makeOwner(tx, userId, business.id);
        // The trail starts here: its owner set the business up.
        await recordAudit(
          tx,
          { kind: 'user', userId, name: owner.name, role: 'owner' },
          {
            businessId: business.id,
            action: 'business.create',
            recordKind: 'business',
            recordId: business.id,
            recordLabel: business.name,
            detail: { business_code: code },
          },
        );
        return business.id;
      });
      return await getProfile(ctx, businessId, userId);
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
      if (attempt >= INSERT_ATTEMPTS) throw new AppError(503, 'CODE_BUSY', MESSAGES.busy);
    }
  }
};

/** A 400 on the day-pass plan field. */
const dayPassPlanError = (message: string, code: string) =>
  badRequest(message, code, { day_pass_plan_id: message });

/**
 * The day-pass plan chosen in Settings: an active plan of this business (another business's
 * answers as a missing one), individual, of exactly 1 day.
 */
const checkDayPassPlan = async (ctx: AppContext, businessId: number, planId: number) => {
  const plan = await chosenPlan(ctx, businessId, planId).catch((err: unknown) => {
    if (err instanceof AppError && err.status === 400)
      throw dayPassPlanError(err.message, err.code);
    throw err;
  });
  if (plan.duration !== 1 || plan.duration_type !== 'day' || plan.is_grouped === 1)
    throw dayPassPlanError(DAY_PASS_PLAN_ONE_DAY, 'DAY_PASS_PLAN_NOT_ONE_DAY');
};

/** The profile's fields an edit may change, as the trail shows each one before → after. */
const PROFILE_FIELDS = [
  'business_name',
  'address',
  'city',
  'state',
  'website_url',
  'business_email',
  'business_phone',
  'day_pass_plan_id',
  'promotions_need_consent',
  'freeze_auto_approve',
  'staff_see_revenue',
  'staff_give_discounts',
  ...BANK_FIELDS,
] as const satisfies readonly (keyof BusinessProfile)[];

/** The logo is a link: the trail says only that it changed, never its address. */
const logoChange = (before: string | null, after: string | null): Changes =>
  before === after ? {} : { logo: { from: null, to: after ? 'changed' : 'removed' } };

/**
 * Changes the given fields of the business profile; the business's row is locked while it is
 * read, changed and read again, and the change is recorded in the trail in the same transaction
 * (each changed field before → after; the logo only as "changed", never its address). An edit
 * that changes nothing writes no entry.
 */
export const updateProfile = async (
  ctx: AppContext,
  businessId: number,
  userId: number,
  input: UpdateBusinessInput,
  actor: Actor,
  role: Role,
): Promise<BusinessProfile> => {
  // What staff may see and do is the owner's to decide: an admin may not widen it.
  if (
    role !== 'owner' &&
    (input.staff_see_revenue !== undefined || input.staff_give_discounts !== undefined)
  )
    throw forbidden(OWNER_ONLY, 'OWNER_ONLY');
  const values = toColumns(input);
  if (input.day_pass_plan_id != null)
    await checkDayPassPlan(ctx, businessId, input.day_pass_plan_id);
  if (Object.keys(values).length > 0) {
    await ctx.db
      .transaction(async (tx) => {
        const before = await repo.findProfile(tx, businessId, userId, true);
        if (!before) throw notFound(MESSAGES.notFound, 'BUSINESS_NOT_FOUND');
        checkBankDetails(before, input);
        await repo.updateBusiness(tx, businessId, values);
        const after = (await repo.findProfile(tx, businessId, userId))!;
        await recordSettingsChange(tx, actor, {
          businessId,
          action: 'business.update',
          recordLabel: after.business_name,
          changes: {
            ...changesBetween(before, after, PROFILE_FIELDS),
            ...logoChange(before.logo_url, after.logo_url),
          },
        });
      })
      .catch((err: unknown) => {
        // The plan was deleted between the check and the update.
        if (isForeignKeyViolation(err)) throw dayPassPlanError(MESSAGES.planGone, 'PLAN_NOT_FOUND');
        throw err;
      });
  }
  return getProfile(ctx, businessId, userId);
};

/**
 * What the owner lets staff do (see revenue totals, give discounts); a business not found lets
 * them do neither.
 */
export const staffAllowances = async (
  ctx: AppContext,
  businessId: number,
): Promise<StaffAllowances> =>
  (await repo.findStaffAllowances(ctx.db, businessId)) ?? {
    staff_see_revenue: false,
    staff_give_discounts: false,
  };

/** Whether `role` sees the business's money totals (staff only when the owner allows it). */
export const seesRevenue = async (
  ctx: AppContext,
  businessId: number,
  role: Role,
): Promise<boolean> =>
  role === 'owner' ||
  role === 'admin' ||
  canSeeRevenue(role, await staffAllowances(ctx, businessId));

/** What a day-pass sale reads of the business: its day-pass plan, and its city and state. */
export const dayPassSettings = async (ctx: AppContext, businessId: number) => {
  const row = await repo.findDayPassSettings(ctx.db, businessId);
  if (!row) throw notFound(MESSAGES.notFound, 'BUSINESS_NOT_FOUND');
  return row;
};
