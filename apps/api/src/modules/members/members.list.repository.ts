import {
  SEARCH_COUNT_CAP,
  lagosDay,
  type MemberAccountStatus,
  type MemberKind,
  type MemberVisitedFilter,
} from '@kora/shared';
import { Subquery, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { bound, preparedFor } from '../../db/prepared';
import { compileSql, runCompiled } from '../../db/raw';
import { businesses, freezes, members, plans } from '../../db/schema';
import type { ExportCursor } from '../../lib/export-file';
import { firstPagesWindow, type PageWindow } from '../../lib/paging';
import { membersJsonArray } from './members.list-json';
import { latestSubscription, planOfLatest, subscriptionColumns } from './members.repository';

/**
 * The member list, the back office's busiest call: one statement per page, whatever is asked.
 *
 * Without a search, the page is cut from the (business, created_at, id) index newest first and
 * its total read in the same statement: the business's member counter (`member_seq`: every
 * member takes the next number in the transaction that inserts it, and members are never
 * deleted), less or only the deactivated few counted through their partial index. So paging
 * 100,000 members never counts them. Its SQL is built once and run as a named prepared
 * statement (see pageStatementOf).
 *
 * A search is counted first: at most SEARCH_COUNT_CAP + 1 of its matches, in any order (through
 * the trigram index for a narrow term, through the list index alone for a broad one). When that
 * is all of them (a name, a phone, a member ID), the page is those matches sorted; when there
 * are more (a broad term: `0803`, `ada`), the page comes from the newest members, where a broad
 * term has its newest matches, and only if that window holds too few (a broad term whose matches
 * are all old, such as the member IDs of the first 10,000 members) from every match sorted. The
 * total of a search is capped at SEARCH_COUNT_CAP (`capped`).
 *
 * Either way the statement answers one row: the total and the page as the answer's JSON text,
 * written by PostgreSQL (members.list-json.ts), which the route sends as it is.
 */

/** How many of the newest members a broad search looks through before sorting all its matches. */
const RECENT_WINDOW = 2000;

export interface MemberListOptions {
  limit: number;
  offset: number;
  /** Already folded (lower case, no accents); `phoneDigits` is its phone form, if any. */
  search?: string;
  phoneDigits?: string | null;
  accountStatus?: MemberAccountStatus;
  /**
   * `member`: walk-ins left out (the list's default); `walk_in`: only the walk-ins (a day pass
   * added them, they have not joined); none: both.
   */
  kind?: Exclude<MemberKind, 'all'>;
  /** The last-visit filter: members seen since `since`, or not seen since then (or never). */
  visited?: VisitedOption;
  /** Only the members an approved freeze covers today. */
  frozen?: boolean;
}

export interface VisitedOption {
  filter: MemberVisitedFilter;
  /** An ISO instant: the start of the first Lagos day the filter looks at. */
  since: string;
}

/** The account and kind filters, as the list and its search put them. */
type AccountFilters = Pick<MemberListOptions, 'accountStatus' | 'kind'>;

/**
 * The filters that shape an unsearched page's statement (each combination is its own named
 * prepared statement); the last-visit filter's day is a parameter of it.
 */
interface Filters extends AccountFilters {
  visited?: MemberVisitedFilter;
  frozen?: boolean;
}
const filtersOf = (o: MemberListOptions): Filters => ({
  accountStatus: o.accountStatus,
  kind: o.kind,
  visited: o.visited?.filter,
  frozen: o.frozen || undefined,
});

/**
 * The Frozen filter: members an approved freeze (or one ended early, for the days it really
 * froze) covers on `today`, read from the business's freezes (a few) by their index.
 */
const frozenSql = (frozen: boolean | undefined, id: SQL | number, today: SQL, alias = ''): SQL =>
  frozen
    ? sql` and ${sql.raw(`${alias}id`)} in (select f.member_id from ${freezes} f
        where f.business_id = ${id} and f.status in ('approved', 'ended')
          and f.start_date <= ${today}::date and f.end_date >= ${today}::date)`
    : sql``;
const frozenOf = (o: { frozen?: boolean }, businessId: number, alias = '') =>
  frozenSql(o.frozen, businessId, sql`${lagosDay()}`, alias);

/** Whether a filter keeps the members seen since its day (last_7, last_30) or the others. */
const seenFilter = (filter: MemberVisitedFilter) => filter !== 'not_14';

/**
 * The last-visit condition: seen since `since` (a range of the last-visit index), or not seen
 * since then, never seen included. `since` is a value, or a bound parameter of a prepared
 * statement.
 */
const visitedSql = (visited: MemberVisitedFilter | undefined, since: SQL, alias = ''): SQL => {
  if (!visited) return sql``;
  const column = sql.raw(`${alias}last_visit_at`);
  return seenFilter(visited)
    ? sql` and ${column} >= ${since}::timestamptz`
    : sql` and (${column} is null or ${column} < ${since}::timestamptz)`;
};
const visitedOf = (o: { visited?: VisitedOption }, alias = '') =>
  visitedSql(o.visited?.filter, sql`${o.visited?.since ?? null}`, alias);

const accountSql = ({ accountStatus: status, kind }: AccountFilters, alias = ''): SQL =>
  sql.raw(
    (status === 'active'
      ? ` and ${alias}is_active`
      : status === 'inactive'
        ? ` and not ${alias}is_active`
        : '') +
      (kind === 'walk_in'
        ? ` and ${alias}is_walk_in`
        : kind === 'member'
          ? ` and not ${alias}is_walk_in`
          : ''),
  );

/** The deactivated members of the business, counted through their partial index. */
const inactiveCount = (id: SQL | number) =>
  sql`(select count(*) from ${members} where ${members.businessId} = ${id} and not ${members.isActive})`;
const memberSeq = (id: SQL | number) =>
  sql`(select ${businesses.memberSeq} from ${businesses} where ${businesses.id} = ${id})`;

/**
 * A query whose rows have the members table's columns, under the table's own name, so the
 * export's member columns read from it (a batch already cut).
 */
const asMembers = (query: SQL) => new Subquery(query, {}, 'members') as unknown as typeof members;

/** The walk-ins of the business (of one account status), counted through their partial index. */
const walkInCount = (f: AccountFilters, id: SQL | number) =>
  sql`(select count(*) from ${members} where ${members.businessId} = ${id}${accountSql({ ...f, kind: 'walk_in' })})`;

/**
 * The total of an unsearched list without a last-visit filter: from the member counter, without
 * counting members (the walk-ins, a few, and the deactivated, a few, are counted): members are
 * the business's people less its walk-ins.
 */
const accountTotal = (f: AccountFilters, id: SQL | number): SQL => {
  if (f.kind === 'walk_in') return walkInCount(f, id);
  const people =
    f.accountStatus === 'inactive'
      ? inactiveCount(id)
      : f.accountStatus === 'active'
        ? sql`${memberSeq(id)} - ${inactiveCount(id)}`
        : memberSeq(id);
  return f.kind === 'member' ? sql`${people} - ${walkInCount(f, id)}` : people;
};

/**
 * The total of an unsearched list. With a last-visit filter, the members seen since its day are
 * counted through the last-visit index (the few who came lately, not the gym); those not seen
 * are the account and kind filters' total less them.
 */
const totalOf = (
  f: Filters,
  id: SQL | number,
  since: SQL = sql`null`,
  today: SQL = sql`${lagosDay()}`,
): SQL => {
  // The frozen members are few: counted one by one, with the other filters.
  if (f.frozen)
    return sql`(select count(*) from ${members} where ${members.businessId} = ${id}${accountSql(f)}${visitedSql(f.visited, since)}${frozenSql(true, id, today)})`;
  if (!f.visited) return accountTotal(f, id);
  const seen = sql`(select count(*) from ${members} where ${members.businessId} = ${id}
    and ${members.lastVisitAt} >= ${since}::timestamptz${accountSql(f)})`;
  return seenFilter(f.visited) ? seen : sql`${accountTotal(f, id)} - ${seen}`;
};

/**
 * One page of the business's members, newest first, as the answer's JSON text
 * (membersJsonArray), and the list's total, in one row (also for a page past the last one),
 * compiled once and run as a named prepared statement (its name tells the filters and a fixed
 * window, if any; `db/raw.ts`).
 */
const pageStatement = (f: Filters, fixed: PageWindow | undefined) => {
  const id = bound('businessId');
  const since = bound('visitedSince');
  const limit = fixed ? sql.raw(String(fixed.limit)) : bound('limit');
  const offset = fixed ? sql.raw(String(fixed.offset)) : bound('offset');
  const today = bound('today');
  const where = sql`${members.businessId} = ${id}${accountSql(f)}${visitedSql(f.visited, since)}${frozenSql(f.frozen, id, today)}`;
  const order = sql`${members.createdAt} desc, ${members.id} desc`;
  // A front desk's first pages read their rows straight down the list index. Any other page
  // first skips its OFFSET through the list index alone (it includes the account and walk-in
  // flags, so skipping 99,990 members reads no member row: about 16 ms instead of 35 to 220),
  // then reads the page's rows by id.
  const page = fixed
    ? sql`(select * from ${members} where ${where} order by ${order} limit ${limit} offset ${offset})`
    : sql`(select m.* from (select id from ${members} where ${where} order by ${order}
        limit ${limit} offset ${offset}) k join ${members} m on m.id = k.id)`;
  return sql`select ${totalOf(f, id, since, today)} as total, ${membersJsonArray(page, today)} as data`;
};

/** A page statement's one row: the list's total and the page's JSON text. */
interface PageRow {
  total: number;
  data: string;
}
const pageRow = (row: unknown[]): PageRow => ({ total: Number(row[0]), data: String(row[1]) });

const pageStatementOf = (db: Executor, f: Filters, window: PageWindow) => {
  // The default list's first pages (a filtered list plans with its filter's values).
  const fixed =
    !f.accountStatus && f.kind !== 'walk_in' && !f.visited && !f.frozen
      ? firstPagesWindow(window)
      : undefined;
  const name = `members_page_${f.accountStatus ?? 'all'}${f.kind ? `_${f.kind}` : ''}${f.visited ? `_${f.visited}` : ''}${f.frozen ? '_frozen' : ''}${fixed ? `_${fixed.limit}_${fixed.offset}` : ''}`;
  return preparedFor(db, name, () => compileSql(name, pageStatement(f, fixed), pageRow));
};

/** `%`, `_` and `\` in what a person typed are literal characters, not wildcards. */
const likeTerm = (term: string): string => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * Whether the search text matches the term (or its phone form). `search_text` is stored folded
 * to lower case, like the term, so a plain LIKE does (about three times cheaper per row than
 * ILIKE); a term with letters beyond ASCII keeps ILIKE, whose case rules are PostgreSQL's own.
 */
const matchSql = (term: string, phoneDigits: string | null, alias = ''): SQL => {
  // eslint-disable-next-line no-control-regex
  const op = sql.raw(/^[\x00-\x7f]*$/.test(term) ? 'like' : 'ilike');
  const column = sql.raw(`${alias}search_text`);
  const one = (t: string) => sql`${column} ${op} ${likeTerm(t)}`;
  return phoneDigits ? sql`(${one(term)} or ${one(phoneDigits)})` : one(term);
};

/** The condition a search puts on the business's members. */
const searchWhere = (businessId: number, o: MemberListOptions & { search: string }): SQL =>
  sql`business_id = ${businessId} and ${matchSql(o.search, o.phoneDigits ?? null)}${accountSql(o)}${visitedOf(o)}${frozenOf(o, businessId)}`;

/** The members the list's filters keep (search, account status, kind, last visit): the export reads by it. */
export type MemberFilterOptions = Omit<MemberListOptions, 'limit' | 'offset'>;
const memberFilterWhere = (businessId: number, o: MemberFilterOptions): SQL =>
  o.search
    ? searchWhere(businessId, { ...o, limit: 0, offset: 0, search: o.search })
    : sql`business_id = ${businessId}${accountSql(o)}${visitedOf(o)}${frozenOf(o, businessId)}`;

const byDate = sql`created_at desc, id desc`;

/** How many of the newest members a broad search looks through for its page. */
const recentWindow = (o: MemberListOptions) => Math.max(RECENT_WINDOW, 20 * (o.offset + o.limit));

/**
 * A search's page of members (aliased "members"), with how many it matches up to
 * SEARCH_COUNT_CAP + 1, in one statement:
 * - `hits`: up to SEARCH_COUNT_CAP + 1 matches in any order, the count (the planner takes the
 *   trigram index for a narrow term, a walk of the list index for a broad one);
 * - all of them found (a name, a phone, a member ID): the page is those matches sorted;
 * - more (a broad term): the page is looked for among the newest members, in the list index
 *   alone (`recent`); when that window holds too few matches for the page (a broad term whose
 *   matches are all old), from every match sorted.
 */
const searchStatement = (
  businessId: number,
  o: MemberListOptions & { search: string },
  today: string,
) => {
  const many = sql`(select c from n) > ${SEARCH_COUNT_CAP}`;
  const window = sql`(select count(*) from recent) >= ${o.limit}`;
  return sql`with hits as materialized (
      select id, created_at from ${members} where ${searchWhere(businessId, o)}
      limit ${SEARCH_COUNT_CAP + 1}),
    n as (select count(*)::int as c from hits),
    recent as materialized (
      select id, created_at from (
        select id, created_at, search_text, is_active, is_walk_in${sql.raw(o.visited ? ', last_visit_at' : '')} from ${members}
        where business_id = ${businessId} order by ${byDate} limit ${recentWindow(o)}) r
      where ${many} and ${matchSql(o.search, o.phoneDigits ?? null, 'r.')}${accountSql(o, 'r.')}${visitedOf(o, 'r.')}${frozenOf(o, businessId, 'r.')}
      order by ${byDate} limit ${o.limit} offset ${o.offset}),
    page as (
      (select id from hits where not ${many} order by ${byDate} limit ${o.limit} offset ${o.offset})
      union all
      (select id from recent where ${window})
      union all
      (select id from ${members} where ${many} and not ${window} and ${searchWhere(businessId, o)}
       order by created_at + interval '0 s' desc, id desc limit ${o.limit} offset ${o.offset}))
    select (select c from n) as total, ${membersJsonArray(
      sql`(select pm.* from page join ${members} pm on pm.id = page.id)`,
      sql`${today}`,
    )} as data`;
};

/**
 * A page of members, newest first, optionally a search and only active or only deactivated
 * accounts, with the list's total (a search's capped at SEARCH_COUNT_CAP).
 */
export const listMembers = async (
  db: Executor,
  businessId: number,
  o: MemberListOptions,
): Promise<{ json: string; total: number; capped: boolean }> => {
  const today = lagosDay();
  if (!o.search) {
    const [row] = await runCompiled(db, pageStatementOf(db, filtersOf(o), o), {
      businessId,
      limit: o.limit,
      offset: o.offset,
      today,
      visitedSince: o.visited?.since ?? null,
    });
    return { json: row!.data, total: row!.total, capped: false };
  }
  // Planned with its term every time (no name): a generic plan cannot tell "0803" from "xyzzy".
  const statement = compileSql(
    '',
    searchStatement(businessId, { ...o, search: o.search }, today),
    pageRow,
  );
  const [row] = await runCompiled(db, statement, {});
  const capped = row!.total > SEARCH_COUNT_CAP;
  return { json: row!.data, total: capped ? SEARCH_COUNT_CAP : row!.total, capped };
};

/**
 * One batch of the export: up to `limit` members the list's filters keep (memberFilterWhere,
 * every match of a search, uncapped), newest first, after `after`, cut from the list index
 * before each member's current plan, status and latest expiry are looked up.
 */
export const exportMembersBatch = (
  db: Executor,
  businessId: number,
  o: MemberFilterOptions,
  after: ExportCursor | undefined,
  limit: number,
) => {
  const keyset = after
    ? sql` and (created_at, id) < (${after.at}::timestamptz, ${after.id})`
    : sql``;
  const batch = asMembers(
    sql`select * from ${members} where ${memberFilterWhere(businessId, o)}${keyset}
      order by ${byDate} limit ${limit}`,
  );
  const latest = latestSubscription(db, lagosDay());
  return db
    .select({
      member: members,
      ...subscriptionColumns(latest),
      expiryDate: latest.expiryDate,
      cursor: sql<string>`"members"."created_at"::text`,
    })
    .from(batch)
    .leftJoinLateral(latest, sql`true`)
    .leftJoin(plans, planOfLatest(latest))
    .orderBy(sql`"members"."created_at" desc`, sql`"members"."id" desc`);
};
export type MemberExportRow = Awaited<ReturnType<typeof exportMembersBatch>>[number];
