import { Group, Text } from '@mantine/core';
import { PRODUCT_NAME } from '@kora/shared';
import { KoraMark } from '@/components/kora-mark';

/** Kora's mark: a rounded square with a stylised K, and the name beside it. */
export function KoraLogo({ size = 32, withName = true }: { size?: number; withName?: boolean }) {
  return (
    <Group gap={8} wrap="nowrap">
      <KoraMark size={size} />
      {withName ? (
        <Text fw={800} fz={size * 0.62} lh={1} c="kora.8" style={{ letterSpacing: '-0.02em' }}>
          {PRODUCT_NAME}
        </Text>
      ) : null}
    </Group>
  );
}
