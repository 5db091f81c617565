import type { BarChartProps, DonutChartProps } from '@mantine/charts';
import { Skeleton } from '@mantine/core';
import { lazy, Suspense } from 'react';

type Charts = typeof import('./charts');

/**
 * The charts' code (recharts, about 120 kB compressed) is the dashboard's largest part: it loads
 * in its own chunk, starting with the page's code, alongside the dashboard's call. Everything
 * else (figures, lists, the charts' tables) shows without waiting for it; each chart is a
 * loading skeleton of its size until it has arrived.
 */
let charts: Promise<Charts> | undefined;
export const loadCharts = () =>
  (charts ??= import('./charts').catch((error: unknown) => {
    // Asked for again at the next render; a failure there shows the app's error page, as a
    // page whose code did not load does.
    charts = undefined;
    throw error;
  }));

const Bar = lazy(() => loadCharts().then((m) => ({ default: m.BarChart })));
const Donut = lazy(() => loadCharts().then((m) => ({ default: m.DonutChart })));

/** Mantine's BarChart, `height` px high. */
export function BarChart({ height, ...props }: BarChartProps & { height: number }) {
  return (
    <Suspense fallback={<Skeleton height={height} radius="md" />}>
      <Bar h={height} {...props} />
    </Suspense>
  );
}

/** Mantine's DonutChart, `size` px wide and high. */
export function DonutChart({ size, ...props }: DonutChartProps & { size: number }) {
  return (
    <Suspense fallback={<Skeleton height={size} width={size} circle />}>
      <Donut size={size} {...props} />
    </Suspense>
  );
}
