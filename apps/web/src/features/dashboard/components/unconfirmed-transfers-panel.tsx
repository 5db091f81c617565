import { Button, Card, Group, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconBuildingBank } from '@tabler/icons-react';
import { formatDay, formatNaira, type Dashboard } from '@kora/shared';
import { Link } from 'react-router';
import { formatCount } from '../dashboard-format';

/** "3 transfers not yet confirmed" */
const countText = (n: number) =>
  n === 1 ? '1 transfer not yet confirmed' : `${formatCount(n)} transfers not yet confirmed`;

/** The payments list filtered to the unconfirmed transfers paid on or before `before`. */
const unconfirmedTransfersPath = (before: string) =>
  `/payments?status=unconfirmed&unconfirmed_before=${before}`;

/**
 * Owners and admins: the desk transfers recorded more than two days ago and still not ticked
 * against the bank statement (how many, for how much), linking to the payments list filtered
 * to them. Shows nothing when there are none.
 */
export function UnconfirmedTransfersPanel({ data }: { data: Dashboard['unconfirmed_transfers'] }) {
  if (!data || data.count <= 0) return null;
  return (
    <Card
      withBorder
      radius="lg"
      padding="md"
      bg="var(--mantine-color-yellow-light)"
      component="section"
      aria-label="Unconfirmed transfers"
    >
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
          <ThemeIcon color="yellow" variant="light" radius="xl" size={36}>
            <IconBuildingBank size={20} aria-hidden />
          </ThemeIcon>
          <Stack gap={0} style={{ minWidth: 0 }}>
            <Text fw={600} size="sm">
              {countText(data.count)}: {formatNaira(data.amount)}
            </Text>
            <Text size="xs" c="dimmed">
              Transfers recorded at the desk on or before {formatDay(data.before)}, older than two
              days. Check them against your bank statement.
            </Text>
          </Stack>
        </Group>
        <Button
          component={Link}
          to={unconfirmedTransfersPath(data.before)}
          color="yellow"
          variant="light"
        >
          Review transfers
        </Button>
      </Group>
    </Card>
  );
}
