import { Box, Stack } from '@mantine/core';
import type { ReactNode } from 'react';

/** A card's list without bullets (`ordered`: its order means something, as a history's does). */
export function RuledList({
  ordered = false,
  children,
}: {
  ordered?: boolean;
  children: ReactNode;
}) {
  return (
    <Box component={ordered ? 'ol' : 'ul'} m={0} p={0} style={{ listStyle: 'none' }}>
      {children}
    </Box>
  );
}

/** One item of a RuledList, ruled off from the one above; its lines stacked close. */
export function RuledItem({ children }: { children: ReactNode }) {
  return (
    <Box
      component="li"
      py="xs"
      style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}
    >
      <Stack gap={2}>{children}</Stack>
    </Box>
  );
}
