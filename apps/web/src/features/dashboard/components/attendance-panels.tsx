import { Box, Grid, Group, Text, Tooltip } from '@mantine/core';
import { IconClockHour4, IconWalk } from '@tabler/icons-react';
import type { Attendance } from '@kora/shared';
import { LoadError } from '@/components/load-error';
import { useAttendance } from '../api';
import { ATTENDANCE_TEXTS, busiestHoursRange, dayLabel, visitsText } from '../attendance-format';
import { AtRiskPanel } from './at-risk-panel';
import { ChartTable } from './chart-table';
import { BarChart } from './lazy-charts';
import { Panel, PanelSkeleton } from './panel';

const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];
const WEEKDAY_NAMES = [
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
  'Sunday',
];

/** Visits today and a bar a day over the last 30 days (the figures as a table for readers). */
function VisitsPanel({ data }: { data: Attendance }) {
  const rows = data.per_day.map((d) => ({ day: dayLabel(d.day), visits: d.visits }));
  return (
    <Panel
      title="Visits"
      icon={IconWalk}
      aside={
        <Text size="sm" fw={600}>
          Today: {visitsText(data.visits_today)}
        </Text>
      }
    >
      <BarChart
        height={200}
        data={rows}
        dataKey="day"
        series={[{ name: 'visits', label: 'Visits', color: 'kora.6' }]}
        tickLine="none"
        xAxisProps={{ interval: 'preserveStartEnd', minTickGap: 16 }}
        yAxisProps={{ allowDecimals: false, width: 32 }}
        valueFormatter={(v) => visitsText(v)}
      />
      <ChartTable
        hidden
        caption="Visits per day, last 30 days"
        columns={['Day', 'Visits']}
        rows={rows.map((r) => [r.day, r.visits])}
      />
    </Panel>
  );
}

/** Weekday × hour, the busier the darker, over the last 28 days (Lagos time). */
function BusiestHoursPanel({ data }: { data: Attendance }) {
  const [first, last] = busiestHoursRange(data.busiest_hours);
  const hours = Array.from({ length: last - first + 1 }, (_, i) => first + i);
  const most = Math.max(1, ...data.busiest_hours.map((c) => c.visits));
  const visitsAt = (weekday: number, hour: number) =>
    data.busiest_hours.find((c) => c.weekday === weekday && c.hour === hour)?.visits ?? 0;
  return (
    <Panel title="Busiest hours" icon={IconClockHour4}>
      <Text size="xs" c="dimmed" mb="xs">
        {ATTENDANCE_TEXTS.busiestHoursNote}
      </Text>
      <Box style={{ overflowX: 'auto' }}>
        <Box
          role="grid"
          aria-label="Visits by weekday and hour"
          style={{
            display: 'grid',
            gridTemplateColumns: `2.5rem repeat(${hours.length}, minmax(14px, 1fr))`,
            gap: 2,
            minWidth: `${2.5 + hours.length * 1.1}rem`,
          }}
        >
          <span />
          {hours.map((h) => (
            <Text key={h} size="10px" c="dimmed" ta="center" aria-hidden>
              {h % 3 === 0 ? h : ''}
            </Text>
          ))}
          {WEEKDAYS.map((label, w) => (
            <Box key={label} role="row" style={{ display: 'contents' }}>
              <Text size="xs" c="dimmed" role="rowheader">
                {label}
              </Text>
              {hours.map((h) => {
                const visits = visitsAt(w + 1, h);
                const text = `${WEEKDAY_NAMES[w]} ${h}:00: ${visitsText(visits)}`;
                return (
                  <Tooltip key={h} label={text} openDelay={200}>
                    <Box
                      role="gridcell"
                      aria-label={text}
                      h={18}
                      style={{
                        borderRadius: 3,
                        background:
                          visits === 0
                            ? 'var(--mantine-color-gray-1)'
                            : `color-mix(in srgb, var(--mantine-color-kora-7) ${Math.round(15 + (85 * visits) / most)}%, white)`,
                      }}
                    />
                  </Tooltip>
                );
              })}
            </Box>
          ))}
        </Box>
      </Box>
    </Panel>
  );
}

/**
 * The dashboard's attendance: visits (today and 30 days), the busiest hours and the members at
 * risk, from their own calls, so the rest of the dashboard never waits for them.
 * `onlyWhenUsed`: shown only once there is something to show (a visit in the last 30 days or a
 * member at risk) and nothing while loading: a new gym's first steps stay uncluttered, yet a
 * gym that brought its members in and checks them in sees who comes before its first payment.
 */
export function AttendancePanels({ onlyWhenUsed = false }: { onlyWhenUsed?: boolean }) {
  const query = useAttendance();
  const half = { base: 12, md: 6 };
  if (
    onlyWhenUsed &&
    (!query.data ||
      (query.data.at_risk_count === 0 && query.data.per_day.every((d) => d.visits === 0)))
  )
    return null;
  if (!query.data)
    return (
      <Grid.Col span={12}>
        {query.isError ? (
          <LoadError
            message={ATTENDANCE_TEXTS.loadFailed}
            error={query.error}
            onRetry={() => void query.refetch()}
          />
        ) : (
          <Group grow>
            <PanelSkeleton height={200} />
          </Group>
        )}
      </Grid.Col>
    );
  return (
    <>
      <Grid.Col span={half}>
        <VisitsPanel data={query.data} />
      </Grid.Col>
      <Grid.Col span={half}>
        <BusiestHoursPanel data={query.data} />
      </Grid.Col>
      <Grid.Col span={12}>
        <AtRiskPanel count={query.data.at_risk_count} />
      </Grid.Col>
    </>
  );
}
