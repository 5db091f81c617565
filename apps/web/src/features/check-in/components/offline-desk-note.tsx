import { Alert, Text } from '@mantine/core';
import { IconWifiOff } from '@tabler/icons-react';
import { NEEDS_CONNECTION, useDeskStatus } from '@/features/offline';
import { deskTime } from '@/lib/desk-format';

/**
 * Offline, above the desk's search: the answers come from this device's list of members, as
 * fresh as its last update. A device that never downloaded the list cannot look anyone up.
 */
export function OfflineDeskNote() {
  const { rosterCount, rosterSyncedAt } = useDeskStatus();
  if (rosterCount === 0 || !rosterSyncedAt)
    return (
      <Alert color="gray" icon={<IconWifiOff size={20} aria-hidden />} title={NEEDS_CONNECTION}>
        <Text size="sm">
          This device has no list of members yet: connect once to download it, then the desk works
          offline.
        </Text>
      </Alert>
    );
  return (
    <Alert color="yellow" icon={<IconWifiOff size={20} aria-hidden />} role="status" p="sm">
      <Text size="sm">
        Offline: answers from this device's list of members, updated {deskTime(rosterSyncedAt)}
      </Text>
    </Alert>
  );
}
