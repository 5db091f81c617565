import { Text } from '@mantine/core';
import { formatDay, type Member, type ReminderSend } from '@kora/shared';
import { useState } from 'react';
import type { Column } from '@/components/data-table';
import { RecordTableCard } from '@/components/record-table-card';
import { StateBadge } from '@/components/state-badge';
import { formatDate } from '@/lib/format';
import { REMINDERS_PER_PAGE, useMemberReminders } from '../api';
import { CHANNEL_LABELS, REMINDER_TEXTS, STATUS_BADGES } from '../reminders-format';

const columns: Column<ReminderSend>[] = [
  {
    header: 'Reminder',
    cell: (r) => (
      <Text size="sm" fw={600}>
        {r.label}
      </Text>
    ),
  },
  {
    header: 'Status',
    card: 'corner',
    cell: (r) => <StateBadge {...STATUS_BADGES[r.status]} />,
  },
  { header: 'Date', cell: (r) => <Text size="sm">{formatDate(r.sent_at)}</Text> },
  { header: 'Channel', cell: (r) => <Text size="sm">{CHANNEL_LABELS[r.channel]}</Text> },
  { header: 'Last day', cell: (r) => <Text size="sm">{formatDay(r.expiry_date)}</Text> },
];

/** The renewal reminders sent to a member, newest first, 10 a page, with their delivery. */
export function MemberRemindersCard({ member }: { member: Member }) {
  const [page, setPage] = useState(1);
  const sends = useMemberReminders(member.id, page);
  return (
    <RecordTableCard
      title="Renewal Reminders"
      note={
        member.reminders_opt_out ? (
          <Text size="sm" c="dimmed" px="lg" pb="xs">
            This member opted out: no more reminders are sent.
          </Text>
        ) : null
      }
      query={sends}
      errorMessage={REMINDER_TEXTS.sendsFailed}
      emptyText={REMINDER_TEXTS.noSends}
      noun="reminders"
      perPage={REMINDERS_PER_PAGE}
      onPageChange={setPage}
      columns={columns}
    />
  );
}
