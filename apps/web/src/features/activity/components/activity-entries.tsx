import { Stack, Text } from '@mantine/core';
import { auditActorName, type AuditEntry } from '@kora/shared';
import { formatDateTime } from '@/lib/format';

/**
 * Entries of the trail, newest first: each in plain words ("Chidi Okeke (staff) voided payment
 * IRON-000123 of ₦25,000 for Ada Obi: wrong member"), then when and who.
 */
export function ActivityEntries({ entries }: { entries: AuditEntry[] }) {
  return (
    <Stack component="ul" gap={0} m={0} p={0} style={{ listStyle: 'none' }} aria-label="Entries">
      {entries.map((entry) => (
        <Stack
          component="li"
          key={entry.id}
          gap={2}
          px="lg"
          py="sm"
          style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}
        >
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {entry.text}
          </Text>
          <Text size="xs" c="dimmed">
            <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>
            {` · ${auditActorName(entry.actor, entry.action)}`}
          </Text>
        </Stack>
      ))}
    </Stack>
  );
}
