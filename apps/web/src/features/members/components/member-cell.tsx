import { Avatar, Group, Stack, Text } from '@mantine/core';
import type { PaymentMember } from '@kora/shared';
import { fullName, initials } from '@/lib/format';

/** A payment's or subscription's member: picture (or initials), name and e-mail. */
export function MemberCell({ member }: { member: PaymentMember }) {
  const name = fullName(member.first_name, member.last_name);
  return (
    <Group gap="sm" wrap="nowrap">
      <Avatar
        src={member.picture_url}
        alt={member.picture_url ? name : undefined}
        color="kora"
        variant="light"
        radius="xl"
        size={36}
      >
        {initials(member.first_name, member.last_name)}
      </Avatar>
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
