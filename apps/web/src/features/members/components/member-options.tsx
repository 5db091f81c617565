import { Combobox, Group, Text } from '@mantine/core';
import { formatPhone, fullName } from '@/lib/format';

/** What a member picker's list shows of a member. */
interface OptionMember {
  id: number;
  first_name: string;
  last_name: string;
  member_id: string | null;
  mobile_number: string;
  is_active: boolean;
}

/**
 * A member picker's dropdown: each member's name, member ID and phone (the option's value is
 * the member's id), or `emptyText` when there is none. `markDeactivated`: a deactivated member's
 * name says so.
 */
export function MemberOptions({
  members,
  hidden,
  emptyText,
  markDeactivated = false,
}: {
  members: readonly OptionMember[];
  hidden: boolean;
  emptyText: string;
  markDeactivated?: boolean;
}) {
  return (
    <Combobox.Dropdown hidden={hidden}>
      <Combobox.Options mah={280} style={{ overflowY: 'auto' }} aria-label="Members">
        {members.length > 0 ? (
          members.map((m) => (
            <Combobox.Option key={m.id} value={String(m.id)}>
              <Text size="sm" fw={600} lh={1.3}>
                {fullName(m.first_name, m.last_name)}
                {markDeactivated && !m.is_active ? ' (deactivated)' : ''}
              </Text>
              <Group gap="xs" wrap="nowrap">
                <Text size="xs" c="dimmed">
                  {m.member_id || 'No ID'}
                </Text>
                <Text size="xs" c="dimmed">
                  {formatPhone(m.mobile_number)}
                </Text>
              </Group>
            </Combobox.Option>
          ))
        ) : (
          <Combobox.Empty>{emptyText}</Combobox.Empty>
        )}
      </Combobox.Options>
    </Combobox.Dropdown>
  );
}
