import {
  ROSTER_CURSOR_MESSAGE,
  ROSTER_PAST_DAYS,
  addDays,
  lagosDay,
  nigerianMobileE164,
  type RosterAnswer,
  type RosterMember,
  type RosterQuery,
} from '@kora/shared';
import type { AppContext } from '../../context';
import { AppError } from '../../lib/errors';
import { sha256 } from '../../lib/tokens';
import { rosterPage, type RosterRow } from './check-in.roster.repository';

/*
 * The roster: the desk's own copy of the business's members, to look them up and check them in
 * while the network is down (their card and phone only as hashes). The first download pages
 * through every member; then each sync asks for what changed after its cursor: members whose
 * details, card, account or subscriptions changed (a deactivated member comes with is_active
 * false), and the ids of members deleted or erased (an erased member is in no copy).
 */

/** A cursor is "<transaction>.<member id>": where the last page ended. */
const CURSOR = /^(\d{1,19})\.(\d{1,10})$/;

/** 422 on `cursor`: the device forgets its copy and downloads the roster again. */
const syncAgain = () =>
  new AppError(422, 'ROSTER_CURSOR_INVALID', ROSTER_CURSOR_MESSAGE, {
    cursor: ROSTER_CURSOR_MESSAGE,
  });

const parseCursor = (cursor: string): { tx: bigint; id: number } | null => {
  if (cursor === '') return { tx: 0n, id: 0 };
  const m = CURSOR.exec(cursor);
  if (!m) return null;
  const id = Number(m[2]);
  return id > 2_147_483_647 ? null : { tx: BigInt(m[1]!), id };
};

/**
 * The hash the desk finds a phone by: SHA-256 (hex) of the number in E.164, read as the desk
 * reads a typed one (0803 123 4567, +234 803…, 234 803…, 803…); null for a number that is not
 * a Nigerian mobile (the desk cannot find one by phone). The roster never carries the number.
 */
const phoneHash = (phone: string): string | null => {
  const e164 = nigerianMobileE164(phone);
  return e164 ? sha256(e164) : null;
};

const toRosterMember = (r: RosterRow): RosterMember => ({
  id: r.id,
  member_id: r.member_code,
  first_name: r.first_name,
  last_name: r.last_name,
  picture_url: r.picture_url,
  card_hash: r.card_hash,
  phone_hash: phoneHash(r.mobile_number),
  is_active: r.is_active,
  subscriptions: JSON.parse(r.subscriptions) as RosterMember['subscriptions'],
  last_visit_at: r.last_visit_at === null ? null : new Date(r.last_visit_at).toISOString(),
  frozen_from: r.frozen_from,
  frozen_until: r.frozen_until,
});

/**
 * The members of the business changed after `cursor` (every member when it is empty), in
 * change order, at most `limit`, with the ids of members deleted after it. `more`: call again
 * at once with the answered cursor. A cursor this server did not give answers 422.
 */
export const syncRoster = async (
  ctx: AppContext,
  businessId: number,
  query: RosterQuery,
  now: Date = new Date(),
): Promise<Pick<RosterAnswer, 'data' | 'meta'>> => {
  const after = parseCursor(query.cursor);
  if (!after) throw syncAgain();
  const page = await rosterPage(
    ctx.db,
    businessId,
    after,
    query.limit,
    addDays(lagosDay(now), -ROSTER_PAST_DAYS),
    query.cursor !== '',
    lagosDay(now),
  );
  // A cursor beyond every change this database has made is not one it gave.
  if (after.tx > page.horizon) throw syncAgain();
  const more = page.rows.length > query.limit;
  const rows = more ? page.rows.slice(0, query.limit) : page.rows;
  const last = rows.at(-1);
  // A full pass ends at the horizon: the changes of transactions still running then are read
  // next time (a member read twice is harmless: the device keeps the newest).
  const cursor = more && last ? `${last.roster_tx}.${last.id}` : `${page.horizon}.0`;
  return {
    data: rows.map(toRosterMember),
    meta: { cursor, more, removed: page.removed },
  };
};
