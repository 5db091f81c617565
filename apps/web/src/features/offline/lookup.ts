import {
  LOOKUP_LIMIT,
  LOOKUP_MAX,
  REPEAT_CHECK_IN_HOURS,
  checkInVerdict,
  lagosDay,
  readLookup,
  type DeskFoundBy,
} from '@kora/shared';
import type { DeskDb, RosterRow } from './db';
import { rosterMetaOf } from './roster';
import type { OfflineCandidate } from './types';
import type { Who } from './who';

/** How many name matches are read before the 10 shown are chosen (by name), as the server does. */
const NAME_WINDOW = 200;
const REPEAT_MS = REPEAT_CHECK_IN_HOURS * 60 * 60 * 1000;

/** SHA-256 of a card code, hex in lower case: the roster keeps only this, never the code. */
export const cardHash = async (code: string): Promise<string> => {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(code));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
};

/** Active accounts first, then by first name, last name and id (the server's order). */
const byName = (a: RosterRow, b: RosterRow) =>
  Number(b.is_active) - Number(a.is_active) ||
  a.first_name.localeCompare(b.first_name, 'en') ||
  a.last_name.localeCompare(b.last_name, 'en') ||
  a.id - b.id;

const find = async (db: DeskDb, q: string): Promise<{ rows: RosterRow[]; by: DeskFoundBy }> => {
  const reading = readLookup(q);
  switch (reading.by) {
    case 'card':
      return {
        rows: await db.roster
          .where('card_hash')
          .equals(await cardHash(reading.code))
          .toArray(),
        by: 'card',
      };
    case 'phone':
      return {
        rows: await db.roster.where('mobile_number').equals(reading.e164).toArray(),
        by: 'phone',
      };
    case 'member_id': {
      const { id } = reading;
      const rows =
        'code' in id
          ? await db.roster.where('member_id').equalsIgnoreCase(id.code).toArray()
          : // The number alone: the business's members all carry its code before it.
            await db.roster.filter((m) => m.member_id.endsWith(`-${id.number}`)).toArray();
      return { rows, by: 'member_id' };
    }
    case 'name': {
      const term = reading.folded;
      const rows = await db.roster
        .filter((m) => m.search.includes(term))
        .limit(NAME_WINDOW)
        .toArray();
      return { rows, by: 'name' };
    }
    case 'none':
      return { rows: [], by: 'name' };
  }
};

/**
 * The members `q` finds on this device (at most 10), read the way the server reads it (card
 * code, phone in any Nigerian form, member ID or its number, name without accents), each with
 * today's verdict from the same function the server uses, and their visit within the last
 * 2 hours: one this device recorded, or the last the server knew of. Only `who`'s business's
 * members: a device still holding another business's copy finds no one.
 */
export const lookUpOnDevice = async (
  db: DeskDb,
  who: Who,
  q: string,
  now: Date = new Date(),
): Promise<OfflineCandidate[]> => {
  if (typeof q !== 'string' || !q.trim() || q.length > LOOKUP_MAX * 4) return [];
  if (!(await rosterMetaOf(db, who))) return [];
  // eslint-disable-next-line no-control-regex
  const text = q.replace(/[\u0000-\u001f\u007f]/g, '').slice(0, LOOKUP_MAX);
  const { rows, by } = await find(db, text);
  const found = rows.sort(byName).slice(0, LOOKUP_LIMIT);
  if (!found.length) return [];
  const today = lagosDay(now);
  const since = new Date(now.getTime() - REPEAT_MS).toISOString();
  const visits = await db.visits
    .where('member_id')
    .anyOf(found.map((m) => m.id))
    .filter((v) => v.business_id === who.businessId && v.visited_at >= since)
    .toArray();
  return found.map(({ search: _search, ...member }) => {
    const times = visits.filter((v) => v.member_id === member.id).map((v) => v.visited_at);
    if (member.last_visit_at && Date.parse(member.last_visit_at) >= Date.parse(since))
      times.push(new Date(member.last_visit_at).toISOString());
    return {
      member,
      verdict: checkInVerdict({
        is_active: member.is_active,
        today,
        subscriptions: member.subscriptions,
      }),
      found_by: by,
      checked_in_at: times.sort().at(-1) ?? null,
    };
  });
};
