// The yardstick of the hot routes: a minimal server doing the same work as Kora for each of them,
// on the same database, answering the same JSON, with the best SQL we can write. Kora's routes
// are measured as a ratio of it (bench/README.md). Per request: the bearer token checked with
// node:crypto (HS256, exp), the caller's user row read (one prepared statement: the tenancy),
// then ONE statement for the route, which builds the answer's JSON text in PostgreSQL.
//   GET /v1/auth/me              the user row joined with its business: one statement in all
//   GET /v1/member               page rows and total in one statement; with ?search= the matches
//                                counted and the page chosen in the same statement
//   POST /v1/payment             one call of a PL/pgSQL function created at the start
//   GET /v1/payment              page rows (with a group plan's members) and total in one
//                                statement; GET /v1/payment/summary its sums in one statement
//   GET /v1/check-in/lookup, POST /v1/check-in   yardstick-check-in.mjs
// Environment: DATABASE_URL, JWT_SECRET, PORT, YARDSTICK_POOL (connections, default 8).
import { createHmac, timingSafeEqual } from 'node:crypto';
import Fastify from 'fastify';
import pg from 'pg';
import { checkInRoutes } from './yardstick-check-in.mjs';

const SECRET = process.env.JWT_SECRET;
if (!SECRET || !process.env.DATABASE_URL) throw new Error('set DATABASE_URL and JWT_SECRET');

const pool = new pg.Pool({
  connectionString: process.env.DATABASE_URL,
  max: Number(process.env.YARDSTICK_POOL ?? 8),
  // As Kora's pool; and no sequential scans: every statement here has an index to go through,
  // and a scan of the whole members table (all businesses) is never the plan we want.
  options: '-c max_parallel_workers_per_gather=0 -c enable_seqscan=off',
});
pool.on('error', () => undefined);

// ---------------------------------------------------------------------------------------------
// The same rules as Kora's (packages/shared and apps/api/src/lib/phone.ts), re-implemented.

const SEARCH_COUNT_CAP = 1000; // packages/shared/src/common.ts
const MAX_PER_PAGE = 1000; // LIMITS.maxPageSize
const IDEMPOTENCY_KEY_MAX = 100;
const DEFAULT_PAYMENT_PURPOSE = 'Subscription payment';
const PAYMENT_METHODS = new Set(['Cash', 'Card', 'Transfer']);

// eslint-disable-next-line no-control-regex -- searchText: control characters become spaces
const CONTROL_ONE_LINE = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g;
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** searchText (packages/shared/src/text.ts) then foldForSearch (members.ts). */
const foldSearch = (raw) =>
  raw
    .replace(CONTROL_ONE_LINE, ' ')
    .replace(LONE_SURROGATE, '')
    .normalize('NFC')
    .trim()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase();

/** phoneSearchDigits (apps/api/src/lib/phone.ts). */
const phoneSearchDigits = (term) => {
  const compact = term.replace(/[\s()-]/g, '');
  if (!/^\+?\d{3,}$/.test(compact)) return null;
  const digits = compact.replace(/^\+/, '');
  return digits.startsWith('0') ? `234${digits.slice(1)}` : digits;
};

// eslint-disable-next-line no-control-regex -- the whole ASCII range
const ASCII = /^[\u0000-\u007f]*$/;

/** LIKE '%term%' with `%`, `_` and `\` literal. */
const likeTerm = (term) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const dayFormatter = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Africa/Lagos',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});
const lagosDay = () => dayFormatter.format(new Date());

const nairaFormatter = new Intl.NumberFormat('en-NG', {
  minimumFractionDigits: 0,
  maximumFractionDigits: 2,
});

// ---------------------------------------------------------------------------------------------
// Answers

const json = (reply, status, text) =>
  reply.code(status).type('application/json; charset=utf-8').send(text);
const fail = (reply, status, message, code, errors) =>
  json(reply, status, JSON.stringify(errors ? { message, code, errors } : { message, code }));
const invalid = (reply, field, message) =>
  fail(reply, 400, message, 'VALIDATION_ERROR', { [field]: message });

// ---------------------------------------------------------------------------------------------
// Token and tenancy

const HS256_HEADERS = new Set();
/** The claims of a valid HS256 access token of the bench's secret, or null. */
const verifyToken = (authorization) => {
  if (!authorization?.startsWith('Bearer ')) return null;
  const token = authorization.slice(7).trim();
  const a = token.indexOf('.');
  const b = token.indexOf('.', a + 1);
  if (a <= 0 || b <= a || token.indexOf('.', b + 1) !== -1) return null;
  const expected = createHmac('sha256', SECRET).update(token.slice(0, b)).digest();
  const signature = Buffer.from(token.slice(b + 1), 'base64url');
  if (signature.length !== expected.length || !timingSafeEqual(signature, expected)) return null;
  try {
    const header = token.slice(0, a);
    if (!HS256_HEADERS.has(header)) {
      if (JSON.parse(Buffer.from(header, 'base64url').toString('utf8')).alg !== 'HS256')
        return null;
      HS256_HEADERS.add(header);
    }
    const claims = JSON.parse(Buffer.from(token.slice(a + 1, b), 'base64url').toString('utf8'));
    if (typeof claims.exp !== 'number' || claims.exp * 1000 <= Date.now()) return null;
    if (claims.typ !== 'access' || claims.iss !== 'kora' || !/^\d+$/.test(claims.sub ?? ''))
      return null;
    return claims;
  } catch {
    return null;
  }
};

const SESSION_ENDED = 'Your session has expired. Please sign in again.';

/** 401 unless the request carries a valid token; answers its claims, or undefined once answered. */
const claimsOf = (request, reply) => {
  const header = request.headers.authorization;
  if (!header?.startsWith('Bearer ') || !header.slice(7).trim()) {
    fail(reply, 401, 'Please sign in to continue.', 'UNAUTHORIZED');
    return undefined;
  }
  const claims = verifyToken(header);
  if (!claims) fail(reply, 401, SESSION_ENDED, 'TOKEN_INVALID');
  return claims ?? undefined;
};

/** The user's row may still use a token of version `tv`. */
const sessionLive = (user, claims) =>
  user && user.is_active && (claims.tv ?? 0) >= user.token_version;

const TENANT = {
  name: 'yardstick_tenant',
  text: `select business_id, role, is_active, token_version, email, first_name, last_name
         from users where id = $1`,
};

/** The caller's business (Kora's requireBusiness), or undefined once refused. */
const tenantOf = async (request, reply) => {
  const claims = claimsOf(request, reply);
  if (!claims) return undefined;
  const { rows } = await pool.query({ ...TENANT, values: [Number(claims.sub)] });
  const user = rows[0];
  if (!sessionLive(user, claims)) {
    fail(reply, 401, SESSION_ENDED, 'SESSION_ENDED');
    return undefined;
  }
  if (!user.business_id || !user.role) {
    fail(reply, 403, 'Complete your business setup first.', 'NO_BUSINESS');
    return undefined;
  }
  // Every role (owner, admin, staff) may read members and record payments.
  return { userId: Number(claims.sub), businessId: user.business_id, role: user.role };
};

// ---------------------------------------------------------------------------------------------
// SQL

const isoMs = (column) => `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

// The answers' JSON is written by PostgreSQL as compact text, keys in the order Kora writes
// them: concat() of the keys and each value's JSON (json_build_object would add spaces).
/** A JSON object from [key, value's JSON text] pairs. */
const obj = (fields) =>
  `concat('{', ${fields.map(([k, v], i) => `'${i ? ',' : ''}"${k}":', ${v}`).join(', ')}, '}')`;
/** A value that is never null (text, boolean, date, number), as JSON. */
const val = (e) => `to_json(${e})`;
/** A value that may be null, as JSON. */
const opt = (e) => `coalesce(to_json(${e})::text, 'null')`;
/** An integer column that is never null: its text is its JSON. */
const int = (e) => e;
/** Kobo as naira (koboToNaira): the shortest text of the double, as JavaScript writes it. */
const naira = (kobo) => val(`(${kobo} / 100.0)::float8`);
const iso = (column) => val(isoMs(column));

/**
 * A member as toMember (members.mapper.ts) answers it: `m` the member row, `l` its latest
 * subscription (plan_id, current), `p` the plan shown (that subscription's, else the chosen one),
 * `f` the last day of the approved freeze covering today (kora_frozen_until's rule).
 */
const MEMBER_JSON = obj([
  ['id', int('m.id')],
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
      ['id', int('p.id')],
      ['name', val('p.name')],
      ['amount', naira('p.amount_kobo')],
      ['duration', int('p.duration')],
      ['duration_type', val('p.duration_type')],
    ])} end`,
  ],
  ['subscription_status', 'case when l.plan_id is null then 0 when l.current then 1 else 2 end'],
  [
    'subscription_status_label',
    `case when l.plan_id is null then '"No Subscription"' when l.current then '"Active"'
      else '"Expired"' end`,
  ],
  ['is_active', val('m.is_active')],
  ['reminders_opt_out', val('m.reminders_opt_out')],
  ['marketing_consent', val('m.marketing_consent')],
  ['is_walk_in', val('m.is_walk_in')],
  ['picture_url', opt('m.picture_url')],
  [
    'last_visit_at',
    `case when m.last_visit_at is null then 'null' else ${iso('m.last_visit_at')}::text end`,
  ],
  ['frozen_until', opt('f.frozen_until')],
  ['created_at', iso('m.created_at')],
  ['updated_at', iso('m.updated_at')],
]);

/**
 * The JSON array of the members `page` (a relation with members' columns), newest first, each
 * with its latest subscription (one probe of subscriptions_member_plan_expiry_idx per member)
 * and plan; '[]' when the page is empty. `today` is a parameter reference.
 */
const membersArray = (page, today) => `coalesce((
  select '[' || string_agg(${MEMBER_JSON}, ',' order by m.created_at desc, m.id desc) || ']'
  from ${page} m
  left join lateral (
    select s.subscription_type_id as plan_id, (s.is_active and s.expiry_date >= ${today}) as current
    from subscriptions s
    where s.business_id = m.business_id and s.member_id = m.id
    order by s.is_active desc, s.expiry_date desc, s.id desc
    limit 1) l on true
  left join lateral (
    select max(z.end_date)::text as frozen_until from freezes z
    where z.business_id = m.business_id and z.member_id = m.id
      and z.status in ('approved', 'ended') and z.start_date <= ${today} and z.end_date >= ${today}
    ) f on true
  left join plans p
    on p.id = coalesce(l.plan_id, m.subscription_type_id) and p.business_id = m.business_id
), '[]')`;

/**
 * A member page without search: the rows walked newest first down the (business_id,
 * created_at, id) index and the total (the business's member counter, as Kora counts it) in
 * one row, also for a page past the end. LIMIT and OFFSET are written into the text, so no
 * generic plan ever guesses them.
 */
const listStatement = (limit, offset) => ({
  text: `select b.member_seq as total, ${membersArray(
    `(select * from members where business_id = $1
      order by created_at desc, id desc limit ${limit} offset ${offset})`,
    '$2::date',
  )} as data
  from businesses b where b.id = $1`,
  name: offset <= 1000 ? `yardstick_list_${limit}_${offset}` : undefined,
});

/**
 * A search page in one statement, the term matched with LIKE against the folded `search_text`
 * (stored in lower case, as the term is folded: the same matches as ILIKE for an ASCII term, at
 * a third of the cost per row; ILIKE for any other term):
 * - `hits`: up to SEARCH_COUNT_CAP + 1 matches, in no order, by the cheapest way the planner
 *   sees with the term in hand (the trigram index for a rare term; down a b-tree of the business
 *   for "0803", which every member matches: 1,001 rows, not a bitmap of the whole gym), counted.
 * - at most SEARCH_COUNT_CAP matches: the page is sorted from the hits, no other read.
 * - more: the newest members are walked down the (business_id, created_at, id) index, at most
 *   `window` of them, until the page's last match ("ada": 10 matches in the newest 200);
 * - more, and the walk found too few (the matches are old: "member12" matches 1,111 members of
 *   the first 13,000): all matches through the trigram index, sorted (`+ interval '0'` keeps the
 *   planner off the date index, whose walk would read most of the gym).
 * One-time filters on the counts run only the branches needed. Sent unnamed, so planned with
 * its term every time: a generic plan cannot tell "0803" from "xyzzy".
 */
const searchStatement = ({ withDigits, ascii }, limit, offset) => {
  const op = ascii ? 'like' : 'ilike';
  const match = (col) => (withDigits ? `(${col} ${op} $3 or ${col} ${op} $4)` : `${col} ${op} $3`);
  const want = offset + limit;
  const window = 2000 + 4 * want;
  return `with hits as materialized (
      select id, created_at from members where business_id = $1 and ${match('search_text')}
      limit ${SEARCH_COUNT_CAP + 1}
    ), counted as materialized (
      select count(*)::int as n from hits
    ), walk as materialized (
      select id, created_at from (
        select id, created_at, search_text from members where business_id = $1
        order by created_at desc, id desc limit ${window}) newest
      where (select n from counted) > ${SEARCH_COUNT_CAP} and ${match('newest.search_text')}
      limit ${want}
    ), walked as materialized (
      select count(*)::int as n from walk
    ), page_ids as materialized (
      (select id from hits where (select n from counted) <= ${SEARCH_COUNT_CAP}
       order by created_at desc, id desc limit ${limit} offset ${offset})
      union all
      (select id from walk where (select n from walked) = ${want}
       order by created_at desc, id desc offset ${offset})
      union all
      (select id from members where business_id = $1 and ${match('search_text')}
         and (select n from counted) > ${SEARCH_COUNT_CAP} and (select n from walked) < ${want}
       order by created_at + interval '0' desc, id desc limit ${limit} offset ${offset})
    )
    select (select n from counted) as total, ${membersArray(
      '(select * from members where business_id = $1 and id in (select id from page_ids))',
      '$2::date',
    )} as data`;
};

/** GET /v1/auth/me: the user's row (the tenancy's checks) and the profile, one statement. */
const ME = {
  name: 'yardstick_me',
  text: `select u.is_active, u.token_version, ${obj([
    ['id', int('u.id')],
    ['first_name', val('u.first_name')],
    ['last_name', val('u.last_name')],
    ['email', val('u.email')],
    ['phone_number', opt('u.phone_number')],
    ['email_verified', val('u.email_verified')],
    ['role', opt('u.role')],
    ['profile_picture', opt('u.profile_picture')],
    ['business_id', opt('u.business_id')],
    ['business_name', opt('b.name')],
    ['business_code', opt('b.code')],
    ['business_logo_url', opt('b.logo_url')],
  ])} as data
    from users u left join businesses b on b.id = u.business_id where u.id = $1`,
};

/** A payment's member as toPaymentMember answers it. */
const paymentMember = (mem) =>
  obj([
    ['id', int(`${mem}.id`)],
    ['picture_url', opt(`${mem}.picture_url`)],
    ['first_name', val(`${mem}.first_name`)],
    ['last_name', val(`${mem}.last_name`)],
    ['email_address', opt(`${mem}.email_address`)],
  ]);

/** A payment's or a subscription's plan: id, name, kind (and what `extra` adds). */
const planBrief = (plan, extra = []) =>
  obj([
    ['id', int(`${plan}.id`)],
    ['name', val(`${plan}.name`)],
    ['is_grouped', `${plan}.is_grouped::int`],
    ...extra,
  ]);

/**
 * The fields of a payment as toPayment (payments.mapper.ts) answers it, in the answer's order:
 * `pay` the payment, `mem` its member, `plan` its plan, `durationType` the SQL of the unit
 * bought, `covered` the SQL of the members a group plan covers (a JSON array), `byName` the SQL
 * of the recorder's name (null when none).
 */
const paymentFields = ({ pay, mem, plan, durationType, covered, byName }) => [
  ['id', int(`${pay}.id`)],
  ['amount', naira(`${pay}.amount_kobo`)],
  ['created_at', iso(`${pay}.created_at`)],
  ['paid_on', val(`${pay}.paid_on`)],
  ['duration', int(`${pay}.duration`)],
  ['method', val(`${pay}.method`)],
  ['purpose', val(`${pay}.purpose`)],
  ['member_id', int(`${pay}.member_id`)],
  ['subscription_type_id', int(`${pay}.subscription_type_id`)],
  ['member', paymentMember(mem)],
  ['subscription_type', planBrief(plan, [['duration_type', val(durationType)]])],
  ['covered_members', covered],
  ['receipt_number', val(`${pay}.receipt_number`)],
  ['voided', val(`${pay}.voided_at is not null`)],
  ['voided_at', `coalesce(${iso(`${pay}.voided_at`)}::text, 'null')`],
  ['void_reason', opt(`${pay}.void_reason`)],
  ['refunded', naira(`${pay}.refunded_kobo`)],
  ['confirmed', val(`${pay}.confirmed_at is not null`)],
  ['needs_confirmation', val(`${pay}.confirmed_at is null and ${pay}.voided_at is null`)],
  ['recorded_by_name', opt(byName)],
  // A discount given at the desk, with its reason.
  [
    'discount',
    `case when ${pay}.discount_reason is null then 'null' else ${obj([
      ['amount', naira(`${pay}.discount_kobo`)],
      ['percent', opt(`(${pay}.discount_bp / 100.0)::float8`)],
      ['reason', val(`${pay}.discount_reason`)],
    ])} end`,
  ],
  ['paid_on_source', val(`${pay}.paid_on_source`)],
];

/**
 * A recorded payment as toRecordedPayment (payments.mapper.ts) answers it; `byName`: the SQL of
 * the recorder's name (null when none). The bench records individual plans: a group plan's
 * other members are none.
 */
const paymentJson = (pay, mem, plan, sub, byName) =>
  obj([
    ...paymentFields({
      pay,
      mem,
      plan,
      durationType: `${sub}.duration_type`,
      covered: `'[]'`,
      byName,
    }),
    // When the desk took it (the column's default: its arrival, as no offline time is sent).
    ['recorded_at', iso(`${pay}.recorded_at`)],
    [
      'subscription',
      obj([
        ['id', int(`${sub}.id`)],
        ['member_id', int(`${sub}.member_id`)],
        ['subscription_type_id', int(`${sub}.subscription_type_id`)],
        ['payment_id', int(`${sub}.payment_id`)],
        ['member', paymentMember(mem)],
        ['subscription_type', planBrief(plan)],
        ['subscription_amount', naira(`${sub}.amount_kobo`)],
        ['duration', int(`${sub}.duration`)],
        ['plan_duration', int(`${sub}.plan_duration`)],
        ['duration_type', val(`${sub}.duration_type`)],
        ['start_date', val(`${sub}.start_date`)],
        ['expiry_date', val(`${sub}.expiry_date`)],
        ['is_active', val(`${sub}.is_active`)],
        ['created_at', iso(`${sub}.created_at`)],
        ['covered_by', `'null'`],
        ['covered_members', `'[]'`],
      ]),
    ],
    // A payment of a plan (a freeze's fee is the other kind; the yardstick records none).
    ['kind', val(`${pay}.kind`)],
  ]);

/**
 * Records a payment in one round trip: the member row locked (concurrent payments of a member
 * queue here), an earlier payment of the key answered, the checks, the payment inserted (ON
 * CONFLICT DO NOTHING on the key: a key committed meanwhile answers that payment), the last day
 * of the running subscription of the plan read after the lock, the new one started the day
 * after (or today) and ended as periodEnd (packages/shared/src/dates.ts) does. Answers the
 * status, an error code (and the expected kobo of an amount mismatch) or the answer's JSON.
 */
const RECORD_FUNCTION = `
create or replace function yardstick_record_payment(
  p_business integer, p_user integer, p_member integer, p_plan integer, p_amount_kobo bigint,
  p_duration integer, p_method text, p_purpose text, p_key text, p_today date,
  out status integer, out code text, out expected bigint, out body text)
language plpgsql as $fn$
declare
  mem record;
  plan record;
  pay record;
  sub record;
  earlier integer;
  running date;
  first_day date;
  next_day date;
  last_day date;
  units integer;
  seq integer;
  by_name text;
  by_role text;
begin
  select m.id, m.is_active, m.picture_url, m.first_name, m.last_name, m.email_address into mem
    from members m where m.business_id = p_business and m.id = p_member for update;
  if not found then
    status := 404; code := 'MEMBER_NOT_FOUND'; return;
  end if;
  if p_key is not null then
    select py.id into earlier from payments py
      where py.business_id = p_business and py.idempotency_key = p_key;
    if found then
      status := 201; body := yardstick_payment_answer(earlier); return;
    end if;
  end if;
  select t.id, t.name, t.is_grouped, t.duration_type, t.amount_kobo, t.duration, t.is_active
    into plan from plans t where t.business_id = p_business and t.id = p_plan;
  if not found then
    status := 404; code := 'PLAN_NOT_FOUND'; return;
  end if;
  if not plan.is_active then
    status := 400; code := 'PLAN_INACTIVE'; return;
  end if;
  if not mem.is_active then
    status := 400; code := 'MEMBER_INACTIVE'; return;
  end if;
  if plan.amount_kobo * p_duration <> p_amount_kobo then
    status := 400; code := 'AMOUNT_MISMATCH'; expected := plan.amount_kobo * p_duration; return;
  end if;
  -- The business's next receipt number, its row held until the payment commits (gapless).
  insert into receipt_counters (business_id, last_seq) values (p_business, 1)
    on conflict (business_id) do update set last_seq = receipt_counters.last_seq + 1
    returning last_seq into seq;
  insert into payments (business_id, member_id, subscription_type_id, amount_kobo, duration,
      method, purpose, idempotency_key, recorded_by, paid_on, receipt_seq, receipt_number,
      receipt_token, confirmed_at)
    values (p_business, p_member, p_plan, p_amount_kobo, p_duration, p_method, p_purpose, p_key,
      p_user, p_today, seq,
      (select b.code from businesses b where b.id = p_business) || '-' || lpad(seq::text, 6, '0'),
      kora_receipt_token(), case when p_method = 'Transfer' then null else now() end)
    on conflict (business_id, idempotency_key) do nothing
    returning * into pay;
  if not found then
    -- the number goes back: no payment took it
    update receipt_counters set last_seq = last_seq - 1 where business_id = p_business;
    -- the same key, committed while this call waited for it
    select py.id into earlier from payments py
      where py.business_id = p_business and py.idempotency_key = p_key;
    status := 201; body := yardstick_payment_answer(earlier); return;
  end if;
  select max(s.expiry_date) into running from subscriptions s
    where s.business_id = p_business and s.member_id = p_member and s.subscription_type_id = p_plan
      and s.expiry_date >= p_today and s.is_active;
  first_day := coalesce(running + 1, p_today);
  units := plan.duration * p_duration;
  if plan.duration_type = 'day' then
    last_day := first_day + units - 1;
  elsif plan.duration_type = 'week' then
    last_day := first_day + 7 * units - 1;
  else
    next_day := (first_day + make_interval(months => units *
      case when plan.duration_type = 'year' then 12 else 1 end))::date;
    -- clamped to a shorter month's last day: that day is included
    last_day := case when extract(day from next_day) < extract(day from first_day)
      then next_day else next_day - 1 end;
  end if;
  insert into subscriptions (business_id, member_id, subscription_type_id, payment_id,
      start_date, expiry_date, duration, duration_type, plan_duration, amount_kobo)
    values (p_business, p_member, p_plan, pay.id, first_day, last_day, p_duration,
      plan.duration_type, plan.duration, p_amount_kobo)
    returning * into sub;
  -- The payment's audit entry, naming the team user as record_payment does.
  select left(trim(u.first_name || ' ' || u.last_name), 200), u.role into by_name, by_role
    from users u where u.id = p_user;
  insert into audit_entries (business_id, actor_kind, actor_user_id, actor_name, actor_role,
      action, record_kind, record_id, record_label, member_id, payment_id, detail)
    values (p_business, 'user', p_user, by_name, by_role, 'payment.record', 'payment', pay.id,
      pay.receipt_number, p_member, pay.id,
      jsonb_build_object('amount_kobo', pay.amount_kobo, 'method', pay.method,
        'plan', plan.name, 'periods', pay.duration, 'start_date', sub.start_date,
        'expiry_date', sub.expiry_date, 'covered_member_ids', '[]'::jsonb,
        'member_name', trim(mem.first_name || ' ' || mem.last_name)));
  status := 201;
  body := ${paymentJson('pay', 'mem', 'plan', 'sub', 'by_name')};
end
$fn$`;

/** The answer of a payment already recorded (a retry with its key). */
const ANSWER_FUNCTION = `
create or replace function yardstick_payment_answer(p_payment integer) returns text
language sql stable as $fn$
  select ${paymentJson(
    'py',
    'm',
    't',
    's',
    `(select nullif(trim(u.first_name || ' ' || u.last_name), '') from users u where u.id = py.recorded_by)`,
  )}
  from payments py
  join members m on m.id = py.member_id
  join plans t on t.id = py.subscription_type_id
  join subscriptions s on s.payment_id = py.id
  where py.id = p_payment
$fn$`;

/**
 * A payment as the payments list answers it (toPayment): `p` the payment, `m` its member, `pl`
 * its plan, `s` the subscription it bought, `u` its recorder, `c.list` the members a group plan
 * covers.
 */
const LISTED_PAYMENT_JSON = obj([
  ...paymentFields({
    pay: 'p',
    mem: 'm',
    plan: 'pl',
    durationType: 'coalesce(s.duration_type, pl.duration_type)',
    covered: `coalesce(c.list, '[]')`,
    byName: `nullif(trim(u.first_name || ' ' || u.last_name), '')`,
  }),
  ['kind', val('p.kind')],
]);

/** The last day the daily roll-up holds (`st.closed`): Kora's rule for every payment figure. */
const CLOSED = `st as (select closed_through as closed from payment_rollup_state where id = 1)`;

/**
 * A page of the payments list, newest first down the (business_id, created_at) index, and how
 * many there are as Kora counts them (the voided ones, plus the roll-up's closed days, plus
 * today's payments live), in one row. Named per page window (LIMIT and OFFSET in the text).
 */
const paymentListStatement = (limit, offset) => ({
  name: `yardstick_payments_${limit}_${offset}`,
  text: `with ${CLOSED}
  select ((select count(*) from payments where business_id = $1 and voided_at is not null)
    + (select coalesce(sum(r.payments), 0) from payment_days r, st
       where r.business_id = $1 and r.day <= st.closed)
    + (select count(*) from payments x, st
       where x.business_id = $1 and x.paid_on > st.closed and x.voided_at is null))::bigint as total,
  coalesce((
    select '[' || string_agg(${LISTED_PAYMENT_JSON}, ',' order by p.created_at desc, p.id desc) || ']'
    from (select * from payments where business_id = $1
      order by created_at desc, id desc limit ${limit} offset ${offset}) p
    join members m on m.id = p.member_id
    join plans pl on pl.id = p.subscription_type_id
    left join subscriptions s on s.payment_id = p.id
    left join users u on u.id = p.recorded_by
    left join lateral (
      select '[' || string_agg(${paymentMember('cm')}, ',' order by cs.id) || ']' as list
      from subscriptions cs join members cm on cm.id = cs.member_id
      where pl.is_grouped and cs.business_id = $1 and cs.group_subscription_id = s.id) c on true
  ), '[]') as data`,
});

/**
 * The payments summary's sums in one statement: the roll-up's closed days, today's payments
 * live and today's refunds, by day ($2 today, $3 the month's first day, $4 the year's).
 */
const PAYMENT_SUMMARY = {
  name: 'yardstick_payment_summary',
  text: `with ${CLOSED}, d as (
      select r.day, r.payments, r.amount_kobo as kobo from payment_days r, st
      where r.business_id = $1 and r.day <= st.closed
      union all
      select x.paid_on, 1, x.amount_kobo from payments x, st
      where x.business_id = $1 and x.paid_on > st.closed and x.voided_at is null
      union all
      select f.refunded_on, 0, -f.amount_kobo from refunds f, st
      where f.business_id = $1 and f.refunded_on > st.closed)
    select coalesce(sum(payments), 0)::bigint as count, coalesce(sum(kobo), 0)::bigint as total,
      coalesce(sum(kobo) filter (where day = $2::date), 0)::bigint as today,
      coalesce(sum(kobo) filter (where day between $3::date and $2::date), 0)::bigint as month,
      coalesce(sum(kobo) filter (where day between $4::date and $2::date), 0)::bigint as year
    from d`,
};

const RECORD = {
  name: 'yardstick_record',
  text: `select status, code, expected, body
         from yardstick_record_payment($1, $2, $3, $4, $5, $6, $7, $8, $9, $10::date)`,
};

// ---------------------------------------------------------------------------------------------
// Routes

const MEMBER_NOT_FOUND = 'Member not found.';
const PLAN_NOT_FOUND = 'Subscription plan not found.';
const PLAN_INACTIVE = 'This plan is inactive. Choose an active plan.';
const MEMBER_INACTIVE = 'This member is deactivated. Reactivate them before recording a payment.';

/** A whole number in [min, max] from a query or body value (coerced like zod), or undefined. */
const wholeNumber = (value, fallback, min, max) => {
  if (value === undefined) return fallback;
  const n = typeof value === 'number' ? value : value === '' ? NaN : Number(value);
  return Number.isInteger(n) && n >= min && n <= max ? n : undefined;
};

/** The page and page size a list asks for (as Kora reads them), or undefined once refused. */
const pageWindow = (q, reply) => {
  const page = wholeNumber(q.page, 1, 1, 1_000_000);
  if (page === undefined) return void invalid(reply, 'page', 'Page must be a whole number');
  const perPage = wholeNumber(q.per_page, 20, 1, MAX_PER_PAGE);
  if (perPage === undefined)
    return void invalid(reply, 'per_page', 'Page size must be a whole number');
  return { page, perPage };
};

const app = Fastify({ logger: false });

app.get('/health', async (_request, reply) => json(reply, 200, '{"status":"ok"}'));

app.get('/v1/auth/me', async (request, reply) => {
  const claims = claimsOf(request, reply);
  if (!claims) return reply;
  const { rows } = await pool.query({ ...ME, values: [Number(claims.sub)] });
  if (!sessionLive(rows[0], claims)) return fail(reply, 401, SESSION_ENDED, 'SESSION_ENDED');
  return json(reply, 200, `{"message":"Profile loaded.","data":${rows[0].data}}`);
});

app.get('/v1/member', async (request, reply) => {
  const tenant = await tenantOf(request, reply);
  if (!tenant) return reply;
  const q = request.query;
  const window = pageWindow(q, reply);
  if (!window) return reply;
  const { page, perPage } = window;
  if (q.account_status !== undefined && q.account_status !== '' && q.account_status !== 'all')
    return fail(reply, 501, 'The yardstick does not filter by account status.', 'NOT_MEASURED');
  if (typeof q.search === 'string' && q.search.length > 400)
    return invalid(reply, 'search', 'Search must be at most 100 characters');
  const term = typeof q.search === 'string' ? foldSearch(q.search) : '';
  const offset = (page - 1) * perPage;
  const today = lagosDay();
  let total;
  let data;
  let capped = false;
  if (term) {
    // The term, or its phone digits: one pattern when one contains the other ("+2348030"
    // contains "2348030": what matches the first matches the second), the same matches.
    const digits = phoneSearchDigits(term);
    const patterns = !digits
      ? [term]
      : term.includes(digits)
        ? [digits]
        : digits.includes(term)
          ? [term]
          : [term, digits];
    const shape = { withDigits: patterns.length === 2, ascii: ASCII.test(term) };
    const { rows } = await pool.query({
      text: searchStatement(shape, perPage, offset),
      values: [tenant.businessId, today, ...patterns.map(likeTerm)],
    });
    capped = rows[0].total > SEARCH_COUNT_CAP;
    total = capped ? SEARCH_COUNT_CAP : rows[0].total;
    data = rows[0].data;
  } else {
    const { rows } = await pool.query({
      ...listStatement(perPage, offset),
      values: [tenant.businessId, today],
    });
    total = rows[0].total;
    data = rows[0].data;
  }
  const pages = Math.max(1, Math.ceil(total / perPage));
  const meta = `{"page":${page},"per_page":${perPage},"pages":${pages},"total":${total}${capped ? ',"total_capped":true' : ''}}`;
  return json(reply, 200, `{"message":"Members loaded.","data":${data},"meta":${meta}}`);
});

app.get('/v1/payment', async (request, reply) => {
  const tenant = await tenantOf(request, reply);
  if (!tenant) return reply;
  const q = request.query;
  const window = pageWindow(q, reply);
  if (!window) return reply;
  const { page, perPage } = window;
  const filters = Object.keys(q).filter((k) => k !== 'page' && k !== 'per_page');
  if (filters.length)
    return fail(reply, 501, 'The yardstick does not filter payments.', 'NOT_MEASURED');
  const { rows } = await pool.query({
    ...paymentListStatement(perPage, (page - 1) * perPage),
    values: [tenant.businessId],
  });
  const total = Number(rows[0].total);
  const pages = Math.max(1, Math.ceil(total / perPage));
  const meta = `{"page":${page},"per_page":${perPage},"pages":${pages},"total":${total}}`;
  return json(
    reply,
    200,
    `{"message":"Payments loaded.","data":${rows[0].data},"meta":${meta},"total":${total},"pages":${pages}}`,
  );
});

app.get('/v1/payment/summary', async (request, reply) => {
  const tenant = await tenantOf(request, reply);
  if (!tenant) return reply;
  // Staff see the takings only when the owner allows it: the bench signs in as owners.
  if (tenant.role !== 'owner' && tenant.role !== 'admin')
    return fail(reply, 501, 'The yardstick measures owners and admins.', 'NOT_MEASURED');
  const today = lagosDay();
  const { rows } = await pool.query({
    ...PAYMENT_SUMMARY,
    values: [tenant.businessId, today, `${today.slice(0, 8)}01`, `${today.slice(0, 5)}01-01`],
  });
  const [count, total, day, month, year] = ['count', 'total', 'today', 'month', 'year'].map((k) =>
    Number(rows[0][k]),
  );
  // Whole naira, half a naira up (Kora's average).
  const average = count === 0 ? 0 : Math.floor((total + count * 50) / (count * 100));
  return json(
    reply,
    200,
    `{"message":"Payments summary loaded.","data":{"count":${count},"today":${day / 100},"this_month":${month / 100},"year_to_date":${year / 100},"average":${average}}}`,
  );
});

app.post('/v1/payment', async (request, reply) => {
  const tenant = await tenantOf(request, reply);
  if (!tenant) return reply;
  const rawKey = request.headers['idempotency-key'];
  const key = (Array.isArray(rawKey) ? rawKey[0] : rawKey)?.trim() || null;
  if (key && key.length > IDEMPOTENCY_KEY_MAX)
    return invalid(reply, 'idempotency-key', 'Idempotency-Key must be at most 100 characters');
  const body = request.body ?? {};
  const memberId = wholeNumber(body.member_id, undefined, 1, 2_147_483_647);
  if (memberId === undefined) return invalid(reply, 'member_id', 'Please select a member');
  const planId = wholeNumber(body.subscription_type_id, undefined, 1, 2_147_483_647);
  if (planId === undefined)
    return invalid(reply, 'subscription_type_id', 'Please select a subscription plan');
  const amount = typeof body.amount === 'number' ? body.amount : Number(body.amount);
  if (
    !Number.isFinite(amount) ||
    amount <= 0 ||
    amount > 1_000_000_000 ||
    Math.abs(amount * 100 - Math.round(amount * 100)) >= 1e-6
  )
    return invalid(reply, 'amount', 'Amount must be a number');
  if (!PAYMENT_METHODS.has(body.method))
    return invalid(reply, 'method', 'Please select a payment method');
  const duration = wholeNumber(body.duration, undefined, 1, 120);
  if (duration === undefined) return invalid(reply, 'duration', 'Duration must be at least 1');
  const purposeText = typeof body.purpose === 'string' ? body.purpose.trim().normalize('NFC') : '';
  if (purposeText.length > 200)
    return invalid(reply, 'purpose', 'Purpose must be at most 200 characters');
  const purpose = purposeText || DEFAULT_PAYMENT_PURPOSE;
  const { rows } = await pool.query({
    ...RECORD,
    values: [
      tenant.businessId,
      tenant.userId,
      memberId,
      planId,
      Math.round(amount * 100),
      duration,
      body.method,
      purpose,
      key,
      lagosDay(),
    ],
  });
  const r = rows[0];
  if (r.status === 201)
    return json(reply, 201, `{"message":"Payment recorded successfully.","data":${r.body}}`);
  switch (r.code) {
    case 'MEMBER_NOT_FOUND':
      return fail(reply, 404, MEMBER_NOT_FOUND, r.code);
    case 'PLAN_NOT_FOUND':
      return fail(reply, 404, PLAN_NOT_FOUND, r.code);
    case 'PLAN_INACTIVE':
      return fail(reply, 400, PLAN_INACTIVE, r.code, { subscription_type_id: PLAN_INACTIVE });
    case 'MEMBER_INACTIVE':
      return fail(reply, 400, MEMBER_INACTIVE, r.code, { member_id: MEMBER_INACTIVE });
    default: {
      const message = `Amount does not match the plan price × duration (₦${nairaFormatter.format(Number(r.expected) / 100)}).`;
      return fail(reply, 400, message, r.code, { amount: message });
    }
  }
});

app.setErrorHandler((err, _request, reply) => {
  if (err.statusCode && err.statusCode < 500)
    return fail(reply, err.statusCode, err.message, 'BAD_REQUEST');
  console.error(err);
  return fail(reply, 500, 'Something went wrong.', 'INTERNAL_ERROR');
});

// The payment functions are this server's own, written into the database it measures.
await pool.query(ANSWER_FUNCTION);
await pool.query(RECORD_FUNCTION);
await checkInRoutes(app, { pool, tenantOf, json, fail, invalid });
await app.listen({ port: Number(process.env.PORT ?? 3902), host: '127.0.0.1' });
process.on('SIGTERM', () =>
  app
    .close()
    .then(() => pool.end())
    .then(() => process.exit(0)),
);
