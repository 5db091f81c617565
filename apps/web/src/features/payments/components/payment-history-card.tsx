import { Card, Text, Title } from '@mantine/core';
import { ErrorAlert } from '@/components/form-alerts';
import { PageLoader } from '@/components/page-loader';
import { formatDateTime } from '@/lib/format';
import { usePaymentHistory } from '../api';
import { RuledItem, RuledList } from './ruled-list';

const HISTORY_TEXTS = {
  title: 'History',
  none: 'Nothing has been recorded about this payment yet.',
  loadFailed: "We could not load this payment's history. Please try again.",
} as const;

/**
 * What happened to the payment, newest first, each in plain words with when it happened
 * ("Ada Obi (owner) voided payment IRON-000123 of ₦25,000 for Chidi Eze: wrong member"). Only
 * owners and admins read it: the page shows it to them alone.
 */
export function PaymentHistoryCard({ paymentId }: { paymentId: number }) {
  const history = usePaymentHistory(paymentId);
  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-label={HISTORY_TEXTS.title}>
      <Title order={3} fz="h5" mb="sm">
        {HISTORY_TEXTS.title}
      </Title>
      {history.isPending ? (
        <PageLoader minHeight={80} />
      ) : history.isError ? (
        <ErrorAlert error={history.error} fallback={HISTORY_TEXTS.loadFailed} />
      ) : history.data.length === 0 ? (
        <Text size="sm" c="dimmed">
          {HISTORY_TEXTS.none}
        </Text>
      ) : (
        <RuledList ordered>
          {history.data.map((entry) => (
            <RuledItem key={entry.id}>
              <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                {entry.text}
              </Text>
              <Text size="xs" c="dimmed">
                {formatDateTime(entry.at)}
              </Text>
            </RuledItem>
          ))}
        </RuledList>
      )}
    </Card>
  );
}
