import { Card, SimpleGrid, Skeleton, Text } from '@mantine/core';
import type { SubscriptionSummary } from '@kora/shared';
import { useSubscriptionSummary } from '../api';

/** Overdue uses the expired count, as the specification says. */
const CARDS: { key: keyof SubscriptionSummary; label: string; hint: string; color: string }[] = [
  { key: 'active', label: 'Active', hint: 'Running today', color: 'green' },
  { key: 'expiring', label: 'Expiring', hint: 'Ending within 7 days', color: 'orange' },
  { key: 'expired', label: 'Expired', hint: 'Ended before today', color: 'red' },
  { key: 'expired', label: 'Overdue', hint: 'Same count as Expired', color: 'red' },
];

/** The subscription counts, from GET /v1/subscription/summary. */
export function SubscriptionStats() {
  const summary = useSubscriptionSummary();
  return (
    <SimpleGrid cols={{ base: 2, md: 4 }} spacing={{ base: 'xs', sm: 'md' }} mb="md">
      {CARDS.map(({ key, label, hint, color }) => (
        <Card key={label} withBorder radius="lg" padding="md">
          <Text size="xs" c={color} tt="uppercase" fw={700}>
            {label}
          </Text>
          {summary.data ? (
            <Text
              fz={{ base: 22, sm: 26 }}
              fw={800}
              lh={1.2}
              mt={4}
              aria-label={`${label}: ${summary.data[key]}`}
            >
              {summary.data[key].toLocaleString('en-NG')}
            </Text>
          ) : (
            <Skeleton height={26} width={48} mt={6} visible={summary.isLoading}>
              <Text fz={22} fw={800}>
                —
              </Text>
            </Skeleton>
          )}
          <Text size="xs" c="dimmed" mt={6}>
            {hint}
          </Text>
        </Card>
      ))}
    </SimpleGrid>
  );
}
