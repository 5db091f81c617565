import { useQuery } from '@tanstack/react-query';
import type { PaymentMember, Subscription } from '@kora/shared';
import { fullName } from '@/lib/format';
import { subscriptionsApi, subscriptionsKey } from './api';

/*
 * A group plan covers its members: the payer's subscription lists the other members it covers
 * (`covered_members`), and each covered member's subscription names the payer (`covered_by`).
 */

/** A member's running subscriptions (of one plan when given), for their group cover. */
const memberCoverKey = (memberId: number, planId?: number) =>
  [...subscriptionsKey, 'cover', memberId, planId ?? null] as const;

export const useMemberCover = (memberId: number | undefined, planId?: number) =>
  useQuery({
    queryKey: memberCoverKey(memberId ?? 0, planId),
    queryFn: async () =>
      (
        await subscriptionsApi.list({
          page: 1,
          member_id: String(memberId),
          status: 'active',
          ...(planId ? { subscription_type_id: String(planId) } : {}),
        })
      ).data,
    enabled: Boolean(memberId),
    staleTime: 30_000,
  });

/**
 * The group a renewal names again: the other members the payer's running subscription of the
 * plan covers (the one ending last); none when they pay for it alone or it is not running.
 */
export const currentGroupOf = (running: Subscription[] | undefined): PaymentMember[] => {
  const paid = (running ?? [])
    .filter((s) => s.covered_by === null)
    .sort((a, b) => b.expiry_date.localeCompare(a.expiry_date))[0];
  return paid?.covered_members ?? [];
};

export const memberName = (m: Pick<PaymentMember, 'first_name' | 'last_name'>) =>
  fullName(m.first_name, m.last_name);

/** A last day as the group cover says it: "12 March 2027". */
export const longDay = (day: string) => {
  const [y, m, d] = day.slice(0, 10).split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d)).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
};
