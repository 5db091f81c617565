import { Badge, Card, SimpleGrid, Text } from '@mantine/core';
import {
  durationLabel,
  formatNaira,
  freezeRulesText,
  groupLimitLabel,
  perUnitPrice,
  type Plan,
  planTypeLabel,
} from '@kora/shared';
import type { ReactNode } from 'react';
import { Labelled } from '@/components/labelled';

/**
 * A plan's figures: amount, duration, type, group limit, status, the per-unit price, whether
 * members may buy it online, and its freezing rules in words.
 */
export function PlanSummaryCard({ plan }: { plan: Plan }) {
  return (
    <Card withBorder radius="lg" padding="lg">
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="lg">
        <Item label="Amount">
          <Text fz={24} fw={800}>
            {formatNaira(plan.amount)}
          </Text>
        </Item>
        <Item label="Price per unit">{perUnitPrice(plan) || 'N/A'}</Item>
        <Item label="Duration">{durationLabel(plan.duration, plan.duration_type)}</Item>
        <Item label="Type">{planTypeLabel(plan.is_grouped)}</Item>
        <Item label="Group limit">
          {plan.is_grouped ? groupLimitLabel(plan.group_limit) : '1 member (individual plan)'}
        </Item>
        <Item label="Status">
          <Badge color={plan.is_active ? 'green' : 'gray'} variant="light">
            {plan.is_active ? 'Active' : 'Inactive'}
          </Badge>
          <Text size="xs" c="dimmed" mt={4}>
            {plan.is_active
              ? 'Available for new subscriptions.'
              : 'Hidden from new subscriptions; existing subscriptions continue.'}
          </Text>
        </Item>
        <Item label="Available online">{plan.available_online ? 'Yes' : 'No'}</Item>
        <Item label="Freezing">{freezeRulesText(plan)}</Item>
      </SimpleGrid>
    </Card>
  );
}

function Item({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Labelled label={label} gap={4}>
      {typeof children === 'string' ? <Text fw={600}>{children}</Text> : <div>{children}</div>}
    </Labelled>
  );
}
