import {
  and,
  count,
  desc,
  eq,
  gte,
  inArray,
  is,
  isNotNull,
  isNull,
  lt,
  max,
  sql,
  type SQL,
} from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { FoundBy, VerdictSubscription } from '@kora/shared';
import { senderBrief, type MemberRowBrief } from '../../db/briefs';
import type { Executor } from '../../db/client';
import { businesses, idempotencyKeys, kioskTokens, members, users, visits } from '../../db/schema';
import { bound, preparedFor } from '../../db/prepared';
import { compileSelect, runCompiled } from '../../db/raw';
import { ofBusiness } from '../../db/tenant';
import { readPage } from '../../lib/paging';

/*
 * Check-in's reads and writes. Every query names the business: a member or visit of another
 * business is never found, nor an erased member. The lookup's probes each use one index: the
 * card code's unique index, (business_id, mobile_number), (business_id, member_id) and the
 * trigram index of search_text.
 */

/** What check-in shows of a member. */
const memberBrief = {
  id: members.id,
  memberCode: members.memberCode,
  firstName: members.firstName,
  lastName: members.lastName,
  mobileNumber: members.mobileNumber,
  pictureUrl: members.pictureUrl,
  isActive: members.isActive,
};
export type CheckInMemberRow = MemberRowBrief & {
  isActive: boolean;
  /** The last day of the approved freeze covering the verdict's day, or null. */
  frozenUntil: string | null;
};

/**
 * The Lagos day of the verdict, from `since` (2 hours before the moment checked), and the
 * member's freeze covering it: kora_frozen_until's query written into the statement (one probe
 * of freezes (business_id, member_id, start_date)), which saves a function call per member.
 */
const frozenUntilFrom = (since: SQL) =>
  sql<string | null>`(select max(f.end_date) from freezes f
    where f.business_id = "members"."business_id" and f.member_id = "members"."id"
      and f.status in ('approved', 'ended')
      and f.start_date <= ((${since}::timestamptz + interval '2 hours') at time zone 'Africa/Lagos')::date
      and f.end_date >= ((${since}::timestamptz + interval '2 hours') at time zone 'Africa/Lagos')::date)::text`;

/**
 * The member's cover as kora_member_cover answers it (the same JSON, to the byte: kora_check_in
 * compares the two to notice a payment recorded in between), its query written into the
 * statement, which saves a function call per member.
 */
const coverOf = sql`(select coalesce(json_agg(json_build_object(
    'id', s.id,
    'start_date', s.start_date,
    'expiry_date', s.expiry_date,
    'plan_name', p.name,
    'covered_by', case when s.group_subscription_id is not null then (
      select pm.first_name || ' ' || pm.last_name from subscriptions g
      join members pm on pm.id = g.member_id where g.id = s.group_subscription_id) end
  ) order by s.id), '[]'::json)
  from subscriptions s join plans p on p.id = s.subscription_type_id
  where s.business_id = "members"."business_id" and s.member_id = "members"."id" and s.is_active)`;

/**
 * What the lookup reads of each member found: the brief, their cover (kora_member_cover: the
 * active subscriptions the verdict is decided from) and their latest visit since `since` (one
 * probe of (business_id, member_id, visited_at)), so one statement answers all three.
 */
const candidateColumns = (since: SQL) => ({
  ...memberBrief,
  cover: sql<VerdictSubscription[]>`${coverOf}`,
  frozenUntil: frozenUntilFrom(since),
  // Qualified by hand: Drizzle writes a one-table select's columns unqualified, which inside
  // this subquery would read the visit's own columns.
  recentAt:
    sql`(select max(v.visited_at) from ${visits} v where v.business_id = "members"."business_id"
    and v.member_id = "members"."id" and v.visited_at >= ${since}::timestamptz)`.mapWith(
      visits.visitedAt,
    ),
});

/** The lookup answers at most this many members. */
const LIMIT = 10;

/** An erased member is nobody the desk or a kiosk can find or check in (they have no card). */
const notErased = isNull(members.erasedAt);

/**
 * The probes by card, phone and member ID, each compiled once and run as a prepared statement
 * (db/raw.ts: parsed once per connection, rows decoded without Drizzle's per-call work): the
 * desk's busiest read. Values bound when it runs: businessId, probe, since.
 */
const probes = {
  card: (db: Executor) =>
    db
      .select(candidateColumns(bound('since')))
      .from(members)
      .where(
        and(
          eq(members.cardCode, bound('probe')),
          eq(members.businessId, bound('businessId')),
          notErased,
        ),
      )
      .limit(1),
  phone: (db: Executor) =>
    db
      .select(candidateColumns(bound('since')))
      .from(members)
      .where(
        and(
          eq(members.businessId, bound('businessId')),
          eq(members.mobileNumber, bound('probe')),
          notErased,
        ),
      )
      .orderBy(desc(members.isActive), members.id)
      .limit(LIMIT),
  code: (db: Executor) =>
    db
      .select(candidateColumns(bound('since')))
      .from(members)
      .where(
        and(
          eq(members.businessId, bound('businessId')),
          eq(members.memberCode, bound('probe')),
          notErased,
        ),
      )
      .limit(1),
  number: (db: Executor) =>
    db
      .select(candidateColumns(bound('since')))
      .from(members)
      .where(
        and(
          eq(members.businessId, bound('businessId')),
          eq(
            members.memberCode,
            sql`(select ${businesses.code} from ${businesses} where ${businesses.id} = ${bound('businessId')}) || '-' || ${bound('probe')}::text`,
          ),
          notErased,
        ),
      )
      .limit(1),
};

const probe = (
  db: Executor,
  kind: keyof typeof probes,
  businessId: number,
  value: string,
  since: Date,
) =>
  runCompiled(
    db,
    preparedFor(db, `check_in_lookup_${kind}`, (d) =>
      compileSelect(`check_in_lookup_${kind}`, probes[kind](d)),
    ),
    { businessId, probe: value, since: since.toISOString() },
  );

/** The member whose card carries `code`, if they are this business's. */
export const memberByCard = (db: Executor, businessId: number, code: string, since: Date) =>
  probe(db, 'card', businessId, code, since);

/** The members with this phone (E.164). */
export const membersByPhone = (db: Executor, businessId: number, e164: string, since: Date) =>
  probe(db, 'phone', businessId, e164, since);

/**
 * The member with this member ID: `code` as written (IRON-00042), or only its `number` (42),
 * the business's own code then put before it.
 */
export const memberByMemberId = (
  db: Executor,
  businessId: number,
  id: { code: string } | { number: string },
  since: Date,
) =>
  'code' in id
    ? probe(db, 'code', businessId, id.code, since)
    : probe(db, 'number', businessId, id.number, since);

/** `%`, `_` and `\` typed are literal characters, not wildcards. */
const likeTerm = (term: string): string => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** How many name matches are read before the 10 shown are chosen (by name). */
const NAME_WINDOW = 200;

/**
 * Members whose names (or other searched text) hold `folded` (lower case, without accents, as
 * search_text keeps them): read through the trigram index, active accounts first, then by name.
 */
export const membersByName = (db: Executor, businessId: number, folded: string, since: Date) => {
  // eslint-disable-next-line no-control-regex
  const op = sql.raw(/^[\x00-\x7f]*$/.test(folded) ? 'like' : 'ilike');
  const hits = db
    .select({ id: members.id })
    .from(members)
    .where(
      and(
        eq(members.businessId, businessId),
        sql`${members.searchText} ${op} ${likeTerm(folded)}`,
        notErased,
      ),
    )
    .limit(NAME_WINDOW);
  return db
    .select(candidateColumns(sql`${since.toISOString()}`))
    .from(members)
    .where(and(eq(members.businessId, businessId), inArray(members.id, hits)))
    .orderBy(desc(members.isActive), members.firstName, members.lastName, members.id)
    .limit(LIMIT);
};

/** One member of the business (as check-in shows them). */
export const memberById = (db: Executor, businessId: number, memberId: number) =>
  db
    .select(memberBrief)
    .from(members)
    .where(ofBusiness(members, businessId, memberId))
    .limit(1);

/**
 * What a check-in decides the verdict from, read before the member's row is locked: the
 * member (by id or by card code, of this business), their cover as the database writes it
 * (the text kora_check_in compares once the row is locked) and their latest visit since
 * `since`. One prepared statement (compiled, on the database itself; Drizzle's, in a
 * transaction).
 */
const stateOf = (db: Executor, by: 'id' | 'card') =>
  db
    .select({
      ...memberBrief,
      cover: sql<string>`${coverOf}::text`,
      frozenUntil: frozenUntilFrom(bound('since')),
      earlierId: sql<number | null>`(select v.id from ${visits} v
        where v.business_id = "members"."business_id" and v.member_id = "members"."id"
          and v.visited_at >= ${bound('since')}::timestamptz
          and v.visited_at <= ${bound('until')}::timestamptz
        order by v.visited_at desc, v.id desc limit 1)`,
    })
    .from(members)
    .where(
      and(
        eq(members.businessId, bound('businessId')),
        by === 'id' ? eq(members.id, bound('member')) : eq(members.cardCode, bound('member')),
        notErased,
      ),
    )
    .limit(1);

export type CheckInState = CheckInMemberRow & { cover: string; earlierId: number | null };

export const checkInState = async (
  db: Executor,
  businessId: number,
  member: { id: number } | { card: string },
  since: Date,
  until: Date,
): Promise<CheckInState | undefined> => {
  const by = 'id' in member ? 'id' : 'card';
  const values = {
    businessId,
    member: 'id' in member ? member.id : member.card,
    since: since.toISOString(),
    until: until.toISOString(),
  };
  if (is(db, PgTransaction)) {
    // Inside a transaction (the day pass): on its connection, so it reads what the
    // transaction wrote (the payment just recorded).
    const name = `check_in_state_in_tx_by_${by}`;
    return (await preparedFor(db, name, (d) => stateOf(d, by).prepare(name)).execute(values))[0];
  }
  const name = `check_in_state_by_${by}`;
  const statement = preparedFor(db, name, (d) => compileSelect(name, stateOf(d, by)));
  return (await runCompiled(db, statement, values))[0];
};

export interface VisitToRecord {
  businessId: number;
  memberId: number;
  /** Visits from `since` to `until` make this one a repeat (2 hours either side of `visitedAt`). */
  since: Date;
  until: Date;
  /** The member's account and cover the verdict was decided from (checkInState). */
  isActive: boolean;
  cover: string;
  /** The verdict is red and no reason was given: record nothing. */
  refuse: boolean;
  key: string | null;
  fingerprint: string | null;
  visitedAt: Date;
  recordedByUserId: number | null;
  kioskTokenId: number | null;
  foundBy: FoundBy;
  verdictStatus: string;
  overrideReason: string | null;
  subscriptionId: number | null;
  /**
   * A "Let in anyway": the audit entry written with the visit, in the same statement (the
   * visit's id filled in), only if it is recorded (auditEntryJson); otherwise null.
   */
  audit?: Record<string, unknown> | null;
}

export type RecordVisitStatus =
  'member_not_found' | 'replayed' | 'key_reused' | 'stale' | 'repeat' | 'refused' | 'recorded';

/**
 * Records a visit with ONE statement, the database function kora_check_in (at the desk and the
 * kiosk in autocommit: the statement is the transaction, a "Let in anyway" with its audit entry
 * too; for the day pass inside its transaction, the member's row then held until it ends). It
 * locks the member's row, claims the key, checks that the cover is still the one the verdict was
 * decided from, answers a visit of the last 2 hours instead of recording one, and inserts the
 * visit (and the override's audit entry). Nothing is written unless it answers
 * 'recorded' (or 'repeat' with a key: the key keeps the earlier visit).
 */
const recordStatement = (db: Executor) =>
  db
    .select({
      status: sql<RecordVisitStatus>`r.status`,
      visitId: sql<number | null>`r.visit_id`,
    })
    .from(
      sql`kora_check_in(
        ${bound('businessId')}::integer, ${bound('memberId')}::integer,
        ${bound('since')}::timestamptz, ${bound('until')}::timestamptz, ${bound('cover')}::text, ${bound('isActive')}::boolean,
        ${bound('refuse')}::boolean, ${bound('key')}::varchar, ${bound('fingerprint')}::varchar,
        ${bound('visitedAt')}::timestamptz, ${bound('recordedByUserId')}::integer,
        ${bound('kioskTokenId')}::integer, ${bound('foundBy')}::varchar,
        ${bound('verdictStatus')}::varchar, ${bound('overrideReason')}::varchar,
        ${bound('subscriptionId')}::integer, ${bound('audit')}::jsonb) r`,
    )
    .prepare('check_in_record');

export const recordVisit = async (
  db: Executor,
  v: VisitToRecord,
): Promise<{ status: RecordVisitStatus; visitId: number | null }> => {
  const [row] = await preparedFor(db, 'check_in_record', recordStatement).execute({
    ...v,
    since: v.since.toISOString(),
    until: v.until.toISOString(),
    visitedAt: v.visitedAt.toISOString(),
    audit: v.audit ? JSON.stringify(v.audit) : null,
  });
  if (!row) throw new Error('kora_check_in answered no row');
  return row;
};

/** Whether a check-in was already answered under this Idempotency-Key in the business. */
export const visitKeyAnswered = async (db: Executor, businessId: number, key: string) =>
  (
    await db
      .select({ id: idempotencyKeys.entityId })
      .from(idempotencyKeys)
      .where(
        and(
          eq(idempotencyKeys.businessId, businessId),
          eq(idempotencyKeys.scope, 'visit'),
          eq(idempotencyKeys.key, key),
          isNotNull(idempotencyKeys.entityId),
        ),
      )
      .limit(1)
  ).length > 0;

/** A visit as the answers show it: the member, who recorded it, the kiosk. */
const visitColumns = {
  id: visits.id,
  visitedAt: visits.visitedAt,
  foundBy: visits.foundBy,
  verdictStatus: visits.verdictStatus,
  overrideReason: visits.overrideReason,
  recordedById: visits.recordedByUserId,
  recordedByName: sql<string | null>`${users.firstName} || ' ' || ${users.lastName}`,
  memberId: members.id,
  memberCode: members.memberCode,
  firstName: members.firstName,
  lastName: members.lastName,
  pictureUrl: members.pictureUrl,
  kioskName: kioskTokens.name,
};

const visitsWithPeople = (db: Executor) =>
  db
    .select(visitColumns)
    .from(visits)
    .innerJoin(members, eq(members.id, visits.memberId))
    .leftJoin(users, eq(users.id, visits.recordedByUserId))
    .leftJoin(kioskTokens, eq(kioskTokens.id, visits.kioskTokenId));
export type VisitRow = Awaited<ReturnType<typeof visitsWithPeople>>[number];

/** One visit of the business with its people (a prepared statement: every check-in reads one). */
export const findVisit = async (db: Executor, businessId: number, id: number) =>
  (
    await preparedFor(db, 'check_in_visit', (d) =>
      visitsWithPeople(d)
        .where(and(eq(visits.businessId, bound('businessId')), eq(visits.id, bound('id'))))
        .limit(1)
        .prepare('check_in_visit'),
    ).execute({ businessId, id })
  )[0];

export interface DayFilters {
  /** The Lagos day's first instant and the next day's. */
  from: Date;
  to: Date;
  /** Folded search text (name, member ID, phone). */
  search?: string;
  foundBy?: FoundBy;
  /** Only overrides; `ownBy`: only those this user recorded. */
  overrides?: boolean;
  ownBy?: number;
}

const dayWhere = (businessId: number, f: DayFilters): SQL => {
  // eslint-disable-next-line no-control-regex
  const op = sql.raw(f.search && /^[\x00-\x7f]*$/.test(f.search) ? 'like' : 'ilike');
  return and(
    eq(visits.businessId, businessId),
    gte(visits.visitedAt, f.from),
    lt(visits.visitedAt, f.to),
    f.foundBy ? eq(visits.foundBy, f.foundBy) : undefined,
    f.overrides ? isNotNull(visits.overrideReason) : undefined,
    f.overrides && f.ownBy !== undefined ? eq(visits.recordedByUserId, f.ownBy) : undefined,
    f.search
      ? sql`${visits.memberId} in (select m.id from ${members} m where m.business_id = ${businessId} and m.search_text ${op} ${likeTerm(f.search)})`
      : undefined,
  )!;
};

/** The visits `where` keeps, with their people, newest first: one page and how many there are. */
const visitsPage = (db: Executor, where: SQL, page: { limit: number; offset: number }) =>
  readPage(
    visitsWithPeople(db)
      .where(where)
      .orderBy(desc(visits.visitedAt), desc(visits.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ total: count() }).from(visits).where(where),
  );

/** A day's visits, newest first, and how many match. */
export const listDay = (
  db: Executor,
  businessId: number,
  filters: DayFilters,
  page: { limit: number; offset: number },
) => visitsPage(db, dayWhere(businessId, filters), page);

/** A member's visits, newest first, and how many there are. */
export const listOfMember = (
  db: Executor,
  businessId: number,
  memberId: number,
  page: { limit: number; offset: number },
) => visitsPage(db, and(eq(visits.businessId, businessId), eq(visits.memberId, memberId))!, page);

/** A member's last visit and their visits from `lastMonth` to `thisMonth` and since. */
export const memberVisitSummary = async (
  db: Executor,
  businessId: number,
  memberId: number,
  thisMonth: Date,
  lastMonth: Date,
) =>
  (
    await db
      .select({
        last: max(visits.visitedAt),
        thisMonth: count(sql`case when ${visits.visitedAt} >= ${thisMonth} then 1 end`),
        lastMonth: count(
          sql`case when ${visits.visitedAt} >= ${lastMonth} and ${visits.visitedAt} < ${thisMonth} then 1 end`,
        ),
      })
      .from(visits)
      .where(and(eq(visits.businessId, businessId), eq(visits.memberId, memberId)))
  )[0]!;

// ---- Cards ---------------------------------------------------------------------------------

/** A member's card code and first name (for the card message), if the member is this business's. */
export const memberCard = async (db: Executor, businessId: number, memberId: number) =>
  (
    await db
      .select({
        cardCode: members.cardCode,
        firstName: members.firstName,
        mobileNumber: members.mobileNumber,
        emailAddress: members.emailAddress,
      })
      .from(members)
      .where(ofBusiness(members, businessId, memberId))
  )[0];

/**
 * Gives the member a new card code (the database makes it); the old one stops working. An erased
 * member is never given one (undefined, as for a member of another business).
 */
export const replaceCard = async (tx: Executor, businessId: number, memberId: number) =>
  (
    await tx
      .update(members)
      .set({ cardCode: sql`kora_card_code()`, updatedAt: new Date() })
      .where(and(ofBusiness(members, businessId, memberId), isNull(members.erasedAt)))
      .returning({ id: members.id })
  )[0];

/** The business a message comes from: its name, e-mail and logo. */
export const businessSender = async (db: Executor, businessId: number) =>
  (await db.select(senderBrief).from(businesses).where(eq(businesses.id, businessId)))[0];

/** The card page's data: the member's first name and their gym, for any business's card. */
export const cardPage = async (db: Executor, code: string) =>
  (
    await db
      .select({
        firstName: members.firstName,
        gymName: businesses.name,
        logoUrl: businesses.logoUrl,
      })
      .from(members)
      .innerJoin(businesses, eq(businesses.id, members.businessId))
      .where(eq(members.cardCode, code))
      .limit(1)
  )[0];
