import { Group, SimpleGrid, Text } from '@mantine/core';
import {
  IconArrowDownRight,
  IconArrowRight,
  IconArrowUpRight,
  IconCash,
  IconId,
  IconPercentage,
  IconUsers,
} from '@tabler/icons-react';
import { RETENTION_WINDOW_DAYS, type Dashboard } from '@kora/shared';
import {
  formatCount,
  formatNaira,
  formatPercent,
  retentionHint,
  revenueChange,
  type Trend,
} from '../dashboard-format';
import { StatCard } from './stat-card';

const TREND: Record<Trend, { color: string; icon: typeof IconArrowUpRight }> = {
  up: { color: 'teal.8', icon: IconArrowUpRight },
  down: { color: 'red.8', icon: IconArrowDownRight },
  flat: { color: 'dimmed', icon: IconArrowRight },
};

/** The revenue card's comparison with the same days of last month, green up or red down. */
function RevenueChange({ data }: { data: Dashboard }) {
  const { text, trend } = revenueChange(data.cards, data.today);
  if (!trend) return <>{text}</>;
  const { color, icon: TrendIcon } = TREND[trend];
  return (
    <Group gap={4} wrap="nowrap" c={color} fw={600}>
      <TrendIcon size={14} aria-hidden style={{ flexShrink: 0 }} />
      <Text inherit span>
        {text}
      </Text>
    </Group>
  );
}

/**
 * The four figures at the top of the dashboard; loading skeletons while `data` loads. Monthly
 * Revenue shows only to those who see revenue (staff when the owner allows it).
 */
export function DashboardCards({ data }: { data?: Dashboard }) {
  const cards = data?.cards;
  const revenueHidden = data?.revenue_visible === false;
  const count = (n: number | undefined) =>
    n === undefined ? {} : { value: formatCount(n), spoken: String(n) };
  return (
    <SimpleGrid
      cols={{ base: 1, xs: 2, lg: revenueHidden ? 3 : 4 }}
      spacing={{ base: 'xs', sm: 'md' }}
    >
      <StatCard
        label="Total Members"
        icon={IconUsers}
        hint={
          cards?.frozen_members
            ? `Active member accounts · ${formatCount(cards.frozen_members)} frozen today`
            : 'Active member accounts'
        }
        {...count(cards?.total_members)}
      />
      <StatCard
        label="Active Subscriptions"
        icon={IconId}
        hint="Running today"
        {...count(cards?.active_subscriptions)}
      />
      {revenueHidden ? null : (
        <StatCard
          label="Monthly Revenue"
          icon={IconCash}
          value={cards ? formatNaira(cards.revenue_this_month) : undefined}
          hint={data ? <RevenueChange data={data} /> : undefined}
        />
      )}
      <StatCard
        label="Retention Rate"
        icon={IconPercentage}
        value={
          cards
            ? cards.retention_rate === null
              ? '—'
              : formatPercent(cards.retention_rate)
            : undefined
        }
        spoken={cards?.retention_rate === null ? 'not available' : undefined}
        hint={cards ? retentionHint(cards, RETENTION_WINDOW_DAYS) : undefined}
      />
    </SimpleGrid>
  );
}
