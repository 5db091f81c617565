import { Button } from '@mantine/core';
import { IconCash, IconPlus } from '@tabler/icons-react';
import { PAYMENT_METHODS, exportContracts } from '@kora/shared';
import { useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ExportMenu } from '@/components/export-menu';
import { FilteredListCard, useListFilters, type FilterChoice } from '@/components/list';
import { PageHeader } from '@/components/page-header';
import { useChosenMember, useMemberFilter } from '@/features/members';
import { usePageTitle } from '@/lib/use-page-title';
import { usePlans } from '@/lib/use-plans';
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
  const list = useListFilters(FILTERS);
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
            <ExportMenu
              contract={exportContracts.payments}
              filters={list.filters}
              name="payments"
            />
            {recordButton('Record Payment')}
          </>
        }
      />
      <PaymentStats />
      <FilteredListCard
        list={list}
        toolbar={{
          ...memberFilter,
          plans: plans.data,
          planLabel: 'Subscription Plan',
          choice: METHOD_CHOICE,
        }}
        query={payments}
        texts={PAYMENT_TEXTS}
        empty={{ icon: IconCash, action: recordButton('Record First Payment') }}
        noun="payments"
        perPage={PAYMENTS_PER_PAGE}
        cards={(rows) => <PaymentCards payments={rows} planDurations={planDurations} />}
        table={(rows) => <PaymentsTable payments={rows} planDurations={planDurations} />}
      />
      <RecordPaymentModal
        opened={recording && !fromUrl}
        onClose={closeModal}
        member={linked ? forMember.member : null}
        loading={linked !== null && forMember.pending && !forMember.failed}
      />
    </>
  );
}
