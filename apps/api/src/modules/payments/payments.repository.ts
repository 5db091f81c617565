import { and, desc, eq, sql, type Column, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { AuditActorKind, PaymentStatus } from '@kora/shared';
import { memberBrief, planBrief } from '../../db/briefs';
import type { Executor } from '../../db/client';
import { bound } from '../../db/prepared';
import { compileSql, isDatabaseItself, runCompiled, type CompiledSelect } from '../../db/raw';
import type { MemberPlanFilters } from '../../db/filters';
import { members, payments, plans, subscriptions, users } from '../../db/schema';
import { inBusiness, ofBusiness } from '../../db/tenant';
import type { ExportCursor } from '../../lib/export-file';
import { firstPagesWindow, type PageWindow } from '../../lib/paging';
import { paymentsJsonArray } from './payments.list-json';
import {
  ALL_DAYS_SQL,
  CLOSED_THROUGH,
  asNumber,
  paymentCountOf,
  paymentDaysOf,
  rowsOf,
} from '../../db/payment-days';

export type PaymentRow = typeof payments.$inferSelect;
/** A payment to record: `amountKobo` is the client's amount, checked against the plan's. */
export interface PaymentToRecord {
  businessId: number;
  memberId: number;
  planId: number;
  /** Plan periods bought. */
  duration: number;
  amountKobo: number;
  method: string;
  purpose: string;
  idempotencyKey: string | null;
  /** Null for a payment received online (no team user recorded it). */
  recordedBy: number | null;
  /** The Lagos day it is recorded on. */
  today: string;
  /** When an offline desk took it (null: now); `today` is then its Lagos day. */
  recordedAt?: Date | null;
  /** For a group plan: the other members it covers (none for an individual payment). */
  groupMemberIds?: readonly number[];
  /** A discount: kobo off the price, or a percent in hundredths (1250 = 12.5 %), with its reason. */
  discount?: { kobo?: number; bp?: number; reason: string };
  /** 'entered': `today` is an earlier day an owner or admin entered (else worked out). */
  paidOnSource?: 'entered';
  /**
   * Who acted, for the audit trail: 'user' at the desk (`recordedBy`), 'member' through a
   * payment link, 'paystack' for a transfer into a member's account, 'kiosk', 'import'.
   */
  actorKind: AuditActorKind;
}

/** What `record_payment` answered. */
export type RecordOutcome =
  | { status: 'recorded'; recorded: RecordedRow }
  /** The key was used in this business, before or meanwhile: nothing written. */
  | { status: 'replayed' | 'key_used' }
  | { status: 'amount_mismatch' | 'discount_too_large'; expectedKobo: number }
  /** More members named than the group plan covers (`groupLimit`, the payer included). */
  | { status: 'group_too_large'; groupLimit: number }
  | {
      status:
        | 'member_not_found'
        | 'plan_not_found'
        | 'plan_inactive'
        | 'member_inactive'
        /** Plan length × periods lasts more than 10 years. */
        | 'cover_too_long'
        | 'plan_not_grouped'
        | 'group_member_not_found'
        | 'group_member_inactive';
    };

/** The row of `record_payment`, as the drivers give it: moments and days as text. */
type RecordPaymentRow = { status: RecordOutcome['status'] } & Record<string, unknown>;

/** The covered members as a PostgreSQL array literal of ids; null (nothing to do) for none. */
const groupArray = (ids: readonly number[] | undefined) =>
  ids && ids.length > 0 ? `{${ids.map((id) => Math.trunc(id)).join(',')}}` : null;

/** record_payment's answer, every column named, in this order. */
const RECORD_PAYMENT_COLUMNS = [
  'status',
  'expected_kobo',
  'payment_id',
  'payment_amount_kobo',
  'payment_duration',
  'payment_method',
  'payment_purpose',
  'payment_idempotency_key',
  'payment_recorded_by',
  'payment_created_at',
  'payment_recorded_at',
  'payment_paid_on',
  'subscription_id',
  'subscription_start_date',
  'subscription_expiry_date',
  'subscription_duration',
  'subscription_duration_type',
  'subscription_plan_duration',
  'subscription_amount_kobo',
  'subscription_is_active',
  'subscription_is_first',
  'subscription_created_at',
  'member_picture_url',
  'member_first_name',
  'member_last_name',
  'member_email_address',
  'plan_name',
  'plan_is_grouped',
  'plan_duration_type',
  'group_limit',
  'group_member_ids',
  'payment_receipt_seq',
  'payment_receipt_number',
  'payment_receipt_token',
  'payment_confirmed_at',
  'payment_recorded_by_name',
  'payment_discount_kobo',
  'payment_discount_bp',
  'payment_discount_reason',
  'payment_paid_on_source',
] as const;

/** The arguments of a desk payment's `record_payment` call (a plan's periods). */
const RECORD_PAYMENT_ARGS = [
  'business',
  'member',
  'plan',
  'periods',
  'amountKobo',
  'method',
  'purpose',
  'key',
  'recordedBy',
  'today',
  'group',
  'actorKind',
  'recordedAt',
  'discountKobo',
  'discountBp',
  'discountReason',
  'paidOnSource',
] as const;
type RecordPaymentArgs = Record<(typeof RECORD_PAYMENT_ARGS)[number], SQL | string | number | null>;

/** `record_payment` for a plan's periods, its arguments given (values, or `bound` names). */
const recordPaymentCall = (a: RecordPaymentArgs) => sql`select ${sql.raw(
  RECORD_PAYMENT_COLUMNS.map((c) => `"${c}"`).join(', '),
)} from record_payment(
  ${a.business}::integer, ${a.member}::integer, ${a.plan}::integer,
  ${a.periods}::integer, ${a.amountKobo}::bigint, ${a.method}::varchar,
  ${a.purpose}::varchar, ${a.key}::varchar, ${a.recordedBy}::integer,
  ${a.today}::date, ${a.group}::integer[], ${a.actorKind}::varchar,
  ${a.recordedAt}::timestamptz, 'plan'::varchar,
  ${a.discountKobo}::bigint, ${a.discountBp}::integer,
  ${a.discountReason}::varchar, ${a.paidOnSource}::varchar)`;

/** The call compiled once, every argument bound by its name; its row read into named columns. */
const RECORD_PAYMENT = compileSql(
  'record_payment',
  recordPaymentCall(
    Object.fromEntries(RECORD_PAYMENT_ARGS.map((name) => [name, bound(name)])) as RecordPaymentArgs,
  ),
  (values): RecordPaymentRow =>
    Object.fromEntries(RECORD_PAYMENT_COLUMNS.map((c, i) => [c, values[i]])) as RecordPaymentRow,
);

/** A value as drizzle reads that column (kobo as a number, moments as Dates, days as text). */
const read = <C extends Column>(column: C, value: unknown) =>
  column.mapFromDriverValue(value) as C['_']['data'];

/**
 * Records a payment and the subscription it bought with ONE statement, the database function
 * `record_payment` (one round trip, in autocommit: the statement is the transaction). It locks
 * the member row, so concurrent payments for one member queue there; a renewal of the same plan
 * starts the day after the running period's last day. Nothing is written unless the status is
 * 'recorded'.
 */
export const recordPayment = async (db: Executor, p: PaymentToRecord): Promise<RecordOutcome> => {
  const args = {
    business: p.businessId,
    member: p.memberId,
    plan: p.planId,
    periods: p.duration,
    amountKobo: p.amountKobo,
    method: p.method,
    purpose: p.purpose,
    key: p.idempotencyKey,
    recordedBy: p.recordedBy,
    today: p.today,
    group: groupArray(p.groupMemberIds),
    actorKind: p.actorKind,
    recordedAt: p.recordedAt?.toISOString() ?? null,
    discountKobo: p.discount?.kobo ?? null,
    discountBp: p.discount?.bp ?? null,
    discountReason: p.discount?.reason ?? null,
    paidOnSource: p.paidOnSource ?? null,
  };
  // The desk's own payments (the database itself): one named prepared statement, built once.
  // Inside a caller's transaction (a day pass): the same call through Drizzle.
  const row = isDatabaseItself(db)
    ? (await runCompiled(db, RECORD_PAYMENT, args))[0]
    : rowsOf<RecordPaymentRow>(await db.execute(recordPaymentCall(args)))[0];
  if (!row) throw new Error('record_payment answered no row');
  switch (row.status) {
    case 'recorded':
      break;
    case 'amount_mismatch':
    case 'discount_too_large':
      return { status: row.status, expectedKobo: read(payments.amountKobo, row.expected_kobo) };
    case 'group_too_large':
      return { status: row.status, groupLimit: row.group_limit as number };
    default:
      return { status: row.status };
  }
  const of = {
    businessId: p.businessId,
    memberId: p.memberId,
    subscriptionTypeId: p.planId,
  };
  const paymentId = row.payment_id as number;
  return {
    status: 'recorded',
    recorded: {
      payment: {
        id: paymentId,
        ...of,
        amountKobo: read(payments.amountKobo, row.payment_amount_kobo),
        duration: row.payment_duration as number,
        kind: 'plan',
        method: row.payment_method as string,
        purpose: row.payment_purpose as string,
        idempotencyKey: row.payment_idempotency_key as string | null,
        recordedBy: row.payment_recorded_by as number | null,
        createdAt: read(payments.createdAt, row.payment_created_at),
        recordedAt: read(payments.recordedAt, row.payment_recorded_at),
        paidOn: read(payments.paidOn, row.payment_paid_on),
        receiptSeq: row.payment_receipt_seq as number,
        receiptNumber: row.payment_receipt_number as string,
        receiptToken: row.payment_receipt_token as string,
        voidedAt: null,
        voidedBy: null,
        voidReason: null,
        refundedKobo: 0,
        confirmedAt: read(payments.confirmedAt, row.payment_confirmed_at),
        confirmedBy: null,
        discountKobo: read(payments.discountKobo, row.payment_discount_kobo),
        discountBp: row.payment_discount_bp as number | null,
        discountReason: row.payment_discount_reason as string | null,
        paidOnSource: row.payment_paid_on_source as string,
      },
      recordedByName: (row.payment_recorded_by_name as string | null) ?? null,
      subscription: {
        id: row.subscription_id as number,
        ...of,
        paymentId,
        startDate: read(subscriptions.startDate, row.subscription_start_date),
        expiryDate: read(subscriptions.expiryDate, row.subscription_expiry_date),
        duration: row.subscription_duration as number,
        durationType: row.subscription_duration_type as string,
        planDuration: row.subscription_plan_duration as number,
        amountKobo: read(subscriptions.amountKobo, row.subscription_amount_kobo),
        isActive: row.subscription_is_active as boolean,
        isFirst: row.subscription_is_first as boolean,
        createdAt: read(subscriptions.createdAt, row.subscription_created_at),
        groupSubscriptionId: null,
      },
      member: {
        id: p.memberId,
        pictureUrl: row.member_picture_url as string | null,
        firstName: row.member_first_name as string,
        lastName: row.member_last_name as string,
        emailAddress: row.member_email_address as string | null,
      },
      plan: {
        id: p.planId,
        name: row.plan_name as string,
        isGrouped: row.plan_is_grouped as boolean,
        durationType: row.plan_duration_type as string,
      },
    },
  };
};

/** A freeze fee to record: the plan's fee (kobo), no period, no subscription. */
export interface FreezeFeeToRecord {
  businessId: number;
  memberId: number;
  /** The frozen subscription's plan, whose fee it is. */
  planId: number;
  amountKobo: number;
  method: string;
  purpose: string;
  idempotencyKey: string;
  recordedBy: number | null;
  today: string;
  actorKind: AuditActorKind;
}

/** What `record_payment` answered for a freeze fee: the payment and its receipt, or why not. */
export type FreezeFeeOutcome =
  | { status: 'recorded' | 'replayed'; paymentId: number; receiptNumber: string }
  | { status: Exclude<RecordOutcome['status'], 'recorded' | 'replayed'> };

/**
 * Records a freeze fee with `record_payment` (kind 'freeze_fee'), the statement every payment
 * goes through: the next receipt number, its audit entry, the roll-ups; it creates no
 * subscription. Run inside the freeze's transaction, it commits or rolls back with the freeze.
 */
export const recordFreezeFee = async (
  db: Executor,
  p: FreezeFeeToRecord,
): Promise<FreezeFeeOutcome> => {
  const row = rowsOf<RecordPaymentRow>(
    await db.execute(sql`select * from record_payment(
      ${p.businessId}::integer, ${p.memberId}::integer, ${p.planId}::integer,
      0::integer, ${p.amountKobo}::bigint, ${p.method}::varchar,
      ${p.purpose}::varchar, ${p.idempotencyKey}::varchar, ${p.recordedBy}::integer,
      ${p.today}::date, null::integer[], ${p.actorKind}::varchar,
      null::timestamptz, 'freeze_fee'::varchar)`),
  )[0];
  if (!row) throw new Error('record_payment answered no row');
  if (row.status === 'recorded' || row.status === 'replayed')
    return {
      status: row.status,
      paymentId: row.payment_id as number,
      receiptNumber: row.payment_receipt_number as string,
    };
  return { status: row.status };
};

/** The team user who recorded a payment (users joined under another name). */
const recorder = alias(users, 'recorder');

/** The recorder's full name as payments show it; null for a payment made online. */
const recordedByName = sql<
  string | null
>`nullif(trim(${recorder.firstName} || ' ' || ${recorder.lastName}), '')`;

/**
 * A payment with its member, plan (and the subscription it bought: none for a freeze fee) and
 * who recorded it, as the API answers it.
 */
const selectPayments = <S extends object>(db: Executor, extra: S) =>
  db
    .select({
      payment: payments,
      member: memberBrief,
      // The unit bought, even if the plan was edited since (a freeze fee bought none: the plan's).
      plan: {
        ...planBrief,
        durationType: sql<string>`coalesce(${subscriptions.durationType}, ${plans.durationType})`,
      },
      recordedByName,
      ...extra,
    })
    .from(payments)
    .innerJoin(members, eq(members.id, payments.memberId))
    .innerJoin(plans, eq(plans.id, payments.subscriptionTypeId))
    // A freeze fee has no subscription.
    .leftJoin(subscriptions, eq(subscriptions.paymentId, payments.id))
    .leftJoin(recorder, eq(recorder.id, payments.recordedBy));

const selectRecorded = (db: Executor) => selectPayments(db, { subscription: subscriptions });

/** A payment with its member, plan, recorder and the subscription it bought (null: a freeze fee). */
type PaymentDetailRow = NonNullable<Awaited<ReturnType<typeof findPaymentRow>>>;
/** A payment of a plan with the subscription it bought. */
export type RecordedRow = Omit<PaymentDetailRow, 'subscription'> & {
  subscription: NonNullable<PaymentDetailRow['subscription']>;
};

/** The plan payment recorded with this key (a freeze fee's key is Kora's own, never a client's). */
export const findPaymentByKey = async (
  db: Executor,
  businessId: number,
  key: string,
): Promise<RecordedRow | undefined> => {
  const row = (
    await selectRecorded(db)
      .where(
        inBusiness(
          payments,
          businessId,
          eq(payments.idempotencyKey, key),
          eq(payments.kind, 'plan'),
        ),
      )
      .limit(1)
  )[0];
  return row?.subscription ? (row as RecordedRow) : undefined;
};

/** Payment `id` of the business with its member, plan, subscription and recorder; none if not its. */
export const findPaymentRow = async (db: Executor, businessId: number, id: number) =>
  (
    await selectRecorded(db)
      .where(ofBusiness(payments, businessId, id))
      .limit(1)
  )[0];

export interface PaymentFilters extends MemberPlanFilters {
  method?: string;
  from?: string;
  to?: string;
  status?: PaymentStatus;
  /** Unconfirmed desk transfers paid on or before this day (the dashboard's link). */
  unconfirmedBefore?: string;
}

/**
 * The payments of a status: voided; valid (not voided); refunded (any refund, not voided);
 * unconfirmed (a desk transfer not yet ticked, not voided).
 */
const STATUS_CONDITIONS: Record<PaymentStatus, SQL> = {
  voided: sql`${payments.voidedAt} is not null`,
  valid: sql`${payments.voidedAt} is null`,
  refunded: sql`${payments.refundedKobo} > 0 and ${payments.voidedAt} is null`,
  unconfirmed: sql`${payments.confirmedAt} is null and ${payments.voidedAt} is null`,
};

/**
 * The payments the list's filters keep (the list and the export read by it), each value written
 * by `value`: a parameter of the statement (the export), or a name bound when a prepared
 * statement runs (the list).
 */
const conditionOf = (
  f: PaymentFilters & { businessId: number },
  value: (name: keyof PaymentFilters | 'businessId') => SQL,
): SQL =>
  and(
    sql`${payments.businessId} = ${value('businessId')}`,
    f.memberId ? sql`${payments.memberId} = ${value('memberId')}` : undefined,
    f.planId ? sql`${payments.subscriptionTypeId} = ${value('planId')}` : undefined,
    f.method ? sql`${payments.method} = ${value('method')}` : undefined,
    f.from ? sql`${payments.paidOn} >= ${value('from')}::date` : undefined,
    f.to ? sql`${payments.paidOn} <= ${value('to')}::date` : undefined,
    f.status ? STATUS_CONDITIONS[f.status] : undefined,
    f.unconfirmedBefore
      ? and(
          STATUS_CONDITIONS.unconfirmed,
          sql`${payments.paidOn} <= ${value('unconfirmedBefore')}::date`,
        )
      : undefined,
  )!;

const filterCondition = (businessId: number, f: PaymentFilters): SQL => {
  const values = { ...f, businessId };
  return conditionOf(values, (name) => sql`${values[name]}`);
};

/** The list's filters as conditions on `payments`, each value bound by its name. */
const boundCondition = (f: PaymentFilters): SQL =>
  conditionOf({ ...f, businessId: 0 }, (name) => bound(name));

/**
 * How many payments the filters keep, as SQL: one member's are counted directly (a few rows of
 * its index), and so are the voided, refunded and unconfirmed ones (a partial index each holds
 * only them); any other filter (plan, method, days) is answered by the daily roll-up, which
 * does not grow with the payments and counts the payments not voided: the voided ones are added
 * to it when the list shows them too (no status filter).
 */
const totalSql = (f: PaymentFilters, where: SQL): SQL => {
  const { status } = f;
  if (f.memberId || f.unconfirmedBefore || (status && status !== 'valid'))
    return sql`(select count(*) from ${payments} where ${where})`;
  const voided = status
    ? sql`0`
    : sql`(select count(*) from ${payments} where ${where} and ${STATUS_CONDITIONS.voided})`;
  const valid = paymentCountOf(
    bound('businessId'),
    {
      from: f.from ? sql`${bound('from')}::date` : ALL_DAYS_SQL.from,
      to: f.to ? sql`${bound('to')}::date` : ALL_DAYS_SQL.to,
    },
    CLOSED_THROUGH,
    {
      planId: f.planId ? bound('planId') : undefined,
      method: f.method ? bound('method') : undefined,
    },
  );
  return sql`(${voided} + ${valid})`;
};

/**
 * One page of the business's payments, newest first, as the answer's JSON text
 * (paymentsJsonArray), and how many the filters keep, in one row: one named prepared statement
 * per set of filters given (their values bound), with the LIMIT and OFFSET of a front desk's
 * first pages in its text (PostgreSQL then keeps one plan for it instead of planning each call).
 */
const pageStatement = (f: PaymentFilters, fixed: PageWindow | undefined) => {
  const where = boundCondition(f);
  const limit = fixed ? sql.raw(String(fixed.limit)) : bound('limit');
  const offset = fixed ? sql.raw(String(fixed.offset)) : bound('offset');
  const page = sql`(select * from ${payments} where ${where}
    order by ${payments.createdAt} desc, ${payments.id} desc limit ${limit} offset ${offset})`;
  return sql`select ${totalSql(f, where)}::bigint as total, ${paymentsJsonArray(page)} as data`;
};

/** The filters that shape a page statement, each by its letter in the statement's name. */
const FILTER_LETTERS = {
  memberId: 'm',
  planId: 'p',
  method: 'k',
  from: 'f',
  to: 't',
  unconfirmedBefore: 'u',
} as const;

const pageStatements = new Map<string, CompiledSelect<{ total: number; data: string }>>();

export const listPayments = async (
  db: Executor,
  businessId: number,
  f: PaymentFilters,
  window: PageWindow,
): Promise<{ json: string; total: number }> => {
  const fixed = firstPagesWindow(window);
  // The filters given, a letter each: the name stays well under PostgreSQL's 63 characters.
  const shape = Object.entries(FILTER_LETTERS)
    .filter(([k]) => f[k as keyof typeof FILTER_LETTERS] !== undefined)
    .map(([, letter]) => letter)
    .join('');
  const name = `payments_page_${shape || 'all'}_${f.status ?? 'any'}${fixed ? `_${fixed.limit}_${fixed.offset}` : ''}`;
  let statement = pageStatements.get(name);
  if (!statement) {
    statement = compileSql(name, pageStatement(f, fixed), (row) => ({
      total: Number(row[0]),
      data: String(row[1]),
    }));
    pageStatements.set(name, statement);
  }
  const [row] = await runCompiled(db, statement, {
    businessId,
    memberId: f.memberId,
    planId: f.planId,
    method: f.method,
    from: f.from,
    to: f.to,
    unconfirmedBefore: f.unconfirmedBefore,
    limit: window.limit,
    offset: window.offset,
  });
  return { json: row!.data, total: row!.total };
};

/**
 * One batch of the export: up to `limit` payments the list's filters keep, newest first (like
 * the list), after `after`, with the member's ID and the exact created_at for the next batch.
 */
export const exportPaymentsBatch = (
  db: Executor,
  businessId: number,
  filters: PaymentFilters,
  after: ExportCursor | undefined,
  limit: number,
) =>
  selectPayments(db, {
    memberCode: members.memberCode,
    cursor: sql<string>`${payments.createdAt}::text`,
  })
    .where(
      and(
        filterCondition(businessId, filters),
        after
          ? sql`(${payments.createdAt}, ${payments.id}) < (${after.at}::timestamptz, ${after.id})`
          : undefined,
      ),
    )
    .orderBy(desc(payments.createdAt), desc(payments.id))
    .limit(limit);
export type PaymentExportRow = Awaited<ReturnType<typeof exportPaymentsBatch>>[number];

/**
 * Count and kobo sums over all the business's payments, by the Lagos day they were recorded:
 * closed days from the daily roll-up, today live. One named prepared statement, which reads the
 * last closed day itself.
 */
const SUMMARY = compileSql(
  'payment_summary',
  sql`select coalesce(sum(payments), 0)::bigint as count, coalesce(sum(kobo), 0)::bigint as total,
    coalesce(sum(kobo) filter (where day = ${bound('today')}::date), 0)::bigint as today,
    coalesce(sum(kobo) filter (where day between ${bound('monthStart')}::date and ${bound('today')}::date), 0)::bigint as month,
    coalesce(sum(kobo) filter (where day between ${bound('yearStart')}::date and ${bound('today')}::date), 0)::bigint as year
  from ${paymentDaysOf(bound('businessId'), ALL_DAYS_SQL, CLOSED_THROUGH)} d`,
  (row) => ({
    count: asNumber(row[0]),
    total: asNumber(row[1]),
    today: asNumber(row[2]),
    thisMonth: asNumber(row[3]),
    yearToDate: asNumber(row[4]),
  }),
);

export const paymentSummary = async (
  db: Executor,
  businessId: number,
  days: { today: string; monthStart: string; yearStart: string },
) => (await runCompiled(db, SUMMARY, { businessId, ...days }))[0]!;
