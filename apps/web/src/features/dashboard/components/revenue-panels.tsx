import { ColorSwatch, Group, Stack, Text } from '@mantine/core';
import { IconChartBar, IconChartLine, IconCreditCard } from '@tabler/icons-react';
import type { Dashboard, PaymentMethod } from '@kora/shared';
import {
  DASHBOARD_TEXTS,
  compactNaira,
  formatCount,
  formatNaira,
  formatPercent,
  monthLabel,
  monthName,
  planNameLines,
} from '../dashboard-format';
import { ChartTable, ChartWithTable } from './chart-table';
import { BarChart, DonutChart } from './lazy-charts';
import { MonthBarChart } from './month-bar-chart';
import { Panel } from './panel';

/** Revenue month by month, with the year's revenue so far above it. */
export function RevenueTrendPanel({ data }: { data: Dashboard }) {
  const ytd = formatNaira(data.cards.revenue_year_to_date);
  return (
    <Panel title="Revenue Trend" icon={IconChartLine}>
      <Group justify="space-between" align="flex-end" gap="xs" mb="md">
        <div>
          <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
            YTD Revenue
          </Text>
          <Text fz={{ base: 20, sm: 24 }} fw={800} lh={1.2} aria-label={`YTD Revenue: ${ytd}`}>
            {ytd}
          </Text>
        </div>
        <Text size="xs" c="dimmed">
          Since 1 January
        </Text>
      </Group>
      <ChartWithTable
        caption="Revenue by month, last 12 months"
        columns={['Month', 'Revenue', 'Payments']}
        rows={data.revenue_trend.map((m) => [
          monthName(m.month),
          formatNaira(m.revenue),
          formatCount(m.payments),
        ])}
        chart={
          <MonthBarChart
            data={data.revenue_trend.map((m) => ({
              month: monthLabel(m.month),
              revenue: m.revenue,
            }))}
            series={[{ name: 'revenue', label: 'Revenue', color: 'kora.6' }]}
            maxBarWidth={28}
            valueFormatter={formatNaira}
            valueAxis={{ tickFormatter: compactNaira, width: 56 }}
          />
        }
      />
    </Panel>
  );
}

/** A plan's name on the axis: its whole name on up to two lines, its full name on hover. */
function PlanTick({ x, y, payload }: { x?: number; y?: number; payload?: { value: string } }) {
  const name = payload?.value ?? '';
  const lines = planNameLines(name);
  return (
    <text x={(x ?? 0) - 8} y={y ?? 0} textAnchor="end" fontSize={12} fill="currentColor">
      <title>{name}</title>
      {lines.map((line, i) => (
        <tspan
          key={i}
          x={(x ?? 0) - 8}
          dy={i === 0 ? `${0.35 - (lines.length - 1) * 0.6}em` : '1.2em'}
        >
          {line}
        </tspan>
      ))}
    </text>
  );
}

/** Revenue of each plan over the last 12 months, highest first. */
export function RevenueByPlanPanel({ data }: { data: Dashboard }) {
  const plans = data.revenue_by_plan;
  return (
    <Panel title="Revenue by Plan" icon={IconChartBar}>
      <Text size="xs" c="dimmed" mb="sm">
        Last 12 months
      </Text>
      {plans.length === 0 ? (
        <Text size="sm" c="dimmed">
          {DASHBOARD_TEXTS.noPayments}
        </Text>
      ) : (
        <ChartWithTable
          caption="Revenue by plan, last 12 months"
          columns={['Plan', 'Revenue', 'Payments']}
          rows={plans.map((p) => [p.name, formatNaira(p.revenue), formatCount(p.payments)])}
          chart={
            <BarChart
              height={Math.min(360, Math.max(160, plans.length * 40 + 40))}
              data={plans.map((p) => ({ name: p.name, revenue: p.revenue }))}
              dataKey="name"
              orientation="vertical"
              series={[{ name: 'revenue', label: 'Revenue', color: 'kora.6' }]}
              gridAxis="y"
              maxBarWidth={28}
              valueFormatter={formatNaira}
              xAxisProps={{ tickFormatter: compactNaira }}
              yAxisProps={{ width: 112, tick: <PlanTick /> }}
            />
          }
        />
      )}
    </Panel>
  );
}

const METHOD_COLORS: Record<PaymentMethod, string> = {
  Cash: 'kora.6',
  Card: 'blue.6',
  Transfer: 'orange.6',
};
/** 'kora.6' → the theme's CSS variable of that shade. */
const cssColor = (color: string) => `var(--mantine-color-${color.replace('.', '-')})`;

/** Revenue and payments by method (cash, card, transfer) over the last 12 months. */
export function PaymentMethodsPanel({ data }: { data: Dashboard }) {
  const methods = data.payments_by_method;
  const total = methods.reduce((sum, m) => sum + m.revenue, 0);
  return (
    <Panel title="Payments by Method" icon={IconCreditCard}>
      <Text size="xs" c="dimmed" mb="sm">
        Last 12 months
      </Text>
      {total === 0 ? (
        <Text size="sm" c="dimmed">
          {DASHBOARD_TEXTS.noPayments}
        </Text>
      ) : (
        <Stack align="center" gap="md">
          <div aria-hidden>
            <DonutChart
              size={160}
              thickness={26}
              paddingAngle={2}
              data={methods
                .filter((m) => m.revenue > 0)
                .map((m) => ({ name: m.method, value: m.revenue, color: METHOD_COLORS[m.method] }))}
              valueFormatter={formatNaira}
              tooltipDataSource="segment"
            />
          </div>
          {/* The figures themselves, for everyone: the chart only draws their shares. */}
          <ChartTable
            caption="Payments by method, last 12 months"
            columns={['Method', 'Revenue', 'Payments', 'Share']}
            rows={methods.map((m) => [
              <Group key="method" gap={6} wrap="nowrap">
                <ColorSwatch color={cssColor(METHOD_COLORS[m.method])} size={10} aria-hidden />
                {m.method}
              </Group>,
              formatNaira(m.revenue),
              formatCount(m.payments),
              formatPercent(Math.round((m.revenue / total) * 1000) / 10),
            ])}
          />
        </Stack>
      )}
    </Panel>
  );
}
