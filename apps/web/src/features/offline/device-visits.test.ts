import { afterEach, describe, expect, it } from 'vitest';
import type { DeviceVisit } from './types';
import { mockFetch } from '@/test/mock-fetch';
import { unreachable } from '@/test/offline-desk';
import { signIn } from '@/test/session';
import { freshDesk, rosterMember } from './test-desk';

let desk = freshDesk();
afterEach(async () => {
  await desk.close();
  desk = freshDesk();
});

/** The list as the check-in page would show it now. */
const visitsNow = (engine: ReturnType<typeof desk.engine>) =>
  new Promise<DeviceVisit[]>((resolve) => {
    const stop = engine.watchDeviceVisits((visits) => {
      queueMicrotask(() => stop());
      resolve(visits);
    });
  });

describe("today's visits on this device", () => {
  it("lists only today's visits of the signed-in business", async () => {
    signIn({ sub: '1', business_id: 7 });
    // No network: nothing is sent, the check-ins wait.
    mockFetch({ 'POST /v1/check-in': unreachable, 'GET /v1/check-in/roster': unreachable });
    const engine = desk.engine();
    await desk.db.roster.put({ ...rosterMember(), search: 'ada obi' });
    const a = await engine.enqueue({
      kind: 'check_in',
      body: { member_id: 42, found_by: 'name' },
      label: 'Check-in: Ada Obi',
    });
    await engine.recordLocalVisit(42, a.seq!);
    // A visit recorded yesterday (Lagos) is not today's.
    await desk.db.visits.add({
      member_id: 42,
      business_id: 7,
      visited_at: new Date(Date.now() - 26 * 3600_000).toISOString(),
      seq: 999,
    });
    expect(await visitsNow(engine)).toEqual([
      expect.objectContaining({
        name: 'Ada Obi',
        member_code: 'IRON-00042',
        state: 'waiting',
        day_pass: false,
      }),
    ]);

    signIn({ sub: '2', business_id: 8 });
    expect(await visitsNow(engine)).toEqual([]);
  });
});
