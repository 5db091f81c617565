import { Anchor, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconCloudUpload, IconWifiOff } from '@tabler/icons-react';
import { Link } from 'react-router';
import { syncNow, useConnection, useDeskStatus } from '@/features/offline';
import { bannerLines } from '@/lib/desk-format';

/**
 * The desk's line at the top of every back-office page, only when offline or when actions
 * recorded on this device wait: "Offline — 3 actions waiting · last sync 07:41", "Syncing 3
 * actions…", "2 actions need attention" (to the Needs attention page), and the actions another
 * user left on this device. "Sync now" sends the waiting actions at once (the desk also tries when
 * the network comes back and on a timer).
 */
export function DeskBanner() {
  const { online } = useConnection();
  const status = useDeskStatus();
  const lines = bannerLines({ online, ...status });
  if (!lines.status && !lines.attention && !lines.others) return null;
  return (
    <Paper
      role="status"
      aria-label="Offline desk"
      withBorder
      radius="md"
      px="sm"
      py={6}
      mb="sm"
      bg={online ? 'blue.0' : 'yellow.0'}
    >
      <Stack gap={2}>
        {lines.status ? (
          <Group gap={6} wrap="nowrap">
            {online ? (
              <IconCloudUpload size={18} aria-hidden style={{ flexShrink: 0 }} />
            ) : (
              <IconWifiOff size={18} aria-hidden style={{ flexShrink: 0 }} />
            )}
            <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere', flex: 1 }}>
              {lines.status}
            </Text>
            {status.waiting > 0 ? (
              <Button
                size="compact-xs"
                variant="white"
                loading={status.syncing}
                onClick={() => void syncNow()}
                style={{ flexShrink: 0 }}
              >
                Sync now
              </Button>
            ) : null}
          </Group>
        ) : null}
        {lines.attention ? (
          <Group gap={6} wrap="nowrap">
            <IconAlertTriangle
              size={18}
              aria-hidden
              color="var(--mantine-color-red-7)"
              style={{ flexShrink: 0 }}
            />
            <Anchor component={Link} to="/offline" size="sm" fw={600} c="red.8">
              {lines.attention}
            </Anchor>
          </Group>
        ) : null}
        {lines.others ? (
          <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {lines.others}
          </Text>
        ) : null}
      </Stack>
    </Paper>
  );
}
