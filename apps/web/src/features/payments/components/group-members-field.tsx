import { CloseButton, Group, Input, Stack, Text } from '@mantine/core';
import type { Member, PaymentMember, Plan } from '@kora/shared';
import { useEffect, useRef, useState } from 'react';
import { MemberAutocomplete } from '@/features/members';
import { currentGroupOf, useMemberCover } from '@/features/subscriptions';
import { fullName } from '@/lib/format';

/** How many members a group plan covers, the payer included (1 for an individual plan). */
const groupLimitOf = (plan: Pick<Plan, 'is_grouped' | 'group_limit'> | undefined) =>
  plan?.is_grouped === 1 ? Math.max(1, plan.group_limit ?? 1) : 1;

/** The other members a payment names: only for a group plan, at most its limit − 1. */
export const groupMemberIdsFor = (
  plan: Pick<Plan, 'is_grouped' | 'group_limit'> | undefined,
  others: PaymentMember[],
): number[] =>
  groupLimitOf(plan) > 1 ? others.slice(0, groupLimitOf(plan) - 1).map((m) => m.id) : [];

interface GroupMembersFieldProps {
  plan: Plan | undefined;
  payer: Member | null;
  /** The other members covered (the payer is not among them). */
  value: PaymentMember[];
  onChange: (others: PaymentMember[]) => void;
  error?: string;
}

/**
 * "Members covered (up to N)" for a group plan: the payer first (fixed), then up to N − 1 others
 * chosen with the member search. A renewal starts from the group the payer's running
 * subscription of the plan covers; a member left out keeps their cover to its end.
 */
export function GroupMembersField({ plan, payer, value, onChange, error }: GroupMembersFieldProps) {
  const limit = groupLimitOf(plan);
  const grouped = limit > 1;
  const running = useMemberCover(grouped ? payer?.id : undefined, plan?.id);
  const [search, setSearch] = useState<Member | null>(null);

  // The current group, once per payer and plan (what staff change after that is theirs).
  const filledFor = useRef<string | null>(null);
  const key = grouped && payer && plan ? `${payer.id}:${plan.id}` : null;
  useEffect(() => {
    if (key === null) {
      filledFor.current = null;
      if (value.length > 0) onChange([]);
      return;
    }
    if (filledFor.current === key || !running.isSuccess) return;
    filledFor.current = key;
    onChange(currentGroupOf(running.data).slice(0, limit - 1));
    // Runs when the payer, the plan or their running subscriptions change.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, running.isSuccess, running.data]);

  if (!grouped || !plan) return null;
  const full = value.length >= limit - 1;
  const add = (m: Member | null) => {
    setSearch(m);
    if (!m) return;
    if (m.id !== payer?.id && !value.some((o) => o.id === m.id) && !full) onChange([...value, m]);
    setSearch(null);
  };

  return (
    <Input.Wrapper
      label={`Members covered (up to ${limit})`}
      description="The payer and the others this group plan covers for the same period"
      error={error}
    >
      <Stack gap={6} mt={4}>
        <Text size="sm" data-testid="group-payer">
          {payer
            ? `${fullName(payer.first_name, payer.last_name)} (payer)`
            : 'Choose the payer first'}
        </Text>
        {value.map((m) => {
          const name = fullName(m.first_name, m.last_name);
          return (
            <Group key={m.id} gap="xs" justify="space-between" wrap="nowrap">
              <Text size="sm">{name}</Text>
              <CloseButton
                size="sm"
                aria-label={`Remove ${name}`}
                onClick={() => onChange(value.filter((o) => o.id !== m.id))}
              />
            </Group>
          );
        })}
        {full ? (
          <Text size="xs" c="dimmed">
            The group is full: remove a member to add another.
          </Text>
        ) : (
          <MemberAutocomplete
            aria-label="Add a member to cover"
            placeholder="Add a member: type 2+ letters"
            value={search}
            onChange={add}
          />
        )}
      </Stack>
    </Input.Wrapper>
  );
}
