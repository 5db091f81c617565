import { afterEach, describe, expect, it } from 'vitest';
import { checkInVerdict } from '@kora/shared';
import { json, mockFetch } from '@/test/mock-fetch';
import { signIn } from '@/test/session';
import { cardHash } from './lookup';
import { freshDesk, phoneHashOf, rosterMember, rosterPage } from './test-desk';

const ROSTER = 'GET /v1/check-in/roster';
const CARD = 'nq7c3xk2m4p5r6s7t2u3v4w5xa';
/** 27 November 2026, 09:00 in Lagos. */
const NOW = new Date('2026-11-27T08:00:00Z');

let desk = freshDesk();
afterEach(async () => {
  await desk.close();
  desk = freshDesk();
});

const ada = rosterMember();
const tunde = rosterMember({
  id: 43,
  member_id: 'IRON-00043',
  first_name: 'Tunde',
  last_name: 'Bello',
  phone_hash: phoneHashOf('+2349051234567'),
  subscriptions: [
    { start_date: '2026-10-01', expiry_date: '2026-11-22', plan_name: 'Monthly', covered_by: null },
  ],
});
const adebayo = rosterMember({
  id: 44,
  member_id: 'IRON-00044',
  first_name: 'Adébáyọ̀',
  last_name: 'Ọláníyàn',
  phone_hash: phoneHashOf('+2347011112222'),
  is_active: false,
});

/** A device whose roster holds `members` (downloaded for Ada of Iron Gym). */
const deviceWith = async (members = [ada, tunde, adebayo]) => {
  signIn();
  mockFetch({ [ROSTER]: () => json(200, rosterPage(members)) });
  const engine = desk.engine(desk.db, { now: () => NOW });
  await engine.syncNow();
  return engine;
};

const ids = (found: { member: { id: number } }[]) => found.map((c) => c.member.id);

describe('offlineLookup', () => {
  it('finds a member by card code through its hash', async () => {
    const hash = await cardHash(CARD);
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    const engine = await deviceWith([{ ...ada, card_hash: hash }, tunde]);
    const found = await engine.offlineLookup(CARD.toUpperCase());
    expect(ids(found)).toEqual([42]);
    expect(found[0]!.found_by).toBe('card');
    expect(await engine.offlineLookup('aaaaaaaaaaaaaaaaaaaaaaaaaa')).toEqual([]);
  });

  it('finds a member by phone in any Nigerian form, through its hash', async () => {
    const engine = await deviceWith();
    for (const typed of [
      '08031234567',
      '0803 123 4567',
      '+234 803 123 4567',
      '2348031234567',
      '803 123 4567',
      '(0803) 123-4567',
    ]) {
      const found = await engine.offlineLookup(typed);
      expect(ids(found), typed).toEqual([42]);
      expect(found[0]!.found_by).toBe('phone');
      // Its name and the rest show; its phone is the one typed (the device keeps none).
      expect(found[0]!.member).toMatchObject({
        first_name: 'Ada',
        last_name: 'Obi',
        member_id: 'IRON-00042',
        mobile_number: '+2348031234567',
      });
    }
    expect(await engine.offlineLookup('0803 123 4568')).toEqual([]);
    // Found another way, the device has no phone to show.
    expect((await engine.offlineLookup('IRON-00042'))[0]!.member.mobile_number).toBe('');
  });

  it('finds a member by member ID or its number alone', async () => {
    const engine = await deviceWith();
    expect(ids(await engine.offlineLookup('IRON-00042'))).toEqual([42]);
    expect(ids(await engine.offlineLookup('iron-42'))).toEqual([42]);
    const byNumber = await engine.offlineLookup('43');
    expect(ids(byNumber)).toEqual([43]);
    expect(byNumber[0]!.found_by).toBe('member_id');
  });

  it('finds names with or without accents, active accounts first', async () => {
    const engine = await deviceWith();
    expect(ids(await engine.offlineLookup('olaniyan'))).toEqual([44]);
    expect(ids(await engine.offlineLookup('Ọláníyàn'))).toEqual([44]);
    expect(ids(await engine.offlineLookup('bello'))).toEqual([43]);
    // "ad" is in Ada and Adébáyọ̀: the active account comes first.
    const found = await engine.offlineLookup('ad');
    expect(ids(found)).toEqual([42, 44]);
    expect(found[0]!.found_by).toBe('name');
    expect(await engine.offlineLookup('nobody')).toEqual([]);
    expect(await engine.offlineLookup('\u0000\u0007')).toEqual([]);
  });

  it("gives the verdict the server's function gives, for today's Lagos day", async () => {
    const engine = await deviceWith();
    const [a] = await engine.offlineLookup('IRON-00042');
    expect(a!.verdict).toEqual(
      checkInVerdict({ is_active: true, today: '2026-11-27', subscriptions: ada.subscriptions }),
    );
    expect(a!.verdict.text).toBe('Ends in 3 days');
    const [t] = await engine.offlineLookup('IRON-00043');
    expect(t!.verdict).toMatchObject({
      status: 'expired',
      text: 'Expired 5 days ago',
      tone: 'red',
    });
    const [d] = await engine.offlineLookup('IRON-00044');
    expect(d!.verdict).toMatchObject({ status: 'deactivated', text: 'Deactivated' });
  });

  it('says "Frozen until …" on the days of the freeze its copy carries, and not before', async () => {
    const frozen = rosterMember({ frozen_from: '2026-11-25', frozen_until: '2026-12-04' });
    const later = rosterMember({
      id: 43,
      member_id: 'IRON-00043',
      phone_hash: phoneHashOf('+2349051234567'),
      frozen_from: '2026-12-01',
      frozen_until: '2026-12-10',
    });
    const engine = await deviceWith([frozen, later]);
    const [a] = await engine.offlineLookup('IRON-00042');
    expect(a!.verdict).toMatchObject({
      status: 'frozen',
      tone: 'red',
      text: 'Frozen until 4 December',
    });
    // A freeze that starts later does not stop them today.
    const [b] = await engine.offlineLookup('IRON-00043');
    expect(b!.verdict.status).not.toBe('frozen');
  });

  it('says a member checked in within 2 hours, from this device or the list', async () => {
    const engine = await deviceWith([
      ada,
      { ...tunde, last_visit_at: '2026-11-27T07:42:00.000Z' }, // 08:42 Lagos, 18 minutes ago
      { ...adebayo, last_visit_at: '2026-11-27T05:00:00.000Z' }, // 3 hours ago
    ]);
    expect((await engine.offlineLookup('IRON-00042'))[0]!.checked_in_at).toBeNull();
    expect((await engine.offlineLookup('IRON-00043'))[0]!.checked_in_at).toBe(
      '2026-11-27T07:42:00.000Z',
    );
    expect((await engine.offlineLookup('IRON-00044'))[0]!.checked_in_at).toBeNull();

    mockFetch({
      'POST /v1/check-in': () => {
        throw new TypeError('Failed to fetch');
      },
    });
    const queued = await engine.enqueue({
      kind: 'check_in',
      body: { member_id: 42, found_by: 'member_id' },
      label: 'Check-in: Ada Obi',
    });
    await engine.recordLocalVisit(42, queued.seq!);
    expect((await engine.offlineLookup('IRON-00042'))[0]!.checked_in_at).toBe(NOW.toISOString());

    // The server refused that check-in (it needs the desk's attention): it is no visit.
    await desk.db.queue.update(queued.seq!, { state: 'attention' });
    expect((await engine.offlineLookup('IRON-00042'))[0]!.checked_in_at).toBeNull();
  });

  it("finds no one in a copy of another business's members", async () => {
    const engine = await deviceWith();
    signIn({ business_id: 8 });
    expect(await engine.offlineLookup('IRON-00042')).toEqual([]);
    expect(await engine.offlineLookup('Ada')).toEqual([]);
  });
  it('finds by name the members a later sync brought, and no longer those it removed', async () => {
    const engine = await deviceWith([ada]);
    expect(await engine.offlineLookup('tunde')).toEqual([]);
    expect(ids(await engine.offlineLookup('ada'))).toEqual([42]);
    mockFetch({ [ROSTER]: () => json(200, rosterPage([tunde], { cursor: 'c2', removed: [42] })) });
    await engine.syncNow();
    expect(ids(await engine.offlineLookup('tunde'))).toEqual([43]);
    expect(ids(await engine.offlineLookup('43'))).toEqual([43]);
    expect(await engine.offlineLookup('ada')).toEqual([]);
  });
});
