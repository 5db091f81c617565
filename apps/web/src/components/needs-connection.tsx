import { Text } from '@mantine/core';
import { IconWifiOff } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { NEEDS_CONNECTION } from '@/features/offline';
import { IconAlert } from './icon-alert';

/**
 * What a page or an action says while offline when it needs the server: a plain notice, not an
 * error. It goes away by itself once the connection is back.
 */
export function NeedsConnection({ children }: { children?: ReactNode }) {
  return (
    <IconAlert color="gray" role="status" icon={IconWifiOff} title={NEEDS_CONNECTION}>
      <Text size="sm">
        {children ??
          'This shows again once the connection is back. The desk keeps working offline.'}
      </Text>
    </IconAlert>
  );
}
