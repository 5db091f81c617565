import { Combobox, Group, Text } from '@mantine/core';
import type { Member } from '@kora/shared';
import type { ReactNode } from 'react';
import { formatPhone, fullName } from '@/lib/format';
import type { useMemberPicker } from './use-member-picker';

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
function MemberOptions({
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

/**
 * A member picker (useMemberPicker): its text box (`children`) and the dropdown of the members
 * found; choosing one picks the member `toMember` makes of it.
 */
export function MemberCombobox<M extends OptionMember>({
  picker,
  found,
  toMember,
  children,
  ...options
}: {
  picker: ReturnType<typeof useMemberPicker>;
  found: readonly M[];
  toMember: (found: M) => Member;
  children: ReactNode;
  hidden: boolean;
  emptyText: string;
  markDeactivated?: boolean;
}) {
  const choose = (id: string) => {
    const member = found.find((m) => String(m.id) === id);
    if (member) picker.choose(toMember(member));
  };
  return (
    <Combobox store={picker.combobox} onOptionSubmit={choose} withinPortal={false}>
      <Combobox.Target>{children}</Combobox.Target>
      <MemberOptions members={found} {...options} />
    </Combobox>
  );
}
