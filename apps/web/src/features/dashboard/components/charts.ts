// The charts' styles come with their code: loaded on the dashboard only (see lazy-charts).
import '@mantine/charts/styles.css';

/**
 * The charts the dashboard draws (recharts): loaded on demand by lazy-charts.tsx. No AreaChart:
 * Mantine wraps its areas in fragments, which recharts 2 finds only with a react-is as new as
 * React (19); the react-is it brings is 18, so the areas would not be drawn.
 */
export { BarChart, DonutChart } from '@mantine/charts';
