import {
  hashKey,
  useMutation,
  useQueryClient,
  type QueryClient,
  type QueryKey,
} from '@tanstack/react-query';
import { useCallback } from 'react';

/**
 * The cache key roots of the features. Every query of a feature is keyed under its root
 * (`[...root, 'list', params]`, `[...root, 'detail', id]`, …), so refreshing a root refreshes
 * all of it.
 */
export const queryRoots = {
  members: ['members'],
  plans: ['plans'],
  subscriptions: ['subscriptions'],
  payments: ['payments'],
  businessProfile: ['business-profile'],
  userProfile: ['user-profile'],
  dashboard: ['dashboard'],
  /** The business's team: its people and pending invitations. */
  team: ['team'],
  /** Bulk messages (communications): the list, a message, its deliveries, the audience. */
  communications: ['communications'],
  /**
   * Online payments through the gym's Paystack account: the connection, the members' payment
   * links and transfer accounts, and the payments held for review.
   */
  online: ['online-payments'],
  /** Renewal reminders: the settings, a member's reminders, the dashboard's summary. */
  reminders: ['reminders'],
  /** The business's kiosks (Settings → Front Desk). */
  kiosks: ['kiosks'],
  /** Check-in: the desk's lookups and verdicts, the day's visits, the members' cards. */
  checkIn: ['check-in'],
  /** A reset or invitation link, checked once when its page opens (never refreshed). */
  linkCheck: ['link-check'],
  /** The audit trail: the Activity page and a member's history (read fresh on every visit). */
  audit: ['audit'],
  /** Cash-ups: the signed-in user's drawer, the cash-ups recorded and the weekly view. */
  cashUps: ['cash-ups'],
  /** Privacy: a member's consent history, the erasure requests. */
  privacy: ['privacy'],
  /** Freezes: a member's freezes and the business's requests waiting for approval. */
  freezes: ['freezes'],
  /** The states of Nigeria (fixed: never refreshed). */
  states: ['location-states'],
} as const;

/** The lists of a feature (every page, search and filter). */
export const listsOf = (root: QueryKey) => [...root, 'list'] as const;
/** The counts a feature shows about its records (a plan's subscriptions). */
export const statsOf = (root: QueryKey) => [...root, 'stats'] as const;

/** A change the web app makes: what it saved, created or recorded. */
export type Change =
  | 'member'
  | 'member-picture'
  | 'plan'
  | 'plan-deleted'
  | 'payment'
  | 'business-created'
  | 'business'
  | 'profile'
  | 'team'
  | 'message'
  | 'paystack'
  | 'payment-link'
  | 'transfer-account'
  | 'held-assigned'
  | 'held-dismissed'
  | 'reminder-settings'
  | 'kiosk'
  | 'kiosk-pin'
  | 'check-in'
  | 'day-pass'
  | 'cash-up'
  | 'consent'
  | 'erasure'
  | 'freeze';

/** After each change, the cached queries that load again: the one place this is decided. */
const REFRESH_AFTER: Record<Change, readonly QueryKey[]> = {
  // Lists, searches, the summary and the details; the dashboard counts members.
  member: [queryRoots.members, queryRoots.dashboard],
  // The picture shows in the lists; the details are set from the upload's answer.
  'member-picture': [listsOf(queryRoots.members)],
  // The dashboard's getting-started checklist ticks the first plan.
  plan: [queryRoots.plans, queryRoots.dashboard],
  'plan-deleted': [listsOf(queryRoots.plans)],
  // A payment creates a subscription: the member's current plan, the plans' subscription
  // counts and the dashboard's figures change with it.
  payment: [
    queryRoots.payments,
    queryRoots.subscriptions,
    queryRoots.members,
    statsOf(queryRoots.plans),
    queryRoots.dashboard,
    // The desk's verdict: a payment can turn a red verdict green.
    queryRoots.checkIn,
  ],
  // The profile shows the business; the new token carries it.
  'business-created': [queryRoots.userProfile, queryRoots.businessProfile],
  // The business profile is set from the answer; the user's profile shows the business name.
  business: [queryRoots.userProfile],
  profile: [queryRoots.userProfile],
  // An invitation sent, resent or revoked, a role changed, a person removed: the team list, and
  // the dashboard's recent activity and getting-started checklist.
  team: [queryRoots.team, queryRoots.dashboard],
  // A message sent, scheduled, cancelled or retried: the messages, their counts and deliveries,
  // and the dashboard's recent activity.
  message: [queryRoots.communications, queryRoots.dashboard],
  // Paystack connected, replaced, disconnected or transfer accounts switched: the connection,
  // and the links (disconnecting cancels the open ones) and transfer accounts it governs.
  paystack: [queryRoots.online],
  // A link created or cancelled: the member's links.
  'payment-link': [[...queryRoots.online, 'links']],
  // A member's transfer account created: it is set from the answer; the cards that show it.
  'transfer-account': [[...queryRoots.online, 'transfer']],
  // A held payment assigned records a payment (see `payment`); the held list, the connection's
  // count of held payments and the member's links change with it.
  'held-assigned': [
    queryRoots.payments,
    queryRoots.subscriptions,
    queryRoots.members,
    statsOf(queryRoots.plans),
    queryRoots.dashboard,
    queryRoots.online,
    queryRoots.checkIn,
  ],
  // A held payment marked handled: the held list and the connection's count.
  'held-dismissed': [
    [...queryRoots.online, 'held'],
    [...queryRoots.online, 'connection'],
  ],
  // The reminder settings are set from the answer: nothing else shows them.
  'reminder-settings': [[...queryRoots.reminders, 'settings']],
  // A kiosk switched off: the kiosks listed in Settings.
  kiosk: [queryRoots.kiosks],
  // A member's kiosk PIN set: only their trail shows it (never the PIN).
  'kiosk-pin': [queryRoots.audit],
  // A visit recorded: the day's visits and the lookups' "checked in at", the members' last
  // visit, and the dashboard's attendance.
  'check-in': [queryRoots.checkIn, listsOf(queryRoots.members), queryRoots.dashboard],
  // A day pass may add a walk-in, records a payment and a visit.
  'day-pass': [
    queryRoots.checkIn,
    queryRoots.payments,
    queryRoots.subscriptions,
    queryRoots.members,
    statsOf(queryRoots.plans),
    queryRoots.dashboard,
  ],
  // A cash-up recorded: the drawer starts again from it, the cash-ups and the week list it, and
  // the trail has its entry.
  'cash-up': [queryRoots.cashUps, queryRoots.audit],
  // A member's answer to offers changed: the member, their consent history, their trail.
  consent: [queryRoots.members, queryRoots.privacy, queryRoots.audit],
  // A member erased: their names everywhere (lists, payments, the desk, the dashboard), the
  // erasure requests and the trail.
  erasure: [
    queryRoots.members,
    queryRoots.privacy,
    queryRoots.payments,
    queryRoots.subscriptions,
    queryRoots.dashboard,
    queryRoots.checkIn,
    queryRoots.communications,
    queryRoots.reminders,
    queryRoots.audit,
  ],
  // A freeze made, approved, declined or ended: the freezes and requests, the member (frozen
  // until, the moved end), their subscriptions, the dashboard's Frozen figure and the desk.
  freeze: [
    queryRoots.freezes,
    queryRoots.members,
    queryRoots.subscriptions,
    queryRoots.dashboard,
    queryRoots.checkIn,
  ],
};

/** What a change saved: cached under `key` as is and not loaded again. */
export interface Saved {
  key: QueryKey;
  data: unknown;
}

/**
 * Refreshes what `change` makes out of date (see REFRESH_AFTER). A record just saved can be
 * passed: it goes into the cache and is not loaded again. Resolves when the refreshed queries
 * that are on screen have loaded.
 */
export const useRefreshAfter = (change: Change) => {
  const queryClient = useQueryClient();
  return useCallback(
    async (saved?: Saved) => {
      const keep = saved ? hashKey(saved.key) : null;
      if (saved) queryClient.setQueryData(saved.key, saved.data);
      await Promise.all(
        REFRESH_AFTER[change].map((queryKey) =>
          queryClient.invalidateQueries({
            queryKey,
            predicate: keep ? (q) => q.queryHash !== keep : undefined,
          }),
        ),
      );
    },
    [queryClient, change],
  );
};

/**
 * A mutation after which what `change` makes out of date loads again (useRefreshAfter), once
 * `update` has set the cache from the answer; it settles when the refresh has.
 */
export const useChangeMutation = <Input, Answer>(
  change: Change,
  mutationFn: (input: Input) => Promise<Answer>,
  update?: (queryClient: QueryClient, answer: Answer) => void,
) => {
  const queryClient = useQueryClient();
  const refresh = useRefreshAfter(change);
  return useMutation({
    mutationFn,
    onSuccess: (answer) => {
      update?.(queryClient, answer);
      return refresh();
    },
  });
};
