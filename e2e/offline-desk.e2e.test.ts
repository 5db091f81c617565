import {
  checkInContracts,
  memberContracts,
  paymentContracts,
  type Payment,
  type Visit,
} from '@kora/shared';
import type { Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BASE_URL, call, createMember, createMonthlyPlan, setBaseUrl, signUpOwner } from './api';
import { launchBrowser, type Browser } from './browser';
import { startOwnServer, type OwnServer } from './server';

/*
 * The offline desk on the built app and API, service worker on, the network switched off by the
 * test. The desk visits once online (the members are downloaded), the generator goes off: 20
 * check-ins by phone, member ID and name and 5 cash payments are kept on the device through a
 * reload and a closed page; the network comes back and each reaches the server once, with the
 * desk's times. Then two tabs coming online together, a member deactivated by another desk while
 * this one is offline, and the API server killed mid-sync and started again.
 *
 * The file runs its own API server (the built one, on a data folder of its own) so it can kill it
 * and start it again on the same data and address; e2e/run.mjs's server is not used.
 */

const password = 'Kora!Outage12';
const PLAN_NAME = 'Monthly Outage';

interface Person {
  id: number;
  memberId: string;
  first: string;
  last: string;
  phone: string;
}
const name = (p: Person) => `${p.first} ${p.last}`;

const FIRST = [
  'Adaeze',
  'Babatunde',
  'Chiamaka',
  'Dapo',
  'Ebere',
  'Folake',
  'Gbenga',
  'Hauwa',
  'Ifeanyi',
  'Jumoke',
  'Kelechi',
  'Ladi',
  'Musa',
  'Nkechi',
  'Obinna',
  'Patience',
  'Remi',
  'Segun',
  'Temitope',
  'Uche',
  'Victoria',
  'Wale',
  'Yemisi',
  'Zainab',
  'Amaka',
  'Bolaji',
  'Chidi',
  'Dayo',
  'Emeka',
  'Funmi',
  'Garba',
  'Halima',
  'Ikenna',
  'Jide',
  'Kunle',
  'Lola',
  'Mercy',
  'Ngozi',
];
const LAST = [
  'Okafor',
  'Adeyemi',
  'Nwosu',
  'Bello',
  'Eze',
  'Ogunleye',
  'Ibrahim',
  'Okeke',
  'Balogun',
  'Uzor',
  'Lawal',
  'Obi',
  'Akande',
  'Danjuma',
  'Onyeka',
  'Salami',
  'Chukwu',
  'Fashola',
  'Ige',
  'Nnamdi',
  'Yusuf',
  'Ojo',
  'Bakare',
  'Umar',
  'Abubakar',
  'Eke',
  'Afolabi',
  'Mohammed',
  'Okon',
  'Ajayi',
  'Igwe',
  'Sule',
  'Oladipo',
  'Anya',
  'Bassey',
  'Etim',
  'Ekwueme',
  'Adebayo',
];

let server: OwnServer;
let browser: Browser;
let token = '';
let planId = 0;
const people: Person[] = [];
/** Paid this month (green): the 20 check-ins of the outage. */
let regulars: Person[] = [];
/** Never paid (red): the 5 cash payments of the outage. */
let payers: Person[] = [];
/** Paid: one checked in from each of two tabs. */
let tabbers: Person[] = [];
/** Never paid: deactivated by another desk while this one is offline. */
let deactivated: Person;
/** Never paid: pays cash in one of the two tabs. */
let tabPayer: Person;
/** Paid: checked in after the refused payment (nothing else is blocked). */
let after: Person;
/** Paid: checked in offline, sent while the server is killed and started again. */
let restarted: Person[] = [];

/** The time as the API server sees it is the test's: both on this machine. */
const nowIso = () => new Date().toISOString();

/** Today's visits on the server (one page is enough for this gym). */
const visitsOfToday = async () =>
  (await fetchJson(`${checkInContracts.listDay.path}?per_page=100`)).data as Visit[];

/** Every payment of the business (one page is enough for this gym). */
const allPayments = async (): Promise<Payment[]> =>
  (await fetchJson(`${paymentContracts.list.path}?per_page=100`)).data as Payment[];

const fetchJson = async (path: string) => {
  const res = await fetch(`${BASE_URL}${path}`, { headers: { Authorization: `Bearer ${token}` } });
  if (!res.ok) throw new Error(`GET ${path}: ${res.status}`);
  return (await res.json()) as { data: unknown; meta?: { total: number } };
};

const banner = (page: Page) => page.getByRole('status', { name: 'Offline desk' });
const searchBox = (page: Page) => page.getByLabel('Phone, member ID, card or name');
const verdictOf = (page: Page, p: Person) =>
  page.getByRole('region', { name: `${name(p)}: can they train today?` });

/** The desk's queue on this device, read from IndexedDB as it is. */
const deviceQueue = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<
        {
          seq: number;
          kind: string;
          state: string;
          recorded_at: string;
          idempotency_key: string;
          result?: { receipt_number?: string; recorded_at?: string } | null;
          problem?: { message: string };
          label: string;
        }[]
      >((resolve, reject) => {
        const open = indexedDB.open('kora-desk');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          const read = db.transaction('queue').objectStore('queue').getAll();
          read.onsuccess = () => {
            resolve(read.result);
            db.close();
          };
          read.onerror = () => reject(read.error);
        };
      }),
  );

/** When the desk last finished a sync (queue and members), read from IndexedDB; '' if never. */
const lastSyncAt = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<string>((resolve, reject) => {
        const open = indexedDB.open('kora-desk');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          const read = db.transaction('meta').objectStore('meta').get('sync');
          read.onsuccess = () => {
            resolve((read.result as { last_sync_at?: string } | undefined)?.last_sync_at ?? '');
            db.close();
          };
          read.onerror = () => reject(read.error);
        };
      }),
  );

/** Looks `query` up on the check-in page and opens the member's verdict. */
const lookUp = async (page: Page, query: string, p: Person) => {
  await searchBox(page).fill(query);
  await searchBox(page).press('Enter');
  await verdictOf(page, p).waitFor();
  return verdictOf(page, p);
};

/**
 * Offline: checks the member in; the desk answers "Saved — will sync". A phone number or member
 * ID with Enter is a scan: a green member is checked in at once; a name waits for the click.
 */
const checkInOffline = async (page: Page, query: string, p: Person) => {
  const verdict = await lookUp(page, query, p);
  if (!/\d/.test(query))
    await verdict.getByRole('button', { name: 'Check in', exact: true }).click();
  await verdict
    .getByRole('status')
    .getByText(/Saved — will sync/)
    .waitFor();
};

/** Online: opens Record Payment for `p` and its plan list once, so the tab holds the plans. */
const loadPlans = async (page: Page, p: Person) => {
  const verdict = await lookUp(page, p.phone, p);
  await verdict.getByRole('button', { name: 'Record Payment' }).click();
  const dialog = page.getByRole('dialog', { name: 'Record Payment' });
  await dialog.getByLabel('Subscription Plan').and(page.locator('input')).click();
  await page.getByRole('option', { name: new RegExp(`^${PLAN_NAME}`) }).waitFor();
  await page.keyboard.press('Escape');
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'detached' });
};

/**
 * Offline: a cash payment of one month for a red member, from the verdict's Record Payment;
 * the confirmation is closed unless `keepOpen` (then it is answered).
 */
const cashPaymentOffline = async (page: Page, p: Person, keepOpen = false) => {
  const verdict = await lookUp(page, p.phone, p);
  await verdict.getByRole('button', { name: 'Record Payment' }).click();
  const dialog = page.getByRole('dialog', { name: 'Record Payment' });
  await dialog.waitFor();
  const input = (label: string) => dialog.getByLabel(label).and(page.locator('input'));
  await input('Subscription Plan').click();
  await page.getByRole('option', { name: new RegExp(`^${PLAN_NAME}`) }).click();
  await input('Payment Method').click();
  await page.getByRole('option', { name: 'Cash' }).click();
  await dialog.getByRole('button', { name: 'Record Payment' }).click();
  await dialog.getByText('Saved — will sync').waitFor();
  await dialog.getByText(`received from ${name(p)}`, { exact: false }).waitFor();
  await dialog.getByText('Receipt number: given once it syncs').waitFor();
  if (keepOpen) return dialog;
  await dialog.getByRole('button', { name: 'Close' }).first().click();
  await dialog.waitFor({ state: 'detached' });
  return dialog;
};

const waitingLine = (n: number) => `Offline — ${n} action${n === 1 ? '' : 's'} waiting`;

beforeAll(async () => {
  server = await startOwnServer();
  setBaseUrl(server.base);
  const tokens = await signUpOwner(
    {
      first_name: 'Funke',
      last_name: 'Alade',
      email: `owner.${Date.now()}@outage.ng`,
      phone_number: '08036660000',
      password,
    },
    { business_name: 'Outage Gym', address: '3 Allen Avenue', city: 'Ikeja', state: 'Lagos' },
  );
  token = tokens.access_token;
  planId = (await createMonthlyPlan(token, PLAN_NAME, 15000)).id;
  for (let i = 0; i < FIRST.length; i += 1) {
    const phone = `0803666${String(i + 1).padStart(4, '0')}`;
    const created = await createMember(token, {
      first_name: FIRST[i]!,
      last_name: LAST[i]!,
      mobile_number: phone,
      email_address: `${FIRST[i]!.toLowerCase()}.${i}@outage.ng`,
      city: 'Ikeja',
      state: 'Lagos',
    });
    people.push({
      id: created.id,
      memberId: created.member_id,
      first: FIRST[i]!,
      last: LAST[i]!,
      phone,
    });
  }
  regulars = people.slice(0, 20);
  payers = people.slice(20, 25);
  tabbers = people.slice(25, 27);
  deactivated = people[27]!;
  after = people[28]!;
  restarted = people.slice(29, 37);
  tabPayer = people[37]!;
  for (const p of [...regulars, ...tabbers, after, ...restarted])
    await call(paymentContracts.record, {
      token,
      body: {
        member_id: p.id,
        subscription_type_id: planId,
        amount: 15000,
        method: 'Cash',
        duration: 1,
      },
    });
  browser = await launchBrowser(tokens, { serviceWorkers: 'allow' });
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('the offline desk', () => {
  let onlineAt = '';
  /** The server's payments before the outage (the members paid for through the API). */
  let paymentsBefore = 0;

  it('online first: the members are downloaded; offline, a reload opens the desk', async () => {
    const page = browser.page;
    await page.goto('/check-in');
    await page.getByRole('heading', { name: 'Check-in' }).waitFor();
    // The service worker has kept the back office.
    expect(
      await page.evaluate(async () => Boolean((await navigator.serviceWorker.ready).active)),
    ).toBe(true);
    // The plans of Record Payment are loaded in this tab while online (kept by the page).
    await loadPlans(page, payers[0]!);
    paymentsBefore = (await allPayments()).length;
    expect(paymentsBefore).toBe(20 + 2 + 1 + 8);

    await browser.context.setOffline(true);
    // The device holds every member: the page says where its answers come from.
    await page
      .getByText(/^Offline: answers from this device's list of members, updated \d\d:\d\d$/)
      .waitFor();
    await banner(page).getByText(waitingLine(0), { exact: false }).waitFor();
  });

  it('offline: 5 cash payments and 20 check-ins are kept through a reload and a closed page', async () => {
    let page = browser.page;
    for (const p of payers) await cashPaymentOffline(page, p);
    await banner(page).getByText(waitingLine(5), { exact: false }).waitFor();

    // Ten check-ins: by phone (in another written form too), member ID and name.
    const how = (i: number, p: Person) =>
      i % 3 === 0
        ? `+234${p.phone.slice(1)}`.replace(/^(\+234)(\d{3})/, '$1 $2 ')
        : i % 3 === 1
          ? p.memberId
          : name(p).toLowerCase();
    for (const [i, p] of regulars.slice(0, 10).entries()) await checkInOffline(page, how(i, p), p);
    await banner(page).getByText(waitingLine(15), { exact: false }).waitFor();

    // A reload in the middle: the app opens from the device, nothing is lost.
    await page.reload();
    await page.getByRole('heading', { name: 'Check-in' }).waitFor();
    await banner(page).getByText(waitingLine(15), { exact: false }).waitFor();

    for (const [i, p] of regulars.slice(10).entries())
      await checkInOffline(page, how(i + 10, p), p);
    await banner(page).getByText(waitingLine(25), { exact: false }).waitFor();

    // Her phone scanned again: the device remembers her visit; nothing is queued.
    const again = await lookUp(page, regulars[3]!.phone, regulars[3]!);
    await again
      .getByRole('status')
      .getByText(/^Already checked in at \d\d:\d\d$/)
      .waitFor();
    await banner(page).getByText(waitingLine(25), { exact: false }).waitFor();
    expect(await deviceQueue(page)).toHaveLength(25);

    // The page closed, a new one opened in the same profile, still offline: all still waiting.
    await page.close();
    page = await browser.context.newPage();
    browser.page = page;
    await page.goto('/check-in');
    await page.getByRole('heading', { name: 'Check-in' }).waitFor();
    await banner(page).getByText(waitingLine(25), { exact: false }).waitFor();
    const queue = await deviceQueue(page);
    // (A round that tried meanwhile may be holding one as "sending": it goes back to waiting.)
    expect(queue.filter((a) => a.state === 'waiting' || a.state === 'sending')).toHaveLength(25);
    expect(queue.filter((a) => a.kind === 'payment')).toHaveLength(5);
    // Nothing reached the server meanwhile.
    expect(await visitsOfToday()).toHaveLength(0);
    expect(await allPayments()).toHaveLength(paymentsBefore);
  });

  it('online again: each action reaches the server once, with the desk’s times', async () => {
    const page = browser.page;
    const before = await deviceQueue(page);
    onlineAt = nowIso();
    await browser.context.setOffline(false);
    // What is asserted is waited for (the desk sends on the browser's `online` event and retries
    // within seconds): the 20 visits and 5 payments on the server, then the banner gone. The
    // bounds are generous for a busy machine; the promptness itself is held by the web's unit
    // tests (features/offline/reconnect.test.ts).
    await expect
      .poll(async () => (await visitsOfToday()).length, { timeout: 60_000, interval: 500 })
      .toBe(20);
    await expect
      .poll(async () => (await allPayments()).length, { timeout: 30_000, interval: 500 })
      .toBe(paymentsBefore + 5);
    await expect.poll(() => banner(page).count(), { timeout: 30_000, interval: 500 }).toBe(0);

    const visits = await visitsOfToday();
    expect(visits).toHaveLength(20);
    expect(new Set(visits.map((v) => v.member.id))).toEqual(new Set(regulars.map((p) => p.id)));
    // Each visit carries the time the desk checked the member in, before the network came back.
    const queuedAt = new Map(
      before.filter((a) => a.kind === 'check_in').map((a) => [a.label, a.recorded_at]),
    );
    for (const v of visits) {
      expect(v.visited_at < onlineAt).toBe(true);
      const at = queuedAt.get(`Check-in: ${v.member.first_name} ${v.member.last_name}`);
      expect(new Date(v.visited_at).getTime()).toBe(new Date(at!).getTime());
    }
    const foundBy = visits.map((v) => v.found_by);
    for (const how of ['phone', 'member_id', 'name'] as const)
      expect(foundBy.filter((f) => f === how).length).toBeGreaterThanOrEqual(6);

    const payments = await allPayments();
    expect(payments).toHaveLength(paymentsBefore + 5);
    const cash = payments.filter((pay) => payers.some((p) => p.id === pay.member_id));
    expect(cash.map((pay) => pay.member_id).sort()).toEqual(payers.map((p) => p.id).sort());
    for (const pay of cash) {
      expect(pay.method).toBe('Cash');
      expect(pay.amount).toBe(15000);
      expect(pay.receipt_number).toMatch(/^[A-Z0-9]+-\d{6}$/);
    }

    // On the device, each payment shows its receipt number and the time it was taken.
    const done = (await deviceQueue(page)).filter((a) => a.kind === 'payment');
    expect(done.map((a) => a.state)).toEqual(Array(5).fill('done'));
    expect(done.map((a) => a.result?.receipt_number).sort()).toEqual(
      cash.map((pay) => pay.receipt_number).sort(),
    );
    for (const a of done) {
      expect(new Date(a.result!.recorded_at!).getTime()).toBe(new Date(a.recorded_at).getTime());
      expect(a.recorded_at < onlineAt).toBe(true);
    }
  }, 120_000);

  it('two tabs coming online together: each action is recorded once', async () => {
    const first = browser.page;
    const second = await browser.context.newPage();
    try {
      await loadPlans(first, tabPayer);
      await second.goto('/check-in');
      await second.getByRole('heading', { name: 'Check-in' }).waitFor();
      await browser.context.setOffline(true);
      await first.getByText(/^Offline: answers from this device's list/).waitFor();
      await second.getByText(/^Offline: answers from this device's list/).waitFor();
      await checkInOffline(first, tabbers[0]!.phone, tabbers[0]!);
      await checkInOffline(second, tabbers[1]!.phone, tabbers[1]!);
      // The payment's confirmation stays open in the first tab.
      const confirmation = await cashPaymentOffline(first, tabPayer, true);
      // Both tabs see the three actions waiting.
      for (const page of [first, second])
        await banner(page).getByText(waitingLine(3), { exact: false }).waitFor();

      await browser.context.setOffline(false);
      await expect
        .poll(async () => (await visitsOfToday()).length, { timeout: 60_000, interval: 500 })
        .toBe(22);
      for (const page of [first, second])
        await expect.poll(() => banner(page).count(), { timeout: 30_000, interval: 500 }).toBe(0);
      const visits = await visitsOfToday();
      expect(visits).toHaveLength(22);
      for (const p of tabbers) expect(visits.filter((v) => v.member.id === p.id)).toHaveLength(1);
      const paid = (await allPayments()).filter((pay) => pay.member_id === tabPayer.id);
      expect(paid).toHaveLength(1);
      // The open confirmation now shows the server's receipt number.
      await confirmation.getByText(`Receipt number: ${paid[0]!.receipt_number}`).waitFor();
      await confirmation.getByRole('button', { name: 'Close' }).first().click();
    } finally {
      await second.close();
    }
  }, 120_000);

  it('a member deactivated by another desk meanwhile: the payment needs attention, the rest goes', async () => {
    const page = browser.page;
    await browser.context.setOffline(true);
    await page.getByText(/^Offline: answers from this device's list/).waitFor();
    await cashPaymentOffline(page, deactivated);
    await checkInOffline(page, after.phone, after);
    await banner(page).getByText(waitingLine(2), { exact: false }).waitFor();

    // Another desk, online, deactivates her.
    await call(memberContracts.update, {
      token,
      params: { id: deactivated.id },
      body: { is_active: false },
    });

    await browser.context.setOffline(false);
    const attention = banner(page).getByRole('link', { name: '1 action needs attention' });
    await attention.waitFor({ timeout: 30_000 });
    // The check-in queued after it went through.
    await expect
      .poll(async () => (await visitsOfToday()).filter((v) => v.member.id === after.id).length)
      .toBe(1);
    expect((await allPayments()).filter((pay) => pay.member_id === deactivated.id)).toHaveLength(0);

    await attention.click();
    await page.waitForURL(/\/offline$/);
    const itemLabel = `Cash ₦15,000: ${name(deactivated)} (${PLAN_NAME})`;
    const item = page.getByLabel(itemLabel);
    await item
      .getByText('This member is deactivated. Reactivate them before recording a payment.', {
        exact: false,
      })
      .first()
      .waitFor();
    await item.getByRole('button', { name: 'Discard' }).waitFor();
    // Only that one waits: nothing else is blocked.
    expect((await deviceQueue(page)).filter((a) => a.state !== 'done')).toHaveLength(1);

    // Reactivated, Retry sends it: the payment is recorded once, with the desk's time.
    await call(memberContracts.update, {
      token,
      params: { id: deactivated.id },
      body: { is_active: true },
    });
    await item.getByRole('button', { name: 'Retry' }).click();
    await page.getByText('Nothing needs attention', { exact: false }).waitFor();
    await expect.poll(() => banner(page).count()).toBe(0);
    const paid = (await allPayments()).filter((pay) => pay.member_id === deactivated.id);
    expect(paid).toHaveLength(1);
    const queued = (await deviceQueue(page)).find((a) => a.label === itemLabel);
    expect(new Date(queued!.result!.recorded_at!).getTime()).toBe(
      new Date(queued!.recorded_at).getTime(),
    );
  });

  it('the API server killed mid-sync and started again: the sync resumes, each action once', async () => {
    const page = browser.page;
    const opened = nowIso();
    await page.goto('/check-in');
    await page.getByRole('heading', { name: 'Check-in' }).waitFor();
    // The page's first sync has finished before the network goes.
    await expect.poll(async () => (await lastSyncAt(page)) >= opened).toBe(true);
    await browser.context.setOffline(true);
    await page.getByText(/^Offline: answers from this device's list/).waitFor();
    for (const p of restarted) await checkInOffline(page, p.memberId, p);
    await banner(page).getByText(waitingLine(restarted.length), { exact: false }).waitFor();

    // The server dies (SIGKILL, no goodbye) as the third check-in is being sent.
    let sent = 0;
    let killed: Promise<void> | null = null;
    const onRequest = (request: { method: () => string; url: () => string }) => {
      if (request.method() !== 'POST' || !request.url().endsWith('/v1/check-in')) return;
      sent += 1;
      if (sent === 3 && !killed) killed = server.kill();
    };
    browser.context.on('request', onRequest);
    // A check-in sent once the kill has begun goes out only when the server is gone, however
    // fast the kill lands on a busy machine (else all could be answered before it does).
    const afterKill = async (route: Route) => {
      if (killed && route.request().method() === 'POST') await killed;
      await route.continue();
    };
    await browser.context.route('**/v1/check-in', afterKill);
    await browser.context.setOffline(false);
    await expect.poll(() => killed !== null, { timeout: 30_000 }).toBe(true);
    await killed;
    browser.context.off('request', onRequest);
    // Killed midway: the first ones were answered (two, or three when the third's answer left
    // before the kill landed); the desk keeps the rest waiting.
    const labels = new Set(restarted.map((p) => `Check-in: ${name(p)}`));
    const states = async () =>
      (await deviceQueue(page)).filter((a) => labels.has(a.label)).map((a) => a.state);
    await expect.poll(async () => (await states()).includes('sending')).toBe(false);
    const midway = await states();
    const answered = midway.filter((s) => s === 'done').length;
    const waiting = midway.filter((s) => s === 'waiting').length;
    expect(answered).toBeGreaterThanOrEqual(2);
    expect(waiting).toBeGreaterThanOrEqual(1);
    expect(answered + waiting).toBe(restarted.length);
    await banner(page).getByText(waitingLine(waiting), { exact: false }).waitFor();

    await browser.context.unroute('**/v1/check-in', afterKill);
    await server.start();
    // The sync resumes on its own (its retries come after 2, 5, 15, 30 s…), and the banner goes.
    await expect.poll(() => banner(page).count(), { timeout: 65_000, interval: 500 }).toBe(0);
    const visits = await visitsOfToday();
    for (const p of restarted) expect(visits.filter((v) => v.member.id === p.id)).toHaveLength(1);
    expect(visits).toHaveLength(20 + 2 + 1 + restarted.length);
  }, 120_000);
});
