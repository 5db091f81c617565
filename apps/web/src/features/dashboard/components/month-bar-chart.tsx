import type { BarChartProps } from '@mantine/charts';
import { useMediaQuery } from '@mantine/hooks';
import { CARDS_QUERY } from '@/components/data-table';
import { BarChart } from './lazy-charts';

/** A month chart's height on a wider screen. */
const CHART_HEIGHT = 240;

interface MonthBarChartProps {
  /** One row a month, its month in `month` ("Dec 2025"). */
  data: Record<string, string | number>[];
  series: BarChartProps['series'];
  valueFormatter: (value: number) => string;
  /** The value axis: its ticks and whether they may be fractions. */
  valueAxis: { tickFormatter: (value: number) => string; allowDecimals?: boolean; width: number };
  /** The thickest a bar is drawn. */
  maxBarWidth: number;
  withLegend?: boolean;
}

/** Each month's row on a phone, per bar it holds: a bar a finger can find, never a hairline. */
const PHONE_ROW = 14;
const PHONE_AXIS = 48;

/**
 * A chart of the last months. On a wide screen the months run along the bottom. On a phone,
 * where twelve months of bars side by side come to a few pixels each, the months run down the
 * screen instead, one row each, and the chart is as tall as they need.
 */
export function MonthBarChart(props: MonthBarChartProps) {
  const { data, series, valueFormatter, valueAxis, maxBarWidth, withLegend } = props;
  const phone = useMediaQuery(CARDS_QUERY, false, { getInitialValueInEffect: false });
  const legend = withLegend
    ? { withLegend, legendProps: { verticalAlign: 'bottom' as const } }
    : {};
  if (phone)
    return (
      <BarChart
        height={data.length * (series.length * PHONE_ROW + 12) + PHONE_AXIS + (withLegend ? 32 : 0)}
        data={data}
        dataKey="month"
        orientation="vertical"
        gridAxis="y"
        series={series}
        maxBarWidth={PHONE_ROW}
        valueFormatter={valueFormatter}
        xAxisProps={{ ...valueAxis, width: undefined }}
        yAxisProps={{ width: 68 }}
        {...legend}
      />
    );
  return (
    <BarChart
      height={CHART_HEIGHT}
      data={data}
      dataKey="month"
      series={series}
      maxBarWidth={maxBarWidth}
      valueFormatter={valueFormatter}
      yAxisProps={valueAxis}
      {...legend}
    />
  );
}
