import { Text } from '@mantine/core';
import { useDeskStatus } from '@/features/offline';
import { waitingNote } from '@/lib/desk-format';

/**
 * Under a figure or a list the server computes: while actions recorded on this device wait to
 * be sent, it says they are not counted yet ("Does not include 3 actions waiting to sync").
 */
export function WaitingNote() {
  const { waiting } = useDeskStatus();
  if (waiting === 0) return null;
  return (
    <Text size="xs" c="dimmed" role="note">
      {waitingNote(waiting)}
    </Text>
  );
}
