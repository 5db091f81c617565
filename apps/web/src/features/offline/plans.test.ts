import { afterEach, describe, expect, it } from 'vitest';
import { json, mockFetch } from '@/test/mock-fetch';
import { plan } from '@/test/fixtures';
import { signIn } from '@/test/session';
import { freshDesk, rosterMember, rosterPage } from './test-desk';

const ROSTER = 'GET /v1/check-in/roster';

let desk = freshDesk();
afterEach(async () => {
  await desk.close();
  desk = freshDesk();
});

describe('the plans kept on the device', () => {
  it('keeps only readable active plans, for the same user and business only', async () => {
    signIn({ sub: '1', business_id: 7 });
    const engine = desk.engine();
    await engine.rememberPlans([
      plan(),
      plan({ id: 8, name: 'Old', is_active: 0 }),
      { id: 9, name: '<not a plan>', __proto__: { amount: 1 } },
      null,
    ]);
    expect((await engine.devicePlans())?.map((p) => p.name)).toEqual(['Monthly']);

    signIn({ sub: '2', business_id: 7 });
    expect(await engine.devicePlans()).toBeUndefined();
    signIn({ sub: '1', business_id: 8 });
    expect(await engine.devicePlans()).toBeUndefined();
  });

  it("another person's sign-in forgets the previous person's plans at the roster sync, keeps their own", async () => {
    mockFetch({ [ROSTER]: () => json(200, rosterPage([rosterMember()])) });
    signIn({ sub: '1', business_id: 7 });
    const engine = desk.engine();
    await engine.rememberPlans([plan()]);
    await engine.syncNow();
    expect(await engine.devicePlans()).toHaveLength(1);

    // Tunde of another gym signs in; his own page loaded his plans before the sync ran.
    signIn({ sub: '2', business_id: 8 });
    await engine.rememberPlans([plan({ id: 20, name: 'Weekly' })]);
    await engine.syncNow();
    expect((await engine.devicePlans())?.map((p) => p.name)).toEqual(['Weekly']);
    // Ada again: her plans were forgotten with her members.
    signIn({ sub: '1', business_id: 7 });
    expect(await engine.devicePlans()).toBeUndefined();
  });

  it('sign-out (clearing the device) forgets them', async () => {
    signIn();
    const engine = desk.engine();
    await engine.rememberPlans([plan()]);
    await engine.clearDeviceData();
    expect(await engine.devicePlans()).toBeUndefined();
  });
});
