import { afterEach, describe, expect, it, vi } from 'vitest';
import { Dexie } from 'dexie';
import { ROSTER_CURSOR_MESSAGE } from '@kora/shared';
import { fail, json, mockFetch, ok } from '@/test/mock-fetch';
import { signIn } from '@/test/session';
import { openDeskDb } from './db';
import { freshDesk, phoneHashOf, rosterMember, rosterPage } from './test-desk';

const ROSTER = 'GET /v1/check-in/roster';

let desk = freshDesk();
afterEach(async () => {
  await desk.close();
  desk = freshDesk();
});

const ids = async () => (await desk.db.roster.orderBy('id').primaryKeys()) as number[];

describe('roster', () => {
  it('downloads every page the first time, then only what changed since the cursor', async () => {
    signIn();
    const pages: Record<string, ReturnType<typeof rosterPage>> = {
      '': rosterPage([rosterMember({ id: 1 }), rosterMember({ id: 2 })], {
        cursor: 'p1',
        more: true,
      }),
      p1: rosterPage([rosterMember({ id: 3 })], { cursor: 'p2', more: true }),
      p2: rosterPage([rosterMember({ id: 4 })], { cursor: 'end1', more: false }),
      end1: rosterPage([rosterMember({ id: 2, first_name: 'Adaeze', is_active: false })], {
        cursor: 'end2',
        removed: [3],
      }),
    };
    const api = mockFetch({ [ROSTER]: (req) => json(200, pages[req.query.get('cursor') ?? '']) });
    const engine = desk.engine();
    await engine.syncNow();
    expect(api.sent(ROSTER).map((r) => r.query.get('cursor') ?? '')).toEqual(['', 'p1', 'p2']);
    expect(api.sent(ROSTER).map((r) => r.query.get('limit'))).toEqual(['1000', '1000', '1000']);
    expect(await ids()).toEqual([1, 2, 3, 4]);
    expect(await desk.db.meta.get('roster')).toMatchObject({
      cursor: 'end1',
      business_id: 7,
      user_id: 1,
      synced_at: expect.any(String),
    });

    await engine.syncNow();
    expect(api.sent(ROSTER).map((r) => r.query.get('cursor') ?? '')).toEqual([
      '',
      'p1',
      'p2',
      'end1',
    ]);
    expect(await ids()).toEqual([1, 2, 4]); // 3 removed
    expect(await desk.db.roster.get(2)).toMatchObject({
      first_name: 'Adaeze',
      is_active: false,
      search: 'adaeze obi',
    });
  });

  it('a cursor the server no longer knows (422) wipes the copy and downloads it again', async () => {
    signIn();
    let stale = false;
    const api = mockFetch({
      [ROSTER]: (req) => {
        const cursor = req.query.get('cursor') ?? '';
        if (cursor === '')
          return json(
            200,
            rosterPage(stale ? [rosterMember({ id: 5 })] : [rosterMember({ id: 1 })], {
              cursor: 'c1',
            }),
          );
        return fail(422, 'Validation failed', { cursor: ROSTER_CURSOR_MESSAGE });
      },
    });
    const engine = desk.engine();
    await engine.syncNow();
    expect(await ids()).toEqual([1]);
    stale = true;
    await engine.syncNow();
    expect(api.sent(ROSTER).map((r) => r.query.get('cursor') ?? '')).toEqual(['', 'c1', '']);
    expect(await ids()).toEqual([5]); // member 1 was gone from the server: not kept
  });

  it('another business signing in wipes the copy before downloading its own', async () => {
    signIn({ business_id: 7 });
    mockFetch({
      [ROSTER]: () => json(200, rosterPage([rosterMember({ id: 1 })], { cursor: 'c7' })),
    });
    const engine = desk.engine();
    await engine.syncNow();
    expect(await ids()).toEqual([1]);
    await engine.rememberMember(1, { first_name: 'Ada' });

    signIn({ business_id: 8 });
    let seenDuringDownload: number[] = [];
    mockFetch({
      [ROSTER]: async (req) => {
        seenDuringDownload = await ids();
        expect(req.query.get('cursor')).toBeNull(); // from the start
        return json(200, rosterPage([rosterMember({ id: 80 })], { cursor: 'c8' }));
      },
    });
    // Before it syncs, the other business's members are not found here.
    expect(await engine.offlineLookup('Ada')).toEqual([]);
    await engine.syncNow();
    expect(seenDuringDownload).toEqual([]);
    expect(await ids()).toEqual([80]);
    expect(await desk.db.meta.get('roster')).toMatchObject({ business_id: 8, cursor: 'c8' });
    expect(await desk.db.members_seen.count()).toBe(0); // business 7's member page is gone too
  });

  it('keeps what it read when the network drops mid-download, and goes on from there', async () => {
    signIn();
    let down = true;
    const api = mockFetch({
      [ROSTER]: (req) => {
        if (!req.query.get('cursor'))
          return json(200, rosterPage([rosterMember({ id: 1 })], { cursor: 'p1', more: true }));
        if (down) throw new TypeError('Failed to fetch');
        return json(200, rosterPage([rosterMember({ id: 2 })], { cursor: 'end' }));
      },
    });
    const engine = desk.engine();
    await engine.syncNow();
    expect(await ids()).toEqual([1]);
    expect(await desk.db.meta.get('roster')).toMatchObject({ cursor: 'p1', synced_at: null });
    down = false;
    await engine.syncNow();
    expect(api.sent(ROSTER).map((r) => r.query.get('cursor') ?? '')).toEqual(['', 'p1', 'p1']);
    expect(await ids()).toEqual([1, 2]);
  });

  it('clearDeviceData forgets members, members as last seen, visits and sent actions, not waiting ones', async () => {
    signIn();
    let online = true;
    mockFetch({
      [ROSTER]: () => json(200, rosterPage([rosterMember({ id: 1 })])),
      'POST /v1/check-in': () => {
        if (!online) throw new TypeError('Failed to fetch');
        return ok({ visit: { id: 1 } }, {}, 201);
      },
    });
    const engine = desk.engine();
    const sent = await engine.enqueue({ kind: 'check_in', body: { member_id: 1 }, label: 'a' });
    await engine.syncNow();
    await engine.rememberMember(1, { first_name: 'Ada' });
    await engine.recordLocalVisit(1, sent.seq!);
    online = false;
    const waiting = await engine.enqueue({ kind: 'check_in', body: { member_id: 1 }, label: 'b' });
    await engine.syncNow();
    // Another user's refused action stays for them.
    await desk.db.queue.add({ ...waiting, seq: undefined, user_id: 2, state: 'attention' });

    await engine.clearDeviceData();
    expect(await desk.db.roster.count()).toBe(0);
    expect(await desk.db.meta.get('roster')).toBeUndefined();
    expect(await engine.lastSeenMember(1)).toBeUndefined();
    expect(await desk.db.visits.count()).toBe(0);
    const left = await desk.db.queue.toArray();
    expect(left.map((a) => [a.label, a.user_id, a.state])).toEqual([
      ['b', 1, 'waiting'],
      ['b', 2, 'attention'],
    ]);
    expect(await engine.pendingCount()).toBe(1);
  });

  it("clearDeviceData empties the service worker's cache of members' pictures", async () => {
    signIn();
    const pictures = new Map([['kora-pictures', ['/uploads/ada.png']]]);
    vi.stubGlobal('caches', { delete: async (name: string) => pictures.delete(name) });
    await desk.engine().clearDeviceData();
    expect([...pictures.keys()]).toEqual([]);
  });

  it('keeps members with their phone’s hash only, and forgets a copy kept from before with phones', async () => {
    // A device that kept the members as the desk did before: phones in the clear.
    const name = `kora-desk-before-hashes-${Date.now()}`;
    const before = new Dexie(name, { indexedDB, IDBKeyRange });
    before.version(1).stores({
      roster: 'id, member_id, mobile_number, card_hash, search',
      meta: 'key',
      queue: '++seq, state, [user_id+state]',
      visits: '++id, member_id, seq',
      members_seen: 'id',
    });
    const { phone_hash: _hash, ...ada } = rosterMember();
    await before
      .table('roster')
      .put({ ...ada, mobile_number: '+2348031234567', search: 'ada obi' });
    await before.table('meta').put({ key: 'roster', business_id: 7, user_id: 1, cursor: 'c9' });
    await before.table('queue').put({ kind: 'check_in', state: 'waiting', user_id: 1, body: {} });
    before.close();

    const db = openDeskDb(name);
    try {
      expect(await db.roster.count()).toBe(0);
      expect(await db.meta.get('roster')).toBeUndefined();
      // What the desk recorded and has not sent stays.
      expect(await db.queue.count()).toBe(1);

      // The next download keeps the hash, and no phone anywhere.
      signIn();
      mockFetch({ [ROSTER]: () => json(200, rosterPage([rosterMember()])) });
      await desk.engine(db).syncNow();
      const kept = await db.roster.toArray();
      expect(kept.map((m) => m.id)).toEqual([42]);
      expect(kept[0]!.phone_hash).toBe(phoneHashOf('+2348031234567'));
      expect(JSON.stringify(kept)).not.toMatch(/8031234567/);
    } finally {
      db.close();
      await db.delete();
    }
  });
});
