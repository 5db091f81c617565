import { Text } from '@mantine/core';
import type { Communication } from '@kora/shared';
import { DataTable, type Column } from '@/components/data-table';
import { NowrapText } from '@/components/list';
import { formatDateTime } from '@/lib/format';
import { groupLabel, messagePreview, scheduledLabel } from '../communications-format';
import { ChannelBadge, CommunicationStatusBadge } from './communications-badges';

const columns: Column<Communication>[] = [
  {
    header: 'Recipients',
    cell: (m) => (
      <Text size="sm" fw={600}>
        {groupLabel(m.group)}
      </Text>
    ),
  },
  { header: 'Channel', cell: (m) => <ChannelBadge channel={m.channel} /> },
  {
    header: 'Message',
    maw: 320,
    cell: (m) => (
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {messagePreview(m.message)}
      </Text>
    ),
  },
  { header: 'Status', card: 'corner', cell: (m) => <CommunicationStatusBadge status={m.status} /> },
  { header: 'Scheduled', cell: (m) => <NowrapText>{scheduledLabel(m)}</NowrapText> },
  { header: 'Created', cell: (m) => <NowrapText>{formatDateTime(m.created_at)}</NowrapText> },
];

interface CommunicationsTableProps {
  messages: Communication[];
  onOpen: (message: Communication) => void;
}

/** The messages, newest first; a row (a card on a phone) opens its message. */
export function CommunicationsTable({ messages, onOpen }: CommunicationsTableProps) {
  return <DataTable rows={messages} columns={columns} minWidth={860} onRowClick={onOpen} />;
}
