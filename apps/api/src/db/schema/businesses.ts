import { sql } from 'drizzle-orm';
import { boolean, check, integer, pgTable, varchar } from 'drizzle-orm/pg-core';
import { id, timestamps } from './columns';

/** A business is a tenant: every back-office record belongs to exactly one. */
export const businesses = pgTable(
  'businesses',
  {
    id: id(),
    name: varchar('name', { length: 150 }).notNull(),
    code: varchar('code', { length: 8 }).notNull().unique(),
    address: varchar('address', { length: 300 }).notNull(),
    city: varchar('city', { length: 100 }).notNull(),
    state: varchar('state', { length: 100 }).notNull(),
    websiteUrl: varchar('website_url', { length: 2048 }),
    businessEmail: varchar('business_email', { length: 254 }),
    businessPhone: varchar('business_phone', { length: 20 }),
    logoUrl: varchar('logo_url', { length: 2048 }),
    countryCode: varchar('country_code', { length: 2 }).notNull().default('NG'),
    /** Last member number handed out; member IDs are CODE-00001 per business. */
    memberSeq: integer('member_seq').notNull().default(0),
    /**
     * The plan a walk-in's day pass sells (a plan of 1 day of this business), or null: no day
     * passes. Its foreign key to plans (on delete set null) is written in migration 0023 by hand:
     * plans already point at businesses, and the schema files may not import each other in a circle.
     */
    dayPassPlanId: integer('day_pass_plan_id'),
    /** After each desk payment, send the receipt by the member's preferred channel. */
    autoSendReceipts: boolean('auto_send_receipts').notNull().default(false),
    /**
     * A Promotion reaches only members who said yes to offers; false: every member but those who
     * said no (members never asked included).
     */
    promotionsNeedConsent: boolean('promotions_need_consent').notNull().default(false),
    /** Approve members' freeze requests automatically when they keep to the plan's rules. */
    freezeAutoApprove: boolean('freeze_auto_approve').notNull().default(false),
    /** The owner lets staff see money totals (dashboard revenue, payments summary and export). */
    staffSeeRevenue: boolean('staff_see_revenue').notNull().default(false),
    /** The owner lets staff give a discount, with a reason, when recording a payment. */
    staffGiveDiscounts: boolean('staff_give_discounts').notNull().default(false),
    /**
     * The kiosk also takes a typed phone number or member ID, each with the member's kiosk PIN;
     * false: cards only.
     */
    kioskTypedEntry: boolean('kiosk_typed_entry').notNull().default(false),
    /**
     * Where members may pay by transfer when the gym takes no payments online (shown on the
     * members' renew page): all three or none (the check below), the account number the 10 digits
     * of a NUBAN.
     */
    bankName: varchar('bank_name', { length: 100 }),
    bankAccountNumber: varchar('bank_account_number', { length: 10 }),
    bankAccountName: varchar('bank_account_name', { length: 150 }),
    ...timestamps(),
  },
  (t) => [
    check(
      'businesses_bank_details_check',
      sql`(${t.bankName} is null) = (${t.bankAccountNumber} is null) and (${t.bankAccountNumber} is null) = (${t.bankAccountName} is null) and (${t.bankAccountNumber} is null or ${t.bankAccountNumber} ~ '^[0-9]{10}$')`,
    ),
  ],
);
