import { Group, Stack, Text } from '@mantine/core';
import type { PaymentMember } from '@kora/shared';
import { fullName } from '@/lib/format';
import { MemberAvatar } from './member-avatar';

/** A payment's or subscription's member: picture (or initials), name and e-mail. */
export function MemberCell({ member }: { member: PaymentMember }) {
  const name = fullName(member.first_name, member.last_name);
  return (
    <Group gap="sm" wrap="nowrap">
      <MemberAvatar member={member} size={36} />
      <Stack gap={0} style={{ minWidth: 0 }}>
        <Text size="sm" fw={600} truncate>
          {name}
        </Text>
        {member.email_address ? (
          <Text size="xs" c="dimmed" truncate>
            {member.email_address}
          </Text>
        ) : null}
      </Stack>
    </Group>
  );
}
