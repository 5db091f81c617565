import { Group, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconChevronRight } from '@tabler/icons-react';
import type { Member } from '@kora/shared';
import { mutedStyle } from '@/components/data-table-columns';
import {
  LastVisitCell,
  MemberContactCell,
  MemberNameCell,
  MemberPlanCell,
  memberLocation,
} from './member-cells';
import { MemberStatusBadge } from './member-status-badge';

/**
 * The members list on a phone: one tappable card per member, the same facts as the table; a
 * deactivated member's card is muted.
 */
export function MemberCards({
  members,
  onOpen,
}: {
  members: Member[];
  onOpen: (m: Member) => void;
}) {
  return (
    <Stack gap={0}>
      {members.map((m) => (
        <UnstyledButton
          key={m.id}
          onClick={() => onOpen(m)}
          p="sm"
          data-muted={m.is_active ? undefined : true}
          style={{
            borderBottom: '1px solid var(--mantine-color-gray-2)',
            ...(m.is_active ? {} : mutedStyle),
          }}
          aria-label={`Open ${m.first_name} ${m.last_name}${m.is_active ? '' : ' (deactivated)'}`}
        >
          <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
            <Stack gap={6} style={{ minWidth: 0, flex: 1 }}>
              <MemberNameCell member={m} />
              <Group justify="space-between" gap="xs" align="flex-start">
                <MemberContactCell member={m} />
                <MemberStatusBadge member={m} />
              </Group>
              <Group gap="lg" wrap="wrap">
                <MemberPlanCell member={m} />
                <LastVisitCell member={m} labelled />
                <Stack gap={0}>
                  <Text size="sm">{memberLocation(m)}</Text>
                  <Text size="xs" c="dimmed">
                    {m.gender || 'Not specified'}
                  </Text>
                </Stack>
              </Group>
            </Stack>
            <IconChevronRight size={18} color="var(--mantine-color-gray-5)" aria-hidden />
          </Group>
        </UnstyledButton>
      ))}
    </Stack>
  );
}
