import {
  LOOKUP_LIMIT,
  LOOKUP_MAX,
  REPEAT_CHECK_IN_HOURS,
  checkInVerdict,
  lagosDay,
  readLookup,
  type DeskFoundBy,
} from '@kora/shared';
import type { DeskDb, RosterMeta, RosterRow } from './db';
import { rosterMetaOf } from './roster';
import type { OfflineCandidate } from './types';
import type { Who } from './who';

/** How many name matches are read before the 10 shown are chosen (by name), as the server does. */
const NAME_WINDOW = 200;
const REPEAT_MS = REPEAT_CHECK_IN_HOURS * 60 * 60 * 1000;

/** SHA-256 of a text (UTF-8), hex in lower case. */
const sha256Hex = async (text: string): Promise<string> => {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
};

/** SHA-256 of a card code, hex in lower case: the roster keeps only this, never the code. */
export const cardHash = (code: string): Promise<string> => sha256Hex(code);

/**
 * SHA-256 of a phone in E.164 (+2348031234567), hex in lower case: the roster keeps only this,
 * never the number. A typed phone is read as E.164 first (0803 123 4567, +234 803…, 234 803…
 * and 803… are all +234803…), as the server does before hashing a member's.
 */
const phoneHash = (e164: string): Promise<string> => sha256Hex(e164);

/** Active accounts first, then by first name, last name and id (the server's order). */
const byName = (a: RosterRow, b: RosterRow) =>
  Number(b.is_active) - Number(a.is_active) ||
  a.first_name.localeCompare(b.first_name, 'en') ||
  a.last_name.localeCompare(b.last_name, 'en') ||
  a.id - b.id;

/** What a name or member-number search scans: kept in memory, read again when the roster moved. */
interface ScanEntry {
  id: number;
  search: string;
  member_id: string;
}
const scans = new WeakMap<DeskDb, { key: string; entries: Promise<ScanEntry[]> }>();

/**
 * The members' searched texts, from memory while the roster has not changed (same cursor, same
 * count), else read once from the device's database (one read shared by the searches waiting
 * for it): a search per keystroke then costs no scan.
 */
const scanEntries = async (db: DeskDb, meta: RosterMeta): Promise<ScanEntry[]> => {
  const key = `${meta.business_id}|${meta.cursor}|${meta.synced_at}|${await db.roster.count()}`;
  const cached = scans.get(db);
  if (cached?.key === key) return cached.entries;
  const entries = (async () => {
    const list: ScanEntry[] = [];
    await db.roster.each((m) => list.push({ id: m.id, search: m.search, member_id: m.member_id }));
    return list;
  })();
  scans.set(db, { key, entries });
  entries.catch(() => {
    if (scans.get(db)?.entries === entries) scans.delete(db);
  });
  return entries;
};

/** The roster rows of the first `limit` entries that `match`. */
const scan = async (
  db: DeskDb,
  meta: RosterMeta,
  match: (e: ScanEntry) => boolean,
  limit: number,
): Promise<RosterRow[]> => {
  const ids: number[] = [];
  for (const e of await scanEntries(db, meta)) {
    if (!match(e)) continue;
    ids.push(e.id);
    if (ids.length >= limit) break;
  }
  return (await db.roster.bulkGet(ids)).filter((m): m is RosterRow => !!m);
};

const find = async (
  db: DeskDb,
  meta: RosterMeta,
  q: string,
): Promise<{ rows: RosterRow[]; by: DeskFoundBy; phone?: string }> => {
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
        rows: await db.roster
          .where('phone_hash')
          .equals(await phoneHash(reading.e164))
          .toArray(),
        by: 'phone',
        phone: reading.e164,
      };
    case 'member_id': {
      const { id } = reading;
      const rows =
        'code' in id
          ? await db.roster.where('member_id').equalsIgnoreCase(id.code).toArray()
          : // The number alone: the business's members all carry its code before it.
            await scan(db, meta, (m) => m.member_id.endsWith(`-${id.number}`), NAME_WINDOW);
      return { rows, by: 'member_id' };
    }
    case 'name': {
      const term = reading.folded;
      const rows = await scan(db, meta, (m) => m.search.includes(term), NAME_WINDOW);
      return { rows, by: 'name' };
    }
    case 'none':
      return { rows: [], by: 'name' };
  }
};

/**
 * The members `q` finds on this device (at most 10), read the way the server reads it (card
 * code, phone in any Nigerian form, member ID or its number, name without accents; a card and
 * a phone through their hashes, the only form the device keeps them in), each with
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
  const meta = await rosterMetaOf(db, who);
  if (!meta) return [];
  // eslint-disable-next-line no-control-regex
  const text = q.replace(/[\u0000-\u001f\u007f]/g, '').slice(0, LOOKUP_MAX);
  const { rows, by, phone } = await find(db, meta, text);
  const found = rows.sort(byName).slice(0, LOOKUP_LIMIT);
  if (!found.length) return [];
  const today = lagosDay(now);
  const since = new Date(now.getTime() - REPEAT_MS).toISOString();
  const recent = await db.visits
    .where('member_id')
    .anyOf(found.map((m) => m.id))
    .filter((v) => v.business_id === who.businessId && v.visited_at >= since)
    .toArray();
  // A check-in the server refused is no visit.
  const actions = await db.queue.bulkGet(recent.map((v) => v.seq));
  const visits = recent.filter((_, i) => actions[i]?.state !== 'attention');
  return found.map(({ search: _search, ...kept }) => {
    // The device knows a member's phone only when it was typed to find them.
    const member = { ...kept, mobile_number: phone ?? '' };
    const times = visits.filter((v) => v.member_id === member.id).map((v) => v.visited_at);
    if (member.last_visit_at && Date.parse(member.last_visit_at) >= Date.parse(since))
      times.push(new Date(member.last_visit_at).toISOString());
    return {
      member,
      verdict: checkInVerdict({
        is_active: member.is_active,
        today,
        subscriptions: member.subscriptions,
        // The copy's freeze says "Frozen until …" only on its days.
        frozen_until:
          member.frozen_from && member.frozen_from <= today ? (member.frozen_until ?? null) : null,
      }),
      found_by: by,
      checked_in_at: times.sort().at(-1) ?? null,
    };
  });
};

/** Reads the members' searched texts into memory now (after a sync), so the next search is quick. */
export const prepareLookup = async (db: DeskDb, who: Who): Promise<void> => {
  const meta = await rosterMetaOf(db, who);
  if (meta) await scanEntries(db, meta);
};
