import { Alert, Button, Group, Text } from '@mantine/core';
import { IconCash, IconChecks, IconPlus } from '@tabler/icons-react';
import { PAYMENT_METHODS, PAYMENT_STATUSES, formatDay, lagosDay, type Payment } from '@kora/shared';
import { exportContracts } from '@/lib/api-routes';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { ExportMenu } from '@/components/export-menu';
import {
  FILTER_KEYS,
  FilteredListCard,
  statusChoice,
  useListFilters,
  type FilterChoice,
} from '@/components/list';
import { PageHeader } from '@/components/page-header';
import { WaitingNote } from '@/components/waiting-note';
import { useSectionPath } from '@/components/use-section-path';
import { useChosenMember, useMemberFilter } from '@/features/members';
import { useCan } from '@/lib/use-can';
import { usePageTitle } from '@/lib/use-page-title';
import { usePlans } from '@/lib/use-plans';
import { PAYMENTS_PER_PAGE, usePaymentSummary, usePayments } from '../api';
import { ConfirmDayModal } from '../components/confirm-day-modal';
import { PaymentCards } from '../components/payment-cards';
import { PaymentStats } from '../components/payment-stats';
import { PaymentsTable } from '../components/payments-table';
import { RecordPaymentModal } from '../components/record-payment-modal';
import { PAYMENT_TEXTS } from '../payment-form';

const METHOD_CHOICE: FilterChoice = {
  key: 'method',
  label: 'Payment Method',
  allLabel: 'All Methods',
  options: PAYMENT_METHODS.map((m) => ({ value: m, label: m })),
};
/** Valid: not voided. Unconfirmed: desk transfers not yet ticked against the bank statement. */
const STATUS_CHOICE = statusChoice([
  { value: 'valid', label: 'Valid' },
  { value: 'voided', label: 'Voided' },
  { value: 'refunded', label: 'Refunded' },
  { value: 'unconfirmed', label: 'Unconfirmed transfers' },
]);
const CHOICES = [METHOD_CHOICE, STATUS_CHOICE];
const RULES = { status: (v: string) => (PAYMENT_STATUSES as readonly string[]).includes(v) };

/**
 * /payments: server summary, member search and filters (kept in the URL), the paged list (a row
 * opens the payment) and Record Payment. /payments?record=1&member_id={id} opens the modal for
 * that member. Filtered to unconfirmed transfers, owners and admins confirm a whole day at once.
 */
export function PaymentsPage() {
  const list = useListFilters(FILTER_KEYS, RULES);
  const payments = usePayments({ page: list.page, ...list.filters });
  const plans = usePlans(false);
  const [params, setParams] = useSearchParams();
  const [recording, setRecording] = useState(false);
  // The member a link (?record=1&member_id=) opened Record Payment for.
  const [linked, setLinked] = useState<string | null>(null);
  const fromUrl = params.get('record') === '1';
  const forMember = useChosenMember(linked);
  const memberFilter = useMemberFilter(list.filters.member_id);
  usePageTitle('Payments');
  const navigate = useNavigate();
  const sectionPath = useSectionPath();
  const pathOf = useCallback((p: Payment) => sectionPath(`payments/${p.id}`), [sectionPath]);
  const open = useCallback((p: Payment) => void navigate(pathOf(p)), [navigate, pathOf]);
  const canConfirm = useCan('payments.confirm');
  const revenueHidden = usePaymentSummary().data?.this_month === null;
  const [confirmingDay, setConfirmingDay] = useState(false);
  const unconfirmed = list.filters.status === 'unconfirmed';
  const planDurations = useMemo(
    () => new Map((plans.data ?? []).map((p) => [p.id, p.duration])),
    [plans.data],
  );

  // A link's ?record=1 opens Record Payment once; the address keeps the member as the list's
  // filter (their new payment is what the list then shows) without "record", so Back closes the
  // dialog and stays on the payments, and a reload does not open it again.
  useEffect(() => {
    if (!fromUrl) return;
    setLinked(params.get('member_id'));
    setRecording(true);
    setParams(
      (prev) => {
        const q = new URLSearchParams(prev);
        q.delete('record');
        return q;
      },
      { replace: true },
    );
  }, [fromUrl, params, setParams]);

  const record = () => {
    setLinked(null);
    setRecording(true);
  };
  const closeModal = () => setRecording(false);
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
        actions={
          <>
            {/* The takings in a file: only for those the summary shows revenue to. */}
            {revenueHidden ? null : (
              <ExportMenu
                contract={exportContracts.payments}
                filters={list.filters}
                name="payments"
              />
            )}
            {canConfirm && unconfirmed ? (
              <Button
                variant="default"
                leftSection={<IconChecks size={16} aria-hidden />}
                onClick={() => setConfirmingDay(true)}
              >
                Confirm all for a day
              </Button>
            ) : null}
            {recordButton('Record Payment')}
          </>
        }
      />
      <PaymentStats />
      <WaitingNote />
      {list.filters.unconfirmed_before ? (
        <Alert color="yellow" variant="light" mb="md">
          <Group justify="space-between" gap="xs">
            <Text size="sm">
              Unconfirmed transfers paid on or before {formatDay(list.filters.unconfirmed_before)}.
            </Text>
            <Button
              size="compact-sm"
              variant="subtle"
              onClick={() => list.apply({ ...list.filters, unconfirmed_before: '' })}
            >
              Show every unconfirmed transfer
            </Button>
          </Group>
        </Alert>
      ) : null}
      <FilteredListCard
        list={list}
        toolbar={{
          ...memberFilter,
          plans: plans.data,
          planLabel: 'Subscription Plan',
          choice: CHOICES,
        }}
        query={payments}
        texts={PAYMENT_TEXTS}
        empty={{ icon: IconCash, action: recordButton('Record First Payment') }}
        noun="payments"
        perPage={PAYMENTS_PER_PAGE}
        cards={(rows) => (
          <PaymentCards
            payments={rows}
            planDurations={planDurations}
            pathOf={pathOf}
            onOpen={open}
          />
        )}
        table={(rows) => (
          <PaymentsTable
            payments={rows}
            planDurations={planDurations}
            pathOf={pathOf}
            onOpen={open}
          />
        )}
      />
      {canConfirm && unconfirmed && confirmingDay ? (
        <ConfirmDayModal
          opened
          onClose={() => setConfirmingDay(false)}
          day={payments.data?.data[0]?.paid_on ?? list.filters.unconfirmed_before ?? lagosDay()}
        />
      ) : null}
      <RecordPaymentModal
        opened={recording && !fromUrl}
        onClose={closeModal}
        member={linked ? forMember.member : null}
        loading={linked !== null && forMember.pending && !forMember.failed}
      />
    </>
  );
}
