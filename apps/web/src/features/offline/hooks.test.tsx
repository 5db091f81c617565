import 'fake-indexeddb/auto';
import { act, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fail, json, mockFetch, ok } from '@/test/mock-fetch';
import { signIn } from '@/test/session';
import { loadEngine } from './load';
import { rosterMember, rosterPage } from './test-desk';
import {
  enqueue,
  pendingCount,
  startDeskSync,
  syncNow,
  useAttention,
  useConnection,
  useDeskStatus,
  useQueuedAction,
} from './index';

const CHECK_IN = 'POST /v1/check-in';
const PAYMENT = 'POST /v1/payment';
const ROSTER = 'GET /v1/check-in/roster';

const offline = () => {
  throw new TypeError('Failed to fetch');
};

/** The app's own device database starts empty for each test. */
beforeEach(async () => {
  const { db } = await loadEngine();
  await Promise.all(db.tables.map((t) => t.clear()));
});
afterEach(async () => {
  await act(() => syncNow()); // let a round started by the test end before the next one
});

function SavedPanel({ seq }: { seq: number | undefined }) {
  const action = useQueuedAction(seq);
  if (!action) return null;
  const receipt = (action.result as { payment?: { receipt_number?: string } } | undefined)?.payment
    ?.receipt_number;
  return <p>{action.state === 'done' ? `Receipt ${receipt}` : 'Saved — will sync'}</p>;
}

function Banner() {
  const { online } = useConnection();
  const s = useDeskStatus();
  return (
    <p>
      {online ? 'Online' : 'Offline'} · waiting {s.waiting} · attention {s.attention} · others{' '}
      {s.otherUserWaiting} · members {s.rosterCount}
    </p>
  );
}

function Attention() {
  const { items, retry, discard } = useAttention();
  return (
    <ul>
      {items.map((a) => (
        <li key={a.seq}>
          {a.label}: {a.problem?.message}
          <button onClick={() => void retry(a.seq!)}>Retry {a.seq}</button>
          <button onClick={() => void discard(a.seq!)}>Discard {a.seq}</button>
        </li>
      ))}
    </ul>
  );
}

const cash = {
  kind: 'payment' as const,
  body: { member_id: 42, subscription_type_id: 3, amount: 2500000, method: 'Cash', duration: 1 },
  label: 'Cash ₦25,000: Ada Obi (Monthly)',
};

describe('the hooks', () => {
  it('useQueuedAction says "Saved — will sync", then shows the receipt number once synced', async () => {
    signIn();
    let up = false;
    mockFetch({
      [PAYMENT]: () => (up ? ok({ payment: { receipt_number: 'KR-000123' } }, {}, 201) : offline()),
      [ROSTER]: () => json(200, rosterPage([])),
    });
    const action = await enqueue(cash);
    render(<SavedPanel seq={action.seq} />);
    expect(await screen.findByText('Saved — will sync')).toBeInTheDocument();
    up = true;
    await act(() => syncNow());
    expect(await screen.findByText('Receipt KR-000123')).toBeInTheDocument();
  });

  it('useDeskStatus and useConnection follow the queue, the members and the network', async () => {
    signIn();
    let up = false;
    mockFetch({
      [CHECK_IN]: () => (up ? ok({ visit: { id: 1 } }, {}, 201) : offline()),
      [ROSTER]: () => json(200, rosterPage([rosterMember({ id: 1 }), rosterMember({ id: 2 })])),
    });
    render(<Banner />);
    expect(
      await screen.findByText('Online · waiting 0 · attention 0 · others 0 · members 0'),
    ).toBeInTheDocument();
    await act(async () => {
      await enqueue({ kind: 'check_in', body: { member_id: 1 }, label: 'Check-in: Ada Obi' });
      await enqueue({ kind: 'check_in', body: { member_id: 2 }, label: 'Check-in: Tunde Bello' });
      await syncNow(); // the round each enqueue started
    });
    expect(
      await screen.findByText('Offline · waiting 2 · attention 0 · others 0 · members 0'),
    ).toBeInTheDocument();
    expect(await pendingCount()).toBe(2);

    // Another user signs in on this device: the first user's actions are theirs, not counted.
    act(() => void signIn({ sub: '2' }));
    expect(
      await screen.findByText('Offline · waiting 0 · attention 0 · others 2 · members 0'),
    ).toBeInTheDocument();
    expect(await pendingCount()).toBe(0);

    act(() => void signIn({ sub: '1' }));
    up = true;
    await act(async () => {
      window.dispatchEvent(new Event('online'));
      await syncNow();
    });
    expect(
      await screen.findByText('Online · waiting 0 · attention 0 · others 0 · members 2'),
    ).toBeInTheDocument();
  });

  it('useAttention lists refusals with the server’s words; Retry sends again, Discard drops it', async () => {
    signIn();
    let refuse = true;
    mockFetch({
      [CHECK_IN]: (req) =>
        refuse || (req.body as { member_id: number }).member_id === 2
          ? fail(409, 'Expired 5 days ago')
          : ok({ visit: { id: 1 } }, {}, 201),
      [ROSTER]: () => json(200, rosterPage([])),
    });
    render(<Attention />);
    const queue = (member_id: number, label: string) =>
      act(() => enqueue({ kind: 'check_in', body: { member_id }, label }));
    const first = await queue(1, 'Check-in: Ada');
    const second = await queue(2, 'Check-in: Tunde');
    await act(() => syncNow());
    expect(await screen.findByText('Check-in: Ada: Expired 5 days ago')).toBeInTheDocument();
    expect(screen.getByText('Check-in: Tunde: Expired 5 days ago')).toBeInTheDocument();

    refuse = false;
    await act(async () => screen.getByText(`Retry ${first.seq}`).click());
    await act(() => syncNow());
    await waitFor(() => expect(screen.queryByText(/Check-in: Ada:/)).not.toBeInTheDocument());
    await act(async () => screen.getByText(`Discard ${second.seq}`).click());
    await waitFor(() => expect(screen.queryByText(/Check-in: Tunde:/)).not.toBeInTheDocument());
    const { db } = await loadEngine();
    expect((await db.queue.toArray()).map((a) => [a.label, a.state])).toEqual([
      ['Check-in: Ada', 'done'],
    ]);
  });

  it('startDeskSync syncs when someone signs in and when the network comes back', async () => {
    const api = mockFetch({ [ROSTER]: () => json(200, rosterPage([rosterMember()])) });
    const stop = startDeskSync();
    try {
      await loadEngine();
      act(() => void signIn());
      await waitFor(() => expect(api.sent(ROSTER)).toHaveLength(1));
      await act(() => syncNow());
      const before = api.sent(ROSTER).length;
      act(() => void window.dispatchEvent(new Event('online')));
      await waitFor(() => expect(api.sent(ROSTER).length).toBeGreaterThan(before));
    } finally {
      stop();
    }
  });
});
