import { Stack, Text, type StackProps } from '@mantine/core';
import type { ReactNode } from 'react';

interface LabelledProps extends Pick<StackProps, 'gap' | 'style'> {
  label: string;
  /** The label's font weight. */
  weight?: number;
  /** The value. */
  children: ReactNode;
}

/** A value under its small, dimmed, uppercase label: a figure or a detail in a card. */
export function Labelled({ label, weight = 700, gap = 2, style, children }: LabelledProps) {
  return (
    <Stack gap={gap} style={style}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={weight}>
        {label}
      </Text>
      {children}
    </Stack>
  );
}
