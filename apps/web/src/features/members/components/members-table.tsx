import { ActionIcon, Group, Table, Text, Tooltip } from '@mantine/core';
import { IconEye, IconPencil } from '@tabler/icons-react';
import type { Member } from '@kora/shared';
import { MemberContactCell, MemberNameCell, MemberPlanCell, memberLocation } from './member-cells';
import { MemberStatusBadge } from './member-status-badge';

interface MembersTableProps {
  members: Member[];
  onOpen: (member: Member) => void;
  onEdit: (member: Member) => void;
}

/** The members table (spec 02 §2): a row opens the member. */
export function MembersTable({ members, onOpen, onEdit }: MembersTableProps) {
  return (
    <Table.ScrollContainer minWidth={900}>
      <Table highlightOnHover verticalSpacing="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Name</Table.Th>
            <Table.Th>Gender</Table.Th>
            <Table.Th>Contact</Table.Th>
            <Table.Th>Location</Table.Th>
            <Table.Th>Subscription</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th ta="right">Actions</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {members.map((m) => (
            <Table.Tr key={m.id} onClick={() => onOpen(m)} style={{ cursor: 'pointer' }}>
              <Table.Td maw={260}>
                <MemberNameCell member={m} />
              </Table.Td>
              <Table.Td>
                <Text size="sm">{m.gender || 'Not specified'}</Text>
              </Table.Td>
              <Table.Td>
                <MemberContactCell member={m} />
              </Table.Td>
              <Table.Td>
                <Text size="sm">{memberLocation(m)}</Text>
              </Table.Td>
              <Table.Td>
                <MemberPlanCell member={m} />
              </Table.Td>
              <Table.Td>
                <MemberStatusBadge member={m} />
              </Table.Td>
              <Table.Td>
                <Group gap={4} justify="flex-end" wrap="nowrap">
                  <Tooltip label="View member">
                    <ActionIcon
                      variant="subtle"
                      aria-label={`View ${m.first_name} ${m.last_name}`}
                      onClick={(e) => {
                        e.stopPropagation();
                        onOpen(m);
                      }}
                    >
                      <IconEye size={18} aria-hidden />
                    </ActionIcon>
                  </Tooltip>
                  <Tooltip label="Edit member">
                    <ActionIcon
                      variant="subtle"
                      aria-label={`Edit ${m.first_name} ${m.last_name}`}
                      onClick={(e) => {
                        e.stopPropagation();
                        onEdit(m);
                      }}
                    >
                      <IconPencil size={18} aria-hidden />
                    </ActionIcon>
                  </Tooltip>
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
