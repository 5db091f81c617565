import { Card, SimpleGrid, Skeleton, Text } from '@mantine/core';
import { formatNaira, type PaymentSummary } from '@kora/shared';
import { usePaymentSummary } from '../api';

const CARDS: { key: keyof PaymentSummary; label: string; hint: string }[] = [
  { key: 'count', label: 'Total', hint: 'Payments recorded' },
  { key: 'this_month', label: 'Month', hint: 'Received this month' },
  { key: 'today', label: 'Today', hint: 'Received today' },
  { key: 'year_to_date', label: 'YTD Revenue', hint: 'Since 1 January' },
  { key: 'average', label: 'Average', hint: 'Per payment' },
];

const show = (key: keyof PaymentSummary, value: number) =>
  key === 'count' ? value.toLocaleString('en-NG') : formatNaira(value);

/** The payments summary cards, computed by the server over all payments (03-decisions §5). */
export function PaymentStats() {
  const summary = usePaymentSummary();
  return (
    <SimpleGrid cols={{ base: 2, sm: 3, lg: 5 }} spacing={{ base: 'xs', sm: 'md' }} mb="md">
      {CARDS.map(({ key, label, hint }) => (
        <Card key={key} withBorder radius="lg" padding="md">
          <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
            {label}
          </Text>
          {summary.data ? (
            <Text
              fz={{ base: 18, sm: 22 }}
              fw={800}
              lh={1.2}
              mt={4}
              aria-label={`${label}: ${show(key, summary.data[key])}`}
              style={{ overflowWrap: 'anywhere' }}
            >
              {show(key, summary.data[key])}
            </Text>
          ) : (
            <Skeleton height={24} width={72} mt={6} visible={summary.isLoading}>
              <Text fz={20} fw={800}>
                —
              </Text>
            </Skeleton>
          )}
          <Text size="xs" c="dimmed" mt={6}>
            {hint}
          </Text>
        </Card>
      ))}
    </SimpleGrid>
  );
}
