import { IconRefresh, IconUsersGroup } from '@tabler/icons-react';
import type { Dashboard } from '@kora/shared';
import { compactCount, formatCount, monthLabel, monthName } from '../dashboard-format';
import { ChartWithTable } from './chart-table';
import { MonthBarChart } from './month-bar-chart';
import { Panel } from './panel';

/** Counts are whole: no 0.5 ticks on the axis. */
const countAxis = { allowDecimals: false, tickFormatter: compactCount, width: 40 };

/** New members joining each month. */
export function MembershipGrowthPanel({ data }: { data: Dashboard }) {
  return (
    <Panel title="Membership Growth" icon={IconUsersGroup}>
      <ChartWithTable
        caption="New members by month, last 12 months"
        columns={['Month', 'New members']}
        rows={data.membership_growth.map((m) => [monthName(m.month), formatCount(m.new_members)])}
        chart={
          <MonthBarChart
            data={data.membership_growth.map((m) => ({
              month: monthLabel(m.month),
              new_members: m.new_members,
            }))}
            series={[{ name: 'new_members', label: 'New members', color: 'kora.6' }]}
            maxBarWidth={28}
            valueFormatter={formatCount}
            valueAxis={countAxis}
          />
        }
      />
    </Panel>
  );
}

const LIFECYCLE = [
  { name: 'new', label: 'New', color: 'kora.6' },
  { name: 'renewed', label: 'Renewed', color: 'blue.6' },
  { name: 'expired', label: 'Expired', color: 'orange.6' },
  { name: 'churned', label: 'Churned', color: 'red.6' },
] as const;

/** Each month's subscriptions: bought new, renewed, expired, and members lost. */
export function LifecyclePanel({ data }: { data: Dashboard }) {
  return (
    <Panel title="Subscription Lifecycle" icon={IconRefresh}>
      <ChartWithTable
        caption="Subscriptions by month, last 12 months: new, renewed, expired and churned"
        columns={['Month', ...LIFECYCLE.map((s) => s.label)]}
        rows={data.lifecycle.map((m) => [
          monthName(m.month),
          ...LIFECYCLE.map((s) => formatCount(m[s.name])),
        ])}
        chart={
          <MonthBarChart
            data={data.lifecycle.map((m) => ({ ...m, month: monthLabel(m.month) }))}
            series={LIFECYCLE.map((s) => ({ ...s }))}
            withLegend
            maxBarWidth={10}
            valueFormatter={formatCount}
            valueAxis={countAxis}
          />
        }
      />
    </Panel>
  );
}
