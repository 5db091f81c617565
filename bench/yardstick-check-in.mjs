// The yardstick's check-in routes (yardstick-server.mjs registers them): the same work as Kora's
// with the best SQL we can write, answering the same JSON.
//   GET /v1/check-in/lookup?q=   q read as Kora reads it (card code, phone, member ID; names are
//                                not measured: 501), then ONE statement: the members found
//                                (one index probe), each with its active subscriptions (and a
//                                group payer's name) and its latest visit of the last 2 hours;
//                                the verdict and the answer made by Kora's own code (below).
//   POST /v1/check-in            one transaction: a PL/pgSQL call that locks the member's row and
//                                then reads their subscriptions and visit of the last 2 hours
//                                (after the lock: a visit committed meanwhile is seen), the
//                                verdict here, then one INSERT … RETURNING with the answer's
//                                joins (and a "Let in anyway"'s audit entry, as Kora writes
//                                one). Four round trips (BEGIN, read, insert, COMMIT).
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';
import { parsePhoneNumberFromString } from 'libphonenumber-js/max';

// ---------------------------------------------------------------------------------------------
// Kora's answers: the verdict (checkInVerdict) and the shapes of a member found and of a visit
// are Kora's own code (apps/api/src/modules/check-in/check-in.answers.ts, with @kora/shared),
// bundled here as apps/api/build.mjs bundles the API: only the SQL below differs from Kora's.

const ROOT = new URL('..', import.meta.url).pathname;
const answersFile = join(ROOT, 'bench/dist/yardstick', `check-in-answers-${process.pid}.mjs`);
await build({
  entryPoints: [join(ROOT, 'apps/api/src/modules/check-in/check-in.answers.ts')],
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  outfile: answersFile,
  external: ['zod'],
  logLevel: 'warning',
});
const { toCandidateMember, toVisit, verdictOf } = await import(answersFile);
rmSync(answersFile, { force: true });

/** The bench's users are owners: they read every override's reason. */
const OWNER = { role: 'owner' };

// ---------------------------------------------------------------------------------------------
// Kora's reading of the lookup (apps/api/src/modules/check-in/check-in.service.ts, lib/phone.ts)

const LOOKUP_MAX = 100;
const REPEAT_MS = 2 * 60 * 60 * 1000;
const CARD_CODE = /^[a-z2-7]{26}$/;
const MEMBER_CODE = /^([a-z0-9]{1,8})-(\d{1,9})$/i;
const MEMBER_NUMBER = /^\d{1,9}$/;
const PHONE_LIKE = /^\+?[\d\s()-]{10,}$/;
const FOUND_BY = new Set(['phone', 'member_id', 'card', 'name']);
// eslint-disable-next-line no-control-regex -- searchText: control characters become spaces
const CONTROL_ONE_LINE = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g;
// eslint-disable-next-line no-control-regex -- a reason is one line of text
const CONTROL_ANY = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;

const toNigerianE164 = (input) => {
  const raw = input.trim();
  const candidate = /^234\d{10}$/.test(raw.replace(/[\s-]/g, '')) ? `+${raw}` : raw;
  const parsed = parsePhoneNumberFromString(candidate, 'NG');
  if (!parsed || parsed.country !== 'NG' || !parsed.isValid()) return null;
  return parsed.number;
};

const padded = (digits) => String(Number(digits)).padStart(5, '0');

/** classify (apps/api/src/modules/check-in/check-in.service.ts). */
const classify = (q) => {
  const text = q.trim();
  if (!text) return { by: 'none' };
  if (CARD_CODE.test(text.toLowerCase())) return { by: 'card', code: text.toLowerCase() };
  if (PHONE_LIKE.test(text)) {
    const e164 = toNigerianE164(text);
    if (e164) return { by: 'phone', e164 };
  }
  const code = MEMBER_CODE.exec(text);
  if (code) return { by: 'member_id', code: `${code[1].toUpperCase()}-${padded(code[2])}` };
  if (MEMBER_NUMBER.test(text)) return { by: 'member_id', number: padded(text) };
  return { by: 'name' };
};

const dayFormatter = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Africa/Lagos',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});
const lagosDay = (at = new Date()) => dayFormatter.format(at);
const timeFormatter = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Africa/Lagos',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

// ---------------------------------------------------------------------------------------------
// SQL

/** A member's active subscriptions as [[id, start, expiry, plan name, payer's name], …]. */
const SUBS = (member) => `coalesce((
  select json_agg(json_build_array(s.id, s.start_date, s.expiry_date, p.name,
    case when s.group_subscription_id is not null then (
      select pm.first_name || ' ' || pm.last_name from subscriptions g
      join members pm on pm.id = g.member_id where g.id = s.group_subscription_id) end))
  from subscriptions s join plans p on p.id = s.subscription_type_id
  where s.business_id = $1 and s.member_id = ${member} and s.is_active), '[]')`;

/** A member found, named as Kora's row is (toCandidateMember reads it). */
const MEMBER_COLUMNS = `m.id, m.member_id as "memberCode", m.first_name as "firstName",
  m.last_name as "lastName", m.mobile_number as "mobileNumber", m.picture_url as "pictureUrl",
  m.is_active as "isActive"`;

/** The lookup's statement for a kind: members found ($1 business, $2 the probe, $3 since). */
const lookupStatement = (where, order = '') => ({
  name: `yardstick_lookup_${where.name}`,
  text: `select ${MEMBER_COLUMNS}, ${SUBS('m.id')} as subs,
      (select max(v.visited_at) from visits v where v.business_id = $1 and v.member_id = m.id
         and v.visited_at >= $3) as recent
    from (select * from members where business_id = $1 and ${where.sql} ${order} limit 10) m
    ${order.replace(/\b(is_active|id)\b/g, 'm.$1')}`,
});
const BY_CARD = lookupStatement({ name: 'card', sql: 'card_code = $2' });
const BY_PHONE = lookupStatement(
  { name: 'phone', sql: 'mobile_number = $2' },
  'order by is_active desc, id',
);
const BY_CODE = lookupStatement({ name: 'code', sql: 'member_id = $2' });
const BY_NUMBER = lookupStatement({
  name: 'number',
  sql: `member_id = (select code from businesses where id = $1) || '-' || $2`,
});

/** Locks the member's row, then (a fresh snapshot) reads their cover and latest recent visit. */
const READ_FUNCTION = `
create or replace function yardstick_check_in_read(p_business integer, p_member integer,
  p_since timestamptz, out present boolean, out is_active boolean, out subs json, out earlier integer)
language plpgsql as $fn$
begin
  select m.is_active into is_active from members m
    where m.business_id = p_business and m.id = p_member for update;
  present := is_active is not null;
  if not present then return; end if;
  select ${SUBS('p_member').replace(/\$1/g, 'p_business')} into subs;
  select v.id into earlier from visits v where v.business_id = p_business
    and v.member_id = p_member and v.visited_at >= p_since
    order by v.visited_at desc, v.id desc limit 1;
end
$fn$`;

const READ = {
  name: 'yardstick_check_in_read',
  text: 'select present, is_active, subs, earlier from yardstick_check_in_read($1, $2, $3)',
};

/** A visit with its people, named as Kora's row is (toVisit reads it); no kiosk checks in here. */
const VISIT_COLUMNS = `v.id, v.visited_at as "visitedAt", v.found_by as "foundBy",
  v.verdict_status as "verdictStatus", v.override_reason as "overrideReason",
  v.recorded_by_user_id as "recordedById",
  u.first_name || ' ' || u.last_name as "recordedByName", m.id as "memberId",
  m.member_id as "memberCode", m.first_name as "firstName", m.last_name as "lastName",
  m.picture_url as "pictureUrl", null::text as "kioskName"`;

/**
 * The visit, and for a "Let in anyway" (a reason given, $9 the verdict's text) its audit entry
 * as Kora writes it: who let the member in, the member's name and ID, the reason and verdict.
 */
const INSERT = {
  name: 'yardstick_check_in_insert',
  text: `with v as (
      insert into visits (business_id, member_id, visited_at, recorded_by_user_id, found_by,
        verdict_status, override_reason, subscription_id)
      values ($1, $2, $3, $4, $5, $6, $7, $8) returning *),
    a as (
      insert into audit_entries (business_id, actor_kind, actor_user_id, actor_name, actor_role,
        action, record_kind, record_id, record_label, member_id, detail)
      select v.business_id, 'user', u.id, left(trim(u.first_name || ' ' || u.last_name), 200),
        u.role, 'check_in.override', 'visit', v.id,
        left(trim(m.first_name || ' ' || m.last_name) || ' (' || m.member_id || ')', 200), m.id,
        jsonb_build_object('reason', v.override_reason, 'verdict', $9::text)
      from v join members m on m.id = v.member_id join users u on u.id = v.recorded_by_user_id
      where v.override_reason is not null)
    select ${VISIT_COLUMNS} from v join members m on m.id = v.member_id
      left join users u on u.id = v.recorded_by_user_id`,
};

const VISIT = {
  name: 'yardstick_check_in_visit',
  text: `select ${VISIT_COLUMNS} from visits v join members m on m.id = v.member_id
    left join users u on u.id = v.recorded_by_user_id where v.business_id = $1 and v.id = $2`,
};

const subsOf = (rows) =>
  rows.map(([id, start_date, expiry_date, plan_name, covered_by]) => ({
    id,
    start_date,
    expiry_date,
    plan_name,
    covered_by,
  }));

// ---------------------------------------------------------------------------------------------
// Routes

const NO_MEMBER = 'No member found';
const CHOOSE = 'Choose the member to check in';

/** Registers the check-in routes on the yardstick's app. */
export const checkInRoutes = async (app, { pool, tenantOf, json, fail, invalid }) => {
  await pool.query(READ_FUNCTION);

  app.get('/v1/check-in/lookup', async (request, reply) => {
    const tenant = await tenantOf(request, reply);
    if (!tenant) return reply;
    const raw = request.query.q ?? '';
    if (typeof raw !== 'string') return invalid(reply, 'q', 'Search must be text');
    if (raw.length > LOOKUP_MAX * 4)
      return invalid(reply, 'q', 'Search must be at most 100 characters');
    const q = raw.replace(CONTROL_ONE_LINE, ' ').normalize('NFC').trim();
    if (q.length > LOOKUP_MAX) return invalid(reply, 'q', 'Search must be at most 100 characters');
    const kind = classify(q);
    if (kind.by === 'name')
      return fail(reply, 501, 'The yardstick does not look up names.', 'NOT_MEASURED');
    let data = [];
    if (kind.by !== 'none') {
      const statement =
        kind.by === 'card'
          ? BY_CARD
          : kind.by === 'phone'
            ? BY_PHONE
            : kind.code
              ? BY_CODE
              : BY_NUMBER;
      const probe = kind.code ?? kind.e164 ?? kind.number;
      const now = new Date();
      const { rows } = await pool.query({
        ...statement,
        values: [tenant.businessId, probe, new Date(now.getTime() - REPEAT_MS)],
      });
      const today = lagosDay(now);
      data = rows.map((r) => ({
        member: toCandidateMember(r),
        verdict: verdictOf(r.isActive, today, subsOf(r.subs)).verdict,
        found_by: kind.by,
        checked_in_at: r.recent ? r.recent.toISOString() : null,
      }));
    }
    return json(
      reply,
      200,
      JSON.stringify({ message: data.length ? 'Members found.' : NO_MEMBER, data }),
    );
  });

  app.post('/v1/check-in', async (request, reply) => {
    const tenant = await tenantOf(request, reply);
    if (!tenant) return reply;
    const body = request.body ?? {};
    const hasId = body.member_id !== undefined;
    const hasCard = body.card_code !== undefined;
    if (hasId === hasCard) return invalid(reply, 'member_id', CHOOSE);
    if (hasCard) return fail(reply, 501, 'The yardstick checks in by member id.', 'NOT_MEASURED');
    const memberId = Number(body.member_id);
    if (!Number.isInteger(memberId) || memberId < 1 || memberId > 2_147_483_647)
      return invalid(reply, 'member_id', NO_MEMBER);
    if (body.found_by !== undefined && !FOUND_BY.has(body.found_by))
      return invalid(reply, 'found_by', 'Found by must be phone, member_id, card or name');
    let reason = null;
    if (body.override_reason !== undefined && body.override_reason !== null) {
      if (typeof body.override_reason !== 'string')
        return invalid(reply, 'override_reason', 'Reason must be text');
      const text = body.override_reason.trim().normalize('NFC');
      if (CONTROL_ANY.test(text))
        return invalid(reply, 'override_reason', 'Reason must be on one line');
      if (text.length > 300)
        return invalid(reply, 'override_reason', 'Reason must be at most 300 characters');
      if (text.length > 0 && text.length < 2)
        return invalid(reply, 'override_reason', 'Reason must be at least 2 characters');
      reason = text || null;
    }
    const now = new Date();
    const today = lagosDay(now);
    const client = await pool.connect();
    let visit;
    let verdict;
    let repeat = false;
    try {
      await client.query('begin');
      const { rows } = await client.query({
        ...READ,
        values: [tenant.businessId, memberId, new Date(now.getTime() - REPEAT_MS)],
      });
      const read = rows[0];
      if (!read.present) {
        await client.query('rollback');
        return fail(reply, 404, NO_MEMBER, 'MEMBER_NOT_FOUND');
      }
      const decided = verdictOf(read.is_active, today, subsOf(read.subs));
      verdict = decided.verdict;
      if (read.earlier !== null) {
        repeat = true;
        visit = (await client.query({ ...VISIT, values: [tenant.businessId, read.earlier] }))
          .rows[0];
      } else {
        const red = verdict.tone === 'red';
        if (red && !reason) {
          await client.query('rollback');
          return fail(reply, 409, verdict.text, 'CHECK_IN_REFUSED');
        }
        visit = (
          await client.query({
            ...INSERT,
            values: [
              tenant.businessId,
              memberId,
              now,
              tenant.userId,
              body.found_by ?? 'name',
              verdict.status,
              red ? reason : null,
              decided.covering?.id ?? null,
              verdict.text,
            ],
          })
        ).rows[0];
      }
      await client.query('commit');
    } catch (err) {
      await client.query('rollback').catch(() => undefined);
      throw err;
    } finally {
      client.release();
    }
    const data = { visit: toVisit(visit, OWNER), verdict, already_checked_in: repeat };
    const message = repeat
      ? `Already checked in at ${timeFormatter.format(visit.visitedAt)}`
      : 'Checked in';
    return json(reply, repeat ? 200 : 201, JSON.stringify({ message, data }));
  });
};
