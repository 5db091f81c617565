import {
  Card,
  Group,
  SimpleGrid,
  Skeleton,
  Text,
  ThemeIcon,
  type SimpleGridProps,
} from '@mantine/core';
import type { Icon } from '@tabler/icons-react';

interface Stat {
  label: string;
  hint: string;
  /** The figure as shown; undefined until the summary has loaded. */
  value?: string;
  /** What the figure's aria-label says after "Label: "; the shown value by default. */
  spoken?: string;
  /** The label's colour; dimmed by default. */
  labelColor?: string;
  /** An icon on the card's right (hidden on the narrowest screens), in iconColor. */
  icon?: Icon;
  iconColor?: string;
}

interface StatGridProps {
  stats: Stat[];
  cols: SimpleGridProps['cols'];
  /** The summary is loading: the placeholders shimmer. */
  loading: boolean;
  /** Wide figures (money): smaller type that may wrap, a wider placeholder. */
  wide?: boolean;
}

/** A count shown with thousands separators, spoken as the plain number. */
export const countStat = (count: number | undefined) =>
  count === undefined ? {} : { value: count.toLocaleString('en-NG'), spoken: String(count) };

function StatFigure({ stat, loading, wide }: { stat: Stat; loading: boolean; wide?: boolean }) {
  const { label, value, spoken = value } = stat;
  return (
    <>
      <Text size="xs" c={stat.labelColor ?? 'dimmed'} tt="uppercase" fw={700}>
        {label}
      </Text>
      {value !== undefined ? (
        <Text
          fz={wide ? { base: 18, sm: 22 } : { base: 22, sm: 26 }}
          fw={800}
          lh={1.2}
          mt={4}
          aria-label={`${label}: ${spoken}`}
          style={wide ? { overflowWrap: 'anywhere' } : undefined}
        >
          {value}
        </Text>
      ) : (
        <Skeleton height={wide ? 24 : 26} width={wide ? 72 : 48} mt={6} visible={loading}>
          <Text fz={wide ? 20 : 22} fw={800}>
            —
          </Text>
        </Skeleton>
      )}
    </>
  );
}

/** The summary cards above a list (members, subscriptions, payments). */
export function StatGrid({ stats, cols, loading, wide }: StatGridProps) {
  return (
    <SimpleGrid cols={cols} spacing={{ base: 'xs', sm: 'md' }} mb="md">
      {stats.map(({ icon: StatIcon, ...stat }) => (
        <Card key={stat.label} withBorder radius="lg" padding="md">
          {StatIcon ? (
            <Group justify="space-between" wrap="nowrap" align="flex-start">
              <div>
                <StatFigure stat={stat} loading={loading} wide={wide} />
              </div>
              <ThemeIcon
                size={36}
                radius="md"
                variant="light"
                color={stat.iconColor}
                visibleFrom="xs"
              >
                <StatIcon size={20} aria-hidden />
              </ThemeIcon>
            </Group>
          ) : (
            <StatFigure stat={stat} loading={loading} wide={wide} />
          )}
          <Text size="xs" c="dimmed" mt={6}>
            {stat.hint}
          </Text>
        </Card>
      ))}
    </SimpleGrid>
  );
}
