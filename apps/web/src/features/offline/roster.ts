import { foldForSearch, rosterAnswer, type RosterAnswer, type RosterMember } from '@kora/shared';
import { checkInContracts } from '@/lib/api-routes';
import { callApi } from '@/lib/api-client';
import { ApiError } from '@/lib/http';
import type { DeskDb, RosterMeta, RosterRow } from './db';
import { forgetOthersPlans } from './plans';
import type { Who } from './who';

/** Members a roster page asks for. */
const ROSTER_PAGE = 1000;
/** A roster call that has not answered in this long is given up (and tried on the next sync). */
const CALL_TIMEOUT_MS = 60_000;

const toRow = (member: RosterMember): RosterRow => ({
  ...member,
  search: foldForSearch(`${member.first_name} ${member.last_name}`),
});

/** Forgets the members kept on the device (and where their download stood). */
export const wipeRoster = (db: DeskDb): Promise<void> =>
  db.transaction('rw', db.roster, db.meta, async () => {
    await db.roster.clear();
    await db.meta.delete('roster');
  });

/**
 * Forgets what the device keeps of another person's or business's desk before the signed-in one's
 * is downloaded: the members, the plans, the member pages seen and this device's visits. Plans
 * the signed-in person's pages already kept are theirs and stay.
 */
const wipeOthers = (db: DeskDb, who: Who): Promise<void> =>
  db.transaction('rw', [db.roster, db.meta, db.members_seen, db.visits], async () => {
    await db.roster.clear();
    await db.meta.delete('roster');
    await forgetOthersPlans(db, who);
    await db.members_seen.clear();
    await db.visits.clear();
  });

/** The roster's meta row when it holds `who`'s business's members; else undefined. */
export const rosterMetaOf = async (db: DeskDb, who: Who): Promise<RosterMeta | undefined> => {
  const meta = (await db.meta.get('roster')) as RosterMeta | undefined;
  return meta && meta.business_id === who.businessId && meta.user_id === who.userId
    ? meta
    : undefined;
};

const timeout = () =>
  typeof AbortSignal.timeout === 'function' ? AbortSignal.timeout(CALL_TIMEOUT_MS) : undefined;

const fetchPage = async (cursor: string): Promise<RosterAnswer> => {
  const answer = await callApi(checkInContracts.roster, {
    query: { cursor, limit: ROSTER_PAGE },
    signal: timeout(),
  });
  const parsed = rosterAnswer.safeParse(answer);
  if (!parsed.success)
    throw new ApiError(502, 'The list of members came back unreadable.', 'BAD_ROSTER');
  return parsed.data;
};

/**
 * Brings the device's copy of the members up to date for `who`: a device holding another
 * business's or user's members forgets them first; the first download reads page after page
 * until the server says there is no more; later syncs read only what changed since the cursor
 * (updated members put, removed ones deleted). A cursor the server no longer knows (422) wipes
 * the copy and downloads it again. `still()` false (another user signed in) stops between pages.
 * Throws the call's ApiError (network, 401, 5xx) with what was read so far kept.
 */
export const syncRoster = async (
  db: DeskDb,
  who: Who,
  still: () => boolean,
  now: () => Date = () => new Date(),
): Promise<'done' | 'stopped'> => {
  let meta = await rosterMetaOf(db, who);
  if (!meta && (await db.meta.get('roster'))) await wipeOthers(db, who);
  let cursor = meta?.cursor ?? '';
  let restarted = false;
  for (;;) {
    if (!still()) return 'stopped';
    let page: RosterAnswer;
    try {
      page = await fetchPage(cursor);
    } catch (error) {
      if (error instanceof ApiError && error.status === 422 && cursor !== '' && !restarted) {
        restarted = true;
        await wipeRoster(db);
        meta = undefined;
        cursor = '';
        continue;
      }
      throw error;
    }
    if (!still()) return 'stopped';
    const stamp = now().toISOString();
    const next: RosterMeta = {
      key: 'roster',
      business_id: who.businessId,
      user_id: who.userId,
      cursor: page.meta.cursor,
      synced_at: page.meta.more ? (meta?.synced_at ?? null) : stamp,
    };
    await db.transaction('rw', db.roster, db.meta, async () => {
      if (page.data.length) await db.roster.bulkPut(page.data.map(toRow));
      if (page.meta.removed.length) await db.roster.bulkDelete(page.meta.removed);
      await db.meta.put(next);
    });
    meta = next;
    cursor = page.meta.cursor;
    if (!page.meta.more) return 'done';
  }
};
