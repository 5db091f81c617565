import { Card, SimpleGrid, Text, Title } from '@mantine/core';
import { Labelled } from '@/components/labelled';
import { usePlanStats } from '../api';
import { InlineLoader } from '@/components/inline-loader';

/**
 * Subscriptions on this plan, from the subscriptions list's totals. Until the server can
 * answer them, the card says so instead of showing made-up numbers.
 */
export function PlanStatsCard({ planId }: { planId: number }) {
  const stats = usePlanStats(planId);
  return (
    <Card withBorder radius="lg" padding="lg">
      <Title order={3} fz="h5" mb="sm">
        Statistics
      </Title>
      {stats.isLoading ? (
        <InlineLoader>Loading statistics...</InlineLoader>
      ) : stats.data ? (
        <SimpleGrid cols={2} spacing="md">
          <Stat label="Active subscriptions" value={stats.data.active} />
          <Stat label="All-time subscriptions" value={stats.data.total} />
        </SimpleGrid>
      ) : (
        <Text size="sm" c="dimmed">
          Subscription statistics are not available yet. They will show here once subscriptions can
          be counted.
        </Text>
      )}
    </Card>
  );
}

function Stat({ label, value }: { label: string; value: number }) {
  return (
    <Labelled label={label}>
      <Text fz={24} fw={800}>
        {value.toLocaleString('en-NG')}
      </Text>
    </Labelled>
  );
}
