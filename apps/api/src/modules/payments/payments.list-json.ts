import { sql, type SQL } from 'drizzle-orm';
import {
  jsonMoment,
  jsonMomentOrNull,
  jsonNaira,
  jsonObject,
  jsonOrNull,
  jsonValue,
} from '../../db/json-text';

/**
 * The payments list's answer written by PostgreSQL as JSON text, instead of typed rows decoded,
 * mapped (toPayment) and serialised in Node: exactly what toPayment and the answer's serializer
 * write, byte for byte (a test compares the two over payments with every kind of value: a void,
 * a refund, a discount in naira and in percent, a desk transfer to confirm, a payment made
 * online, a group plan and the members it covers, quotes and control characters). How each kind
 * of value is written: db/json-text.ts.
 */

/** A member as a payment shows it (toPaymentMember), from the alias `a`. */
const memberJson = (a: string) =>
  jsonObject([
    ['id', `${a}.id`],
    ['picture_url', jsonOrNull(`${a}.picture_url`)],
    ['first_name', jsonValue(`${a}.first_name`)],
    ['last_name', jsonValue(`${a}.last_name`)],
    ['email_address', jsonOrNull(`${a}.email_address`)],
  ]);

/**
 * One payment as the API answers it: `p` the payment, `m` its member, `pl` its plan, `s` the
 * subscription it bought (none for a freeze fee), `u` who recorded it (none online), `c.list`
 * the members a group plan's payment covers.
 */
const PAYMENT_JSON = jsonObject([
  ['id', 'p.id'],
  ['amount', jsonNaira('p.amount_kobo')],
  ['created_at', jsonMoment('p.created_at')],
  ['paid_on', jsonValue('p.paid_on')],
  ['duration', 'p.duration'],
  ['method', jsonValue('p.method')],
  ['purpose', jsonValue('p.purpose')],
  ['member_id', 'p.member_id'],
  ['subscription_type_id', 'p.subscription_type_id'],
  ['member', memberJson('m')],
  [
    'subscription_type',
    jsonObject([
      ['id', 'pl.id'],
      ['name', jsonValue('pl.name')],
      ['is_grouped', 'case when pl.is_grouped then 1 else 0 end'],
      // The unit bought, even if the plan was edited since (a freeze fee bought none: the plan's).
      ['duration_type', jsonValue('coalesce(s.duration_type, pl.duration_type)')],
    ]),
  ],
  ['covered_members', `coalesce(c.list, '[]')`],
  ['receipt_number', jsonValue('p.receipt_number')],
  ['voided', jsonValue('p.voided_at is not null')],
  ['voided_at', jsonMomentOrNull('p.voided_at')],
  ['void_reason', jsonOrNull('p.void_reason')],
  ['refunded', jsonNaira('p.refunded_kobo')],
  ['confirmed', jsonValue('p.confirmed_at is not null')],
  // A desk transfer waiting to be ticked (a voided one no longer does).
  ['needs_confirmation', jsonValue('p.confirmed_at is null and p.voided_at is null')],
  ['recorded_by_name', jsonOrNull(`nullif(trim(u.first_name || ' ' || u.last_name), '')`)],
  [
    'discount',
    `case when p.discount_reason is null then 'null' else ${jsonObject([
      ['amount', jsonNaira('p.discount_kobo')],
      [
        'percent',
        `case when p.discount_bp is null then 'null' else ${jsonValue('(p.discount_bp / 100.0)::float8')}::text end`,
      ],
      ['reason', jsonValue('p.discount_reason')],
    ])} end`,
  ],
  ['paid_on_source', jsonValue('p.paid_on_source')],
  // Optional in the answer's schema: its serializer writes it after the required fields.
  ['kind', jsonValue('p.kind')],
]);

/**
 * The JSON array (text) of the payments of `page` (a relation with the payments table's
 * columns), newest first, each with its member, plan, the subscription it bought, who recorded
 * it and, for a group plan, the other members it covers (in the order they were added). '[]'
 * when the page is empty.
 */
export const paymentsJsonArray = (page: SQL): SQL => sql`coalesce((
  select '[' || string_agg(${sql.raw(PAYMENT_JSON)}, ',' order by p.created_at desc, p.id desc) || ']'
  from ${page} p
  join members m on m.id = p.member_id
  join plans pl on pl.id = p.subscription_type_id
  -- One probe of its unique index per payment of the page (as a plain join, PostgreSQL may hash
  -- the whole subscriptions table for a page of 20).
  left join lateral (
    select x.id, x.duration_type from subscriptions x where x.payment_id = p.id limit 1
  ) s on true
  left join users u on u.id = p.recorded_by
  left join lateral (
    select '[' || string_agg(${sql.raw(memberJson('cm'))}, ',' order by cs.id) || ']' as list
    from subscriptions cs join members cm on cm.id = cs.member_id
    where pl.is_grouped and cs.business_id = p.business_id and cs.group_subscription_id = s.id
  ) c on true
), '[]')`;
