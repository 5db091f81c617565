import { Text } from '@mantine/core';
import { IconEye, IconPencil } from '@tabler/icons-react';
import type { Member } from '@kora/shared';
import { DataTable, type Column } from '@/components/data-table';
import { RowAction, actionsColumn } from '@/components/row-action';
import {
  LastVisitCell,
  MemberContactCell,
  MemberNameCell,
  MemberPlanCell,
  memberLocation,
} from './member-cells';
import { MemberStatusBadge } from './member-status-badge';

interface MembersTableProps {
  members: Member[];
  onOpen: (member: Member) => void;
  onEdit: (member: Member) => void;
}

/** The members table: a row opens the member; a deactivated member's row is muted. */
export function MembersTable({ members, onOpen, onEdit }: MembersTableProps) {
  const columns: Column<Member>[] = [
    { header: 'Name', maw: 260, cell: (m) => <MemberNameCell member={m} /> },
    {
      header: 'Gender',
      visibleFrom: 'xl',
      cell: (m) => <Text size="sm">{m.gender || 'Not specified'}</Text>,
    },
    { header: 'Contact', cell: (m) => <MemberContactCell member={m} /> },
    { header: 'Location', cell: (m) => <Text size="sm">{memberLocation(m)}</Text> },
    { header: 'Subscription', cell: (m) => <MemberPlanCell member={m} /> },
    { header: 'Status', cell: (m) => <MemberStatusBadge member={m} /> },
    { header: 'Last visit', cell: (m) => <LastVisitCell member={m} /> },
    actionsColumn((m) => (
      <>
        <RowAction
          tooltip="View member"
          label={`View ${m.first_name} ${m.last_name}`}
          icon={IconEye}
          onClick={() => onOpen(m)}
        />
        <RowAction
          tooltip="Edit member"
          label={`Edit ${m.first_name} ${m.last_name}`}
          icon={IconPencil}
          onClick={() => onEdit(m)}
        />
      </>
    )),
  ];
  return (
    <DataTable
      rows={members}
      columns={columns}
      minWidth={860}
      onRowClick={onOpen}
      isMuted={(m) => !m.is_active}
    />
  );
}
