import { Group, Text } from '@mantine/core';
import { IconBarcode, IconBarcodeOff } from '@tabler/icons-react';
import { CHECK_IN_TEXTS } from '../check-in-format';

/**
 * Whether a barcode scanner's scan is caught now: "Ready to scan" while the focus is in the
 * search box or anywhere outside a text box; paused while someone types in another box.
 */
export function ScanReadiness({ ready }: { ready: boolean }) {
  const Icon = ready ? IconBarcode : IconBarcodeOff;
  return (
    <Group gap={6} wrap="nowrap" mt={-8} data-testid="scan-readiness" data-ready={ready}>
      <Icon
        size={16}
        aria-hidden
        color={ready ? 'var(--mantine-color-green-7)' : 'var(--mantine-color-dimmed)'}
      />
      <Text size="sm" c={ready ? 'green.8' : 'dimmed'}>
        {ready ? CHECK_IN_TEXTS.readyToScan : CHECK_IN_TEXTS.scanPaused}
      </Text>
    </Group>
  );
}
