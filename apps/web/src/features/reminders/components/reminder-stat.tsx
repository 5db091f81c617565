import { Card, Group, Text, ThemeIcon } from '@mantine/core';
import { IconBellRinging } from '@tabler/icons-react';
import { useReminderSummary } from '../api';

/**
 * The dashboard's reminder figure: reminders sent this month and how many of the members
 * reminded renewed within 7 days of one. Nothing shows before the first reminder or on error.
 */
export function ReminderStat({ enabled = true }: { enabled?: boolean }) {
  const summary = useReminderSummary(enabled);
  const s = summary.data;
  if (!s || s.sent_this_month === 0) return null;
  return (
    <Card withBorder radius="lg" padding="md" role="group" aria-label="Renewal reminders">
      <Group gap="sm" wrap="nowrap">
        <ThemeIcon variant="light" radius="md" size="lg" aria-hidden>
          <IconBellRinging size={18} />
        </ThemeIcon>
        <Text size="sm">
          <b>{s.sent_this_month.toLocaleString('en-NG')}</b> renewal reminder
          {s.sent_this_month === 1 ? '' : 's'} sent this month to{' '}
          {s.members_reminded.toLocaleString('en-NG')} member
          {s.members_reminded === 1 ? '' : 's'}:{' '}
          <b>{s.renewed_within_7_days.toLocaleString('en-NG')}</b> renewed within 7 days.
        </Text>
      </Group>
    </Card>
  );
}
