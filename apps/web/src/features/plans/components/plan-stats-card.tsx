import { SimpleGrid, Text } from '@mantine/core';
import { Labelled } from '@/components/labelled';
import { usePlanStats } from '../api';
import { InlineLoader } from '@/components/inline-loader';
import { TitledCard } from '@/components/titled-card';

/**
 * Subscriptions on this plan, from the subscriptions list's totals. Until the server can
 * answer them, the card says so instead of showing made-up numbers.
 */
export function PlanStatsCard({ planId }: { planId: number }) {
  const stats = usePlanStats(planId);
  return (
    <TitledCard title="Statistics">
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
    </TitledCard>
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
