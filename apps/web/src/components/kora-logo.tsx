import { Group, Text } from '@mantine/core';
import { PRODUCT_NAME } from '@kora/shared';

/** Kora's mark: a rounded square with a stylised K, and the name beside it. */
export function KoraLogo({ size = 32, withName = true }: { size?: number; withName?: boolean }) {
  return (
    <Group gap={8} wrap="nowrap">
      <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden focusable="false">
        <rect width="32" height="32" rx="9" fill="#0f766e" />
        <path
          d="M11 8v16M11 16.5 20.5 8M13.5 14l7.5 10"
          stroke="#fff"
          strokeWidth="3"
          strokeLinecap="round"
          strokeLinejoin="round"
          fill="none"
        />
      </svg>
      {withName ? (
        <Text fw={800} fz={size * 0.62} lh={1} c="kora.8" style={{ letterSpacing: '-0.02em' }}>
          {PRODUCT_NAME}
        </Text>
      ) : null}
    </Group>
  );
}
