import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { businesses, users } from '../../db/schema';

export type BusinessRow = typeof businesses.$inferSelect;
export type NewBusiness = typeof businesses.$inferInsert;

/** The business profile as the client reads it; the caller's e-mail status comes along. */
const profileColumns = {
  id: businesses.id,
  business_name: businesses.name,
  address: businesses.address,
  city: businesses.city,
  state: businesses.state,
  website_url: businesses.websiteUrl,
  business_email: businesses.businessEmail,
  business_phone: businesses.businessPhone,
  logo_url: businesses.logoUrl,
  business_code: businesses.code,
  country_code: businesses.countryCode,
  created_at: businesses.createdAt,
  email_verified: users.emailVerified,
  day_pass_plan_id: businesses.dayPassPlanId,
  promotions_need_consent: businesses.promotionsNeedConsent,
  freeze_auto_approve: businesses.freezeAutoApprove,
  staff_see_revenue: businesses.staffSeeRevenue,
  staff_give_discounts: businesses.staffGiveDiscounts,
  bank_name: businesses.bankName,
  bank_account_number: businesses.bankAccountNumber,
  bank_account_name: businesses.bankAccountName,
};

/**
 * The profile of `businessId` as seen by user `userId` (who must belong to it); `lock`: the
 * business's row is locked for the rest of the transaction (what an edit replaces).
 */
export const findProfile = async (
  db: Executor,
  businessId: number,
  userId: number,
  lock = false,
) => {
  const query = db
    .select(profileColumns)
    .from(businesses)
    .innerJoin(users, and(eq(users.id, userId), eq(users.businessId, businesses.id)))
    .where(eq(businesses.id, businessId))
    .limit(1);
  return (await (lock ? query.for('update', { of: businesses }) : query))[0];
};

/** The business's day-pass plan (null: no day passes), city and state. */
export const findDayPassSettings = async (db: Executor, businessId: number) =>
  (
    await db
      .select({ planId: businesses.dayPassPlanId, city: businesses.city, state: businesses.state })
      .from(businesses)
      .where(eq(businesses.id, businessId))
      .limit(1)
  )[0];

/** What the owner lets staff do: see revenue totals, give discounts. */
export const findStaffAllowances = async (db: Executor, businessId: number) =>
  (
    await db
      .select({
        staff_see_revenue: businesses.staffSeeRevenue,
        staff_give_discounts: businesses.staffGiveDiscounts,
      })
      .from(businesses)
      .where(eq(businesses.id, businessId))
      .limit(1)
  )[0];

/** How members may pay the business outside online payments: its phone and bank account. */
export const findPayInstead = async (db: Executor, businessId: number) =>
  (
    await db
      .select({
        phone: businesses.businessPhone,
        bankName: businesses.bankName,
        accountNumber: businesses.bankAccountNumber,
        accountName: businesses.bankAccountName,
      })
      .from(businesses)
      .where(eq(businesses.id, businessId))
      .limit(1)
  )[0];

/** Locks the user's row for the rest of the transaction and answers its business id. */
export const lockUserBusiness = async (
  db: Executor,
  userId: number,
): Promise<{ businessId: number | null } | undefined> =>
  (
    await db
      .select({ businessId: users.businessId })
      .from(users)
      .where(eq(users.id, userId))
      .for('update')
      .limit(1)
  )[0];

/** Codes already taken that start with `base` followed only by digits (IPG, IPG1, IPG12…). */
export const codesLike = async (db: Executor, base: string): Promise<string[]> =>
  (
    await db
      .select({ code: businesses.code })
      .from(businesses)
      .where(sql`${businesses.code} ~ ${`^${base}[0-9]*$`}`)
  ).map((r) => r.code);

export const insertBusiness = async (db: Executor, values: NewBusiness): Promise<BusinessRow> =>
  (await db.insert(businesses).values(values).returning())[0]!;

export const makeOwner = async (db: Executor, userId: number, businessId: number) => {
  await db
    .update(users)
    .set({ businessId, role: 'owner', updatedAt: new Date() })
    .where(eq(users.id, userId));
};

/** Updates only the business `businessId`; answers false when it does not exist. */
export const updateBusiness = async (
  db: Executor,
  businessId: number,
  values: Partial<NewBusiness>,
): Promise<boolean> =>
  (
    await db
      .update(businesses)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(businesses.id, businessId))
      .returning({ id: businesses.id })
  ).length === 1;
