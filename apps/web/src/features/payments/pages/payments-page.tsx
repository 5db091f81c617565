import { Button, Card, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconCash, IconPlus } from '@tabler/icons-react';
import { PAYMENT_METHODS } from '@kora/shared';
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { LoadError } from '@/components/load-error';
import { PageHeader } from '@/components/page-header';
import { PageLoader } from '@/components/page-loader';
import { PaginationFooter } from '@/components/pagination-footer';
import { usePlans } from '@/features/subscription-plans';
import {
  ListToolbar,
  activeFilterCount,
  useChosenMember,
  useListFilters,
  type FilterChoice,
} from '@/features/subscriptions';
import { PAYMENTS_PER_PAGE, usePayments } from '../api';
import { PaymentCards } from '../components/payment-cards';
import { PaymentStats } from '../components/payment-stats';
import { PaymentsTable } from '../components/payments-table';
import { RecordPaymentModal } from '../components/record-payment-modal';
import { PAYMENT_TEXTS } from '../payment-form';

const FILTERS = ['member_id', 'subscription_type_id', 'method', 'start_date', 'end_date'] as const;
const METHOD_CHOICE: FilterChoice = {
  key: 'method',
  label: 'Payment Method',
  allLabel: 'All Methods',
  options: PAYMENT_METHODS.map((m) => ({ value: m, label: m })),
};

/**
 * /payments: server summary, member search and filters (kept in the URL), the paged list and
 * Record Payment. /payments?record=1&member_id={id} opens the modal for that member.
 */
export function PaymentsPage() {
  const { filters, page, apply, clear, setPage } = useListFilters(FILTERS);
  const payments = usePayments({ page, ...filters });
  const plans = usePlans(false);
  const [params, setParams] = useSearchParams();
  const phone = useMediaQuery('(max-width: 48em)', false, { getInitialValueInEffect: false });
  const [recording, setRecording] = useState(false);
  const fromUrl = params.get('record') === '1';
  const forMember = useChosenMember(fromUrl ? params.get('member_id') : null);
  const filtered = activeFilterCount(filters) > 0;
  const data = payments.data;
  const planDurations = useMemo(
    () => new Map((plans.data ?? []).map((p) => [p.id, p.duration])),
    [plans.data],
  );

  const record = () => setRecording(true);
  const closeModal = () => {
    setRecording(false);
    // The member stays as the list's filter: their new payment is what the list then shows.
    if (fromUrl)
      setParams(
        (prev) => {
          const q = new URLSearchParams(prev);
          q.delete('record');
          return q;
        },
        { replace: true },
      );
  };
  const recordButton = (label: string) => (
    <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={record}>
      {label}
    </Button>
  );

  return (
    <>
      <PageHeader
        title="Payments"
        description="Payments received from your members."
        actions={recordButton('Record Payment')}
      />
      <PaymentStats />
      <Card withBorder radius="lg" padding={0}>
        <Stack p="md" pb="xs" gap={0}>
          <ListToolbar
            noun="payments"
            filters={filters}
            plans={plans.data}
            planLabel="Subscription Plan"
            choice={METHOD_CHOICE}
            onApply={apply}
            onClear={clear}
          />
        </Stack>
        {payments.isError && !data ? (
          <Stack p="md">
            <LoadError message={PAYMENT_TEXTS.listFailed} onRetry={() => void payments.refetch()} />
          </Stack>
        ) : !data ? (
          <PageLoader minHeight={200} />
        ) : data.meta.total === 0 ? (
          <Stack align="center" gap="sm" ta="center" p="xl">
            <ThemeIcon size={48} radius="xl" variant="light">
              <IconCash size={26} aria-hidden />
            </ThemeIcon>
            <Title order={3} fz="h4">
              {filtered ? PAYMENT_TEXTS.noMatch : PAYMENT_TEXTS.noPayments}
            </Title>
            {filtered ? (
              <Button variant="default" onClick={clear}>
                Clear Filters
              </Button>
            ) : (
              recordButton('Record First Payment')
            )}
          </Stack>
        ) : (
          <>
            {data.data.length === 0 ? (
              <Text c="dimmed" size="sm" p="md">
                No payments on this page.
              </Text>
            ) : phone ? (
              <PaymentCards payments={data.data} planDurations={planDurations} />
            ) : (
              <PaymentsTable payments={data.data} planDurations={planDurations} />
            )}
            <Stack px="md" pb="md" gap={0}>
              <PaginationFooter
                page={data.meta.page}
                pages={data.meta.pages}
                perPage={PAYMENTS_PER_PAGE}
                total={data.meta.total}
                noun="payments"
                onChange={setPage}
                disabled={payments.isFetching}
              />
            </Stack>
          </>
        )}
      </Card>
      <RecordPaymentModal
        opened={recording || fromUrl}
        onClose={closeModal}
        member={fromUrl ? forMember.member : null}
        loading={fromUrl && forMember.pending && !forMember.failed}
      />
    </>
  );
}
