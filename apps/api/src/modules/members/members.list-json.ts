import { sql, type SQL } from 'drizzle-orm';
import {
  jsonMoment as iso,
  jsonMomentOrNull,
  jsonNaira as naira,
  jsonObject as obj,
  jsonOrNull as opt,
  jsonValue as val,
} from '../../db/json-text';

/**
 * The member list's answer written by PostgreSQL as JSON text, instead of typed rows decoded,
 * mapped (toMember) and serialised in Node. On the busiest back-office call that was most of the
 * API's CPU per page: every row's 30 fields parsed by the driver, a Date made per moment, an
 * object built and then written out again. PostgreSQL writes the same text while it reads the
 * rows.
 *
 * The text is exactly what toMember and the answer's serializer write, byte for byte (a test
 * compares the two over members with every kind of value: absent fields, accents, quotes,
 * control characters, kobo that is not whole naira, a freeze, a visit); how each kind of value
 * is written: db/json-text.ts.
 */

/**
 * One member as the API answers it: `m` the member row, `l` its latest subscription (`plan_id`,
 * `current`), `p` the plan it shows, `f` the last day of the approved freeze covering today.
 */
const MEMBER_JSON = obj([
  ['id', 'm.id'],
  ['member_id', val('m.member_id')],
  ['first_name', val('m.first_name')],
  ['middle_name', opt('m.middle_name')],
  ['last_name', val('m.last_name')],
  ['mobile_number', val('m.mobile_number')],
  ['email_address', opt('m.email_address')],
  ['home_address', opt('m.home_address')],
  ['city', val('m.city')],
  ['state', val('m.state')],
  ['country_code', val('m.country_code')],
  ['date_of_birth', opt('m.date_of_birth')],
  ['gender', opt('m.gender')],
  ['emergency_contact_name', opt('m.emergency_contact_name')],
  ['emergency_contact_number', opt('m.emergency_contact_number')],
  ['emergency_contact_relationship', opt('m.emergency_contact_relationship')],
  ['subscription_type_id', opt('m.subscription_type_id')],
  [
    'subscription_type',
    `case when p.id is null then 'null' else ${obj([
      ['id', 'p.id'],
      ['name', val('p.name')],
      ['amount', naira('p.amount_kobo')],
      ['duration', 'p.duration'],
      ['duration_type', val('p.duration_type')],
    ])} end`,
  ],
  // 0 No Subscription, 1 Active, 2 Expired, with their labels (SUBSCRIPTION_STATUS_LABELS).
  ['subscription_status', 'case when l.plan_id is null then 0 when l.current then 1 else 2 end'],
  [
    'subscription_status_label',
    `case when l.plan_id is null then '"No Subscription"' when l.current then '"Active"' else '"Expired"' end`,
  ],
  ['is_active', val('m.is_active')],
  ['reminders_opt_out', val('m.reminders_opt_out')],
  ['marketing_consent', val('m.marketing_consent')],
  ['is_walk_in', val('m.is_walk_in')],
  ['picture_url', opt('m.picture_url')],
  ['last_visit_at', jsonMomentOrNull('m.last_visit_at')],
  ['frozen_until', opt('f.frozen_until')],
  ['created_at', iso('m.created_at')],
  ['updated_at', iso('m.updated_at')],
]);

/**
 * The JSON array (text) of the members of `page` (a relation with the members table's columns),
 * newest first, each with:
 * - its latest subscription: the active one ending last, else the one that ended last (one
 *   probe of subscriptions (business_id, member_id, is_active, expiry_date) per member);
 * - the plan it shows: that subscription's, else the plan chosen when the member was added;
 * - the last frozen day of the approved freeze (or one ended early, for the days it really
 *   froze) covering `today`.
 * '[]' when the page is empty. `today` is a Lagos calendar day (a value or a bound parameter).
 */
export const membersJsonArray = (page: SQL, today: SQL): SQL => sql`coalesce((
  select '[' || string_agg(${sql.raw(MEMBER_JSON)}, ',' order by m.created_at desc, m.id desc) || ']'
  from ${page} m
  left join lateral (
    select s.subscription_type_id as plan_id,
      (s.is_active and s.expiry_date >= ${today}::date) as current
    from subscriptions s
    where s.business_id = m.business_id and s.member_id = m.id
    order by s.is_active desc, s.expiry_date desc, s.id desc
    limit 1) l on true
  left join lateral (
    select max(z.end_date) as frozen_until from freezes z
    where z.business_id = m.business_id and z.member_id = m.id
      and z.status in ('approved', 'ended')
      and z.start_date <= ${today}::date and z.end_date >= ${today}::date) f on true
  left join plans p
    on p.id = coalesce(l.plan_id, m.subscription_type_id) and p.business_id = m.business_id
), '[]')`;
