import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  pgTable,
  text,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { businesses } from './businesses';
import { day, id, link, moment, ref, timestamps } from './columns';
import { plans } from './plans';

/** A gym member of one business. Member IDs are `${business.code}-00001`, unique per business. */
export const members = pgTable(
  'members',
  {
    id: id(),
    businessId: ref('business_id', () => businesses.id),
    memberNumber: integer('member_number').notNull(),
    /** The display code staff see and search (`IPG-00001`); the column keeps its API name. */
    memberCode: varchar('member_id', { length: 20 }).notNull(),
    firstName: varchar('first_name', { length: 100 }).notNull(),
    middleName: varchar('middle_name', { length: 100 }),
    lastName: varchar('last_name', { length: 100 }).notNull(),
    /** E.164, e.g. +2348031234567. */
    mobileNumber: varchar('mobile_number', { length: 20 }).notNull(),
    /** Optional (many members have only a phone): null when not given. */
    emailAddress: varchar('email_address', { length: 254 }),
    homeAddress: varchar('home_address', { length: 300 }),
    city: varchar('city', { length: 100 }).notNull(),
    state: varchar('state', { length: 100 }).notNull(),
    countryCode: varchar('country_code', { length: 2 }).notNull().default('NG'),
    dateOfBirth: day('date_of_birth'),
    /** Male, Female or Other; null when not given. */
    gender: varchar('gender', { length: 10 }),
    emergencyContactName: varchar('emergency_contact_name', { length: 200 }),
    emergencyContactNumber: varchar('emergency_contact_number', { length: 20 }),
    emergencyContactRelationship: varchar('emergency_contact_relationship', { length: 100 }),
    /** The plan chosen at creation (subscriptions record what was actually bought). */
    subscriptionTypeId: link('subscription_type_id', () => plans.id),
    pictureUrl: varchar('picture_url', { length: 2048 }),
    isActive: boolean('is_active').notNull().default(true),
    /** The member asked for no renewal reminders. */
    remindersOptOut: boolean('reminders_opt_out').notNull().default(false),
    /**
     * A walk-in: added by a day-pass sale and not a member yet (a lead: kept with their phone,
     * visits and payments, outside member counts, expiring lists, reminders and member messages).
     * Cleared when they join: added as a member with the same phone (members.service), or a
     * subscription of a plan longer than 1 day written for them (trigger `members_walk_in_join`),
     * which also moves created_at to the moment they joined.
     */
    isWalkIn: boolean('is_walk_in').notNull().default(false),
    /**
     * May the gym send them offers and news: 'yes', 'no' or 'not_asked' (members added before
     * Kora asked and imported members). Each choice given or withdrawn is a row of
     * member_consents.
     */
    marketingConsent: varchar('marketing_consent', { length: 10 }).notNull().default('not_asked'),
    /** When the member's personal data was erased (names replaced, the rest removed); else null. */
    erasedAt: moment('erased_at'),
    /**
     * The member card's code (the QR and the card page's address): 26 characters of base32
     * (a–z, 2–7), 130 random bits, unique across every business. Set by the database
     * (`kora_card_code()`), so every way a member is added gets one; replacing the card sets a
     * new one and the old card stops working. Null once the member is erased: no card, and no
     * new one is ever issued to them.
     */
    cardCode: varchar('card_code', { length: 32 })
      .unique('members_card_code_key')
      .default(sql`kora_card_code()`),
    /**
     * The argon2id hash of the member's kiosk PIN (4–6 digits, set by the member on their page
     * or by staff at the desk), which a typed entry at the kiosk needs; null: none set.
     */
    kioskPinHash: varchar('kiosk_pin_hash', { length: 255 }),
    /**
     * When the member last came in (their latest visit), null when they never have. Kept by the
     * database: the trigger on visits (`visits_roll_up`) moves it forward, never back.
     */
    lastVisitAt: moment('last_visit_at'),
    /**
     * The transaction that last changed what the desk's copy of the member shows (the roster):
     * their details, card, account, or one of their subscriptions (own or group cover). Set by
     * the column's default and by triggers (`roster_touch_*`), never on a visit. The roster call
     * reads members changed after a device's cursor in (roster_tx, id) order.
     */
    rosterTx: bigint('roster_tx', { mode: 'number' })
      .notNull()
      .default(sql`pg_current_xact_id()::text::bigint`),
    /**
     * Names (first, middle when given, last: "ada nwosu" finds Ada Nwosu), e-mail (when given), phone
     * (E.164) and member ID in lower case without accents or tone marks
     * (decomposed, then the combining marks U+0300–U+036F dropped: "Adébáyọ̀" is kept as
     * "adebayo"), kept by PostgreSQL itself. Searched with ILIKE through a trigram GIN index (fast
     * at 100,000 members per business) with the typed term folded the same way, so staff find
     * names typed with or without diacritics.
     */
    searchText: text('search_text').generatedAlwaysAs(
      sql`lower(regexp_replace(normalize(first_name || ' ' || coalesce(nullif(middle_name, '') || ' ', '') || last_name || ' ' || coalesce(email_address, '') || ' ' || mobile_number || ' ' || member_id, NFD), '[\\u0300-\\u036f]', '', 'g'))`,
    ),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('members_business_member_id_idx').on(t.businessId, t.memberCode),
    // Scanned backwards for ORDER BY created_at DESC, id DESC (newest first). Migration 0036
    // rebuilds it with INCLUDE (search_text, is_active, is_walk_in), which Drizzle cannot
    // declare: a search walks the newest members (walk-ins left out) in the index alone.
    index('members_business_created_idx').on(t.businessId, t.createdAt, t.id),
    // business_id inside the same GIN index (btree_gin): a search reads only its own gym's
    // matches, not every business's.
    index('members_business_search_idx').using(
      'gin',
      t.businessId,
      sql`${t.searchText} gin_trgm_ops`,
    ),
    index('members_subscription_type_idx').on(t.subscriptionTypeId),
    // A member by phone or e-mail (an import's duplicates): one probe per address.
    index('members_business_phone_idx').on(t.businessId, t.mobileNumber),
    index('members_business_email_idx').on(t.businessId, t.emailAddress),
    // The few deactivated members, newest first: the "Inactive" filter and its count read only
    // them, never the whole gym.
    // The walk-ins, newest first: the list's "Walk-ins" filter and its count read only them.
    index('members_business_walk_in_idx')
      .on(t.businessId, t.createdAt, t.id)
      .where(sql`${t.isWalkIn}`),
    // The members list's last-visit filters (visited in the last 7 or 30 days, or not in 14):
    // the members seen since a day are one range of it; those not seen are the rest.
    index('members_business_last_visit_idx').on(t.businessId, t.lastVisitAt),
    // The roster: a business's members changed after a cursor, in change order.
    index('members_business_roster_idx').on(t.businessId, t.rosterTx, t.id),
    index('members_business_inactive_idx')
      .on(t.businessId, t.createdAt, t.id)
      .where(sql`not ${t.isActive}`),
  ],
);

/**
 * Members deleted, so the desks' copies drop them too: written by the trigger on members'
 * deletes (`roster_removed`), read by the roster call after a device's cursor.
 */
export const rosterRemovals = pgTable(
  'roster_removals',
  {
    businessId: integer('business_id').notNull(),
    memberId: integer('member_id').notNull(),
    rosterTx: bigint('roster_tx', { mode: 'number' }).notNull(),
  },
  (t) => [index('roster_removals_business_tx_idx').on(t.businessId, t.rosterTx, t.memberId)],
);
