import { Group, Paper, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { rowProps } from '../data-table-columns';
import { groupLine, type MemberPlanParts, type MemberPlanRow } from './list-columns';

export interface MemberItemCard {
  /** Beside the member, top right. */
  corner: ReactNode;
  /** The dimmed line under the member (truncated). */
  line: string;
  /** Beside that line, on the right. */
  aside: ReactNode;
  /** The dimmed last line. */
  footer: string;
  /** Cut the last line at the card's edge. */
  truncateFooter?: boolean;
  /** Struck through (a voided payment): its text crossed out. */
  struck?: boolean;
  /** Opening the card (a payment's details); the card then takes clicks. */
  onOpen?: () => void;
}

/** Subscriptions or payments on a phone: one card each, the same facts as the table's columns. */
export function MemberItemCards<T extends MemberPlanRow>({
  rows,
  card,
  MemberCell,
}: {
  rows: T[];
  card: (row: T) => MemberItemCard;
  MemberCell: MemberPlanParts['MemberCell'];
}) {
  return (
    <Stack gap="xs" px="md" pb="xs">
      {rows.map((row) => {
        const { corner, line, aside, footer, truncateFooter, struck, onOpen } = card(row);
        const group = groupLine(row);
        return (
          <Paper
            key={row.id}
            withBorder
            radius="md"
            p="sm"
            {...rowProps({ struck, onClick: onOpen })}
          >
            <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
              <div style={{ minWidth: 0 }}>
                <MemberCell member={row.member} />
              </div>
              {corner}
            </Group>
            <Group justify="space-between" gap="xs" mt="xs" wrap="nowrap">
              <Text size="xs" c="dimmed" truncate>
                {line}
              </Text>
              {aside}
            </Group>
            {group ? (
              <Text size="xs" c="dimmed" mt={4} truncate>
                {group}
              </Text>
            ) : null}
            <Text size="xs" c="dimmed" mt={4} truncate={truncateFooter}>
              {footer}
            </Text>
          </Paper>
        );
      })}
    </Stack>
  );
}
