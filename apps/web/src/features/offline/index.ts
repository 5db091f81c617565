/**
 * The offline desk: what the front desk does while the network is down (check-ins, cash
 * payments, cash day passes) is kept on this device and sent to the server, once and in order,
 * when it comes back; the device keeps a copy of the business's members to look them up and give
 * the verdict meanwhile. What other parts of the web app may use: hooks and functions only; the
 * store itself (Dexie) loads with the first one called.
 */
import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import type { Member, Plan, RosterMember } from '@kora/shared';
import { useSingleFlight } from '@/components/use-single-flight';
import { usePlans } from '@/lib/use-plans';
import { connection } from './connection';
import { loadEngine, loadEngineWhenIdle } from './load';
import { deskStatus } from './status';
import type { DeskStatus, DeviceVisit, OfflineCandidate, QueuedAction, QueuedKind } from './types';

export type { DeskStatus, DeviceVisit, OfflineCandidate, QueuedAction, QueuedKind, RosterMember };

/** What a page or action that needs the server says while offline. */
export const NEEDS_CONNECTION = 'Needs a connection';

/** Whether the server can be reached: the browser's online state and the desk's last calls. */
export const useConnection = (): { online: boolean } =>
  useSyncExternalStore(connection.subscribe, connection.get, connection.get);

/** The banner's figures: actions waiting and needing attention, last sync, the members kept. */
export const useDeskStatus = (): DeskStatus =>
  useSyncExternalStore(deskStatus.subscribe, deskStatus.get, deskStatus.get);

/**
 * Keeps an action on this device to send when the server can be reached: resolves once it is
 * written to disk (a reload keeps it), then a sync starts. Its Idempotency-Key, recorded time,
 * user and business are filled in here. Throws when nobody is signed in to a business.
 */
export const enqueue = async (a: {
  kind: QueuedKind;
  body: Record<string, unknown>;
  label: string;
}): Promise<QueuedAction> => (await loadEngine()).enqueue(a);

/**
 * Keeps actions on this device from a button (enqueue), one at a time: `queue(action, kept)`
 * keeps nothing while the last one is still being saved (a double click), then calls `kept`
 * with the action kept. `error`: why the last one could not be kept (or `kept` failed), until
 * the next one or `clearError`; `running` from the click until it is kept.
 */
export const useEnqueue = () => {
  const { begin, end, running } = useSingleFlight();
  const [error, setError] = useState<unknown>(null);
  const queue = useCallback(
    async (a: Parameters<typeof enqueue>[0], kept: (action: QueuedAction) => unknown) => {
      if (!begin()) return;
      setError(null);
      try {
        await kept(await enqueue(a));
      } catch (failure) {
        setError(failure);
      } finally {
        end();
      }
    },
    [begin, end],
  );
  const clearError = useCallback(() => setError(null), []);
  return { queue, error, running, clearError };
};

/** A queued action as it is now, updated live (waiting → done with the server's answer). */
export const useQueuedAction = (seq: number | undefined): QueuedAction | undefined => {
  const [action, setAction] = useState<QueuedAction | undefined>(undefined);
  useEffect(() => {
    setAction(undefined);
    if (seq === undefined) return;
    let stop: (() => void) | null = null;
    let active = true;
    void loadEngine().then((engine) => {
      if (active) stop = engine.watchAction(seq, setAction);
    });
    return () => {
      active = false;
      stop?.();
    };
  }, [seq]);
  return action;
};

/** The signed-in user's actions the server refused, live; retry one, or discard it (confirm first). */
export const useAttention = (): {
  items: QueuedAction[];
  retry(seq: number): Promise<void>;
  discard(seq: number): Promise<void>;
} => {
  const [items, setItems] = useState<QueuedAction[]>([]);
  useEffect(() => {
    let stop: (() => void) | null = null;
    let active = true;
    void loadEngine().then((engine) => {
      if (active) stop = engine.watchAttention(setItems);
    });
    return () => {
      active = false;
      stop?.();
    };
  }, []);
  return { items, retry, discard };
};

/**
 * Today's visits recorded on this device (check-ins, day passes with a check-in), newest first,
 * each waiting to sync, synced, or refused; updated live. Undefined until first read.
 */
export const useDeviceVisits = (): DeviceVisit[] | undefined => {
  const [visits, setVisits] = useState<DeviceVisit[] | undefined>(undefined);
  useEffect(() => {
    let stop: (() => void) | null = null;
    let active = true;
    void loadEngine().then((engine) => {
      if (active) stop = engine.watchDeviceVisits(setVisits);
    });
    return () => {
      active = false;
      stop?.();
    };
  }, []);
  return visits;
};

const retry = async (seq: number) => (await loadEngine()).retry(seq);
const discard = async (seq: number) => (await loadEngine()).discard(seq);

/**
 * The business's active plans (what a member can be put on): the server's list while it
 * answers, kept on this device each time it is loaded; offline (or when the call fails) the copy
 * this device kept, so a Cash payment can still be taken after a reload. `missing`: neither the
 * server nor the device has them.
 */
export const useDeskPlans = (): {
  data: Plan[] | undefined;
  isLoading: boolean;
  missing: boolean;
} => {
  const query = usePlans(true);
  const { online } = useConnection();
  const [kept, setKept] = useState<Plan[] | null | undefined>(undefined);
  const loaded = query.data;
  const loadedAt = query.dataUpdatedAt;
  // Each answer of the server replaces the device's copy.
  useEffect(() => {
    if (loaded) void loadEngine().then((engine) => engine.rememberPlans(loaded));
  }, [loaded, loadedAt]);
  const needDevice = !loaded && (!online || query.isError);
  useEffect(() => {
    if (!needDevice) return;
    let active = true;
    void loadEngine()
      .then((engine) => engine.devicePlans())
      .then((plans) => active && setKept(plans ?? null))
      .catch(() => active && setKept(null));
    return () => {
      active = false;
    };
  }, [needDevice]);
  const data = loaded ?? (needDevice && kept ? kept : undefined);
  return {
    data,
    isLoading: !data && (query.isLoading || (needDevice && kept === undefined)),
    missing: !data && needDevice && kept === null,
  };
};

/** Syncs now (the queue, then the members). Never rejects: what did not go waits. */
export const syncNow = async (): Promise<void> => (await loadEngine()).syncNow();

/** The members this device finds for what the desk typed or scanned, with today's verdict. */
export const offlineLookup = async (q: string): Promise<OfflineCandidate[]> =>
  (await loadEngine()).offlineLookup(q);

/**
 * A member as this device's list knows them, shaped as the member forms take one (a payment
 * taken offline needs only their id and name; no plan is preselected: the desk chooses it).
 */
export const memberFromRoster = (
  member: Pick<
    RosterMember,
    'id' | 'member_id' | 'first_name' | 'last_name' | 'picture_url' | 'is_active'
  > & { last_visit_at?: string | null; mobile_number?: string },
): Member => ({
  id: member.id,
  member_id: member.member_id,
  first_name: member.first_name,
  middle_name: null,
  last_name: member.last_name,
  // The device keeps no phone (only its hash): the one typed to find them, else none.
  mobile_number: member.mobile_number ?? '',
  email_address: null,
  home_address: null,
  city: '',
  state: '',
  country_code: 'NG',
  date_of_birth: null,
  gender: null,
  emergency_contact_name: null,
  emergency_contact_number: null,
  emergency_contact_relationship: null,
  subscription_type_id: null,
  subscription_type: null,
  subscription_status: 0,
  subscription_status_label: 'No Subscription',
  is_active: member.is_active,
  reminders_opt_out: false,
  // The desk's copy does not hold the answer to offers: shown as not asked offline.
  marketing_consent: 'not_asked',
  is_walk_in: false,
  picture_url: member.picture_url,
  last_visit_at: member.last_visit_at ?? null,
  frozen_until: null,
  created_at: '',
  updated_at: '',
});

/** Notes on this device that the member checked in (the queued check-in `seq`). */
export const recordLocalVisit = async (memberId: number, seq: number): Promise<void> =>
  (await loadEngine()).recordLocalVisit(memberId, seq);

/** Keeps a member's details as seen online, for "As last seen at 07:41" offline. */
export const rememberMember = async (id: number, data: unknown): Promise<void> =>
  (await loadEngine()).rememberMember(id, data);

/** A member's details as last seen on this device, or undefined. */
export const lastSeenMember = async (
  id: number,
): Promise<{ data: unknown; seen_at: string } | undefined> =>
  (await loadEngine()).lastSeenMember(id);

/** The signed-in user's actions not yet on the server (sign-out warns when there are any). */
export const pendingCount = async (): Promise<number> => (await loadEngine()).pendingCount();

/** Forgets the business's data kept on this device; actions still waiting stay. */
export const clearDeviceData = async (): Promise<void> => (await loadEngine()).clearDeviceData();

/**
 * Starts the desk's syncing (once, by the app shell, while signed in): a few seconds after the
 * first page has loaded (at once offline), when the network comes back, every 30 s while actions
 * wait, the members every 60 s. Answers the function that stops it.
 */
export const startDeskSync = (): (() => void) => {
  let stop: (() => void) | null = null;
  let stopped = false;
  void loadEngineWhenIdle().then((engine) => {
    if (!stopped) stop = engine.start();
  });
  return () => {
    stopped = true;
    stop?.();
  };
};
