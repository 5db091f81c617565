import { Anchor, Button, Card, Grid, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconArrowBackUp, IconBan, IconCircleCheck } from '@tabler/icons-react';
import {
  FREEZE_FEE_LABEL,
  NOT_ALLOWED,
  formatDay,
  formatNaira,
  type PaymentDetails,
} from '@kora/shared';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { DisabledWithReason } from '@/components/disabled-with-reason';
import { ErrorAlert } from '@/components/form-alerts';
import { IconAlert } from '@/components/icon-alert';
import { Labelled } from '@/components/labelled';
import { RecordHeader, RecordPage } from '@/components/record-page';
import { useIdParam } from '@/components/use-id-param';
import { useSectionPath } from '@/components/use-section-path';
import { formatDateTime, fullName } from '@/lib/format';
import { useCan } from '@/lib/use-can';
import { usePageTitle } from '@/lib/use-page-title';
import { useConfirmPayment, usePayment } from '../api';
import { MethodBadge } from '../components/method-badge';
import { PaymentHistoryCard } from '../components/payment-history-card';
import { PaymentStatusBadges } from '../components/payment-status-badges';
import { ReceiptActions } from '../components/receipt-actions';
import { RefundPaymentModal } from '../components/refund-payment-modal';
import { RefundsCard } from '../components/refunds-card';
import { VoidPaymentModal } from '../components/void-payment-modal';
import { PAYMENT_RECORD, discountText, paidOnText, paymentDurationLabel } from '../payment-format';

/** /payments/{id}: every role reads it; what each may do shows as its buttons. */
export function PaymentDetailsPage() {
  const id = useIdParam();
  const payment = usePayment(id);
  usePageTitle(payment.data ? `Payment ${payment.data.receipt_number}` : 'Payment details');
  return (
    <RecordPage id={id} query={payment} of={PAYMENT_RECORD} title="Payment Details" backOnError>
      {(p) => <PaymentDetailsView payment={p} />}
    </RecordPage>
  );
}

function PaymentDetailsView({ payment: p }: { payment: PaymentDetails }) {
  const sectionPath = useSectionPath();
  const canHistory = useCan('audit.read');
  const member = fullName(p.member.first_name, p.member.last_name);
  return (
    <Stack gap="md">
      <RecordHeader
        of={PAYMENT_RECORD}
        title={`Payment ${p.receipt_number}`}
        description={`${formatNaira(p.amount)} from ${member}, ${formatDateTime(p.created_at)}`}
        actions={<PaymentActions payment={p} />}
      />
      <PaymentStatusBadges payment={p} />
      {p.voided ? <VoidedNotice payment={p} /> : null}
      <Grid gutter="md">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Stack gap="md">
            <Card withBorder radius="lg" padding="lg">
              <Title order={3} fz="h5" mb="sm">
                Payment
              </Title>
              <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md" verticalSpacing="sm">
                <Fact label="Amount">
                  <Text size="sm" fw={700}>
                    {formatNaira(p.amount)}
                  </Text>
                </Fact>
                <Fact label="Receipt number">
                  <Text size="sm" fw={500} ff="monospace">
                    {p.receipt_number}
                  </Text>
                </Fact>
                <Fact label="Member">
                  <Anchor
                    component={Link}
                    to={sectionPath(`members/${p.member.id}`)}
                    size="sm"
                    fw={600}
                  >
                    {member}
                  </Anchor>
                </Fact>
                <Fact label="Plan">{p.subscription_type.name}</Fact>
                {p.kind === 'freeze_fee' ? (
                  // A freeze fee bought no period and no subscription.
                  <Fact label="Paid for">{FREEZE_FEE_LABEL}</Fact>
                ) : (
                  <>
                    <Fact label="Duration">
                      {paymentDurationLabel(p, p.subscriptions[0]?.plan_duration)}
                    </Fact>
                    <Fact label="Subscription">
                      <SubscriptionsText payment={p} />
                    </Fact>
                  </>
                )}
                <Fact label="Method">
                  <MethodBadge method={p.method} />
                </Fact>
                <Fact label="Paid on">{paidOnText(p)}</Fact>
                {p.discount ? (
                  <Fact label="Discount">{discountText(p.amount, p.discount)}</Fact>
                ) : null}
                <Fact label="Recorded">{formatDateTime(p.created_at)}</Fact>
                <Fact label="Recorded by">{p.recorded_by_name ?? 'Paystack'}</Fact>
                <Fact label="Purpose">{p.purpose}</Fact>
                {p.method === 'Transfer' ? (
                  <Fact label="Transfer">{confirmationText(p)}</Fact>
                ) : null}
              </SimpleGrid>
            </Card>
            <RefundsCard payment={p} />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Stack gap="md">
            <Card withBorder radius="lg" padding="lg" component="section" aria-label="Receipt">
              <Title order={3} fz="h5" mb="sm">
                Receipt
              </Title>
              <ReceiptActions
                paymentId={p.id}
                receiptNumber={p.receipt_number}
                receiptUrl={p.receipt_url}
              />
            </Card>
            {canHistory ? <PaymentHistoryCard paymentId={p.id} /> : null}
          </Stack>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}

/** A label and its value; text shows as text. */
function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Labelled label={label} style={{ minWidth: 0 }}>
      {typeof children === 'string' ? (
        <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
          {children}
        </Text>
      ) : (
        children
      )}
    </Labelled>
  );
}

/**
 * The subscriptions the payment bought, with their current dates: "20 Nov 2026 to 19 Dec 2026",
 * "(withdrawn)" when it no longer counts; for a group plan, each covered member's after the
 * payer's.
 */
function SubscriptionsText({ payment: p }: { payment: PaymentDetails }) {
  if (p.subscriptions.length === 0)
    return (
      <Text size="sm" fw={500}>
        None
      </Text>
    );
  return (
    <Stack gap={2}>
      {p.subscriptions.map((s, i) => (
        <Text key={s.id} size="sm" fw={500}>
          {i > 0 ? `${fullName(s.member.first_name, s.member.last_name)}: ` : ''}
          {formatDay(s.start_date)} to {formatDay(s.expiry_date)}
          {s.is_active ? '' : ' (withdrawn)'}
        </Text>
      ))}
    </Stack>
  );
}

/** Whether a transfer was ticked against the bank statement, by whom and when. */
const confirmationText = (p: PaymentDetails) => {
  if (p.needs_confirmation) return 'Not yet confirmed against the bank statement';
  if (p.confirmed_by_name && p.confirmed_at)
    return `Confirmed by ${p.confirmed_by_name}, ${formatDateTime(p.confirmed_at)}`;
  return 'Confirmed';
};

/** Voided: why, by whom and when. */
function VoidedNotice({ payment: p }: { payment: PaymentDetails }) {
  return (
    <IconAlert color="red" title="This payment was voided" icon={IconBan} iconSize={18}>
      <Text size="sm">Reason: {p.void_reason}</Text>
      <Text size="sm">
        Voided by {p.voided_by_name ?? 'an unknown user'}
        {p.voided_at ? `, ${formatDateTime(p.voided_at)}` : ''}. It counts in no total.
      </Text>
    </IconAlert>
  );
}

/**
 * Void (every role, when the server says this user may: otherwise disabled, saying why), Refund
 * (owners and admins, while something is left to refund) and Confirm transfer (owners and
 * admins, for a desk transfer not yet ticked).
 */
function PaymentActions({ payment: p }: { payment: PaymentDetails }) {
  const canRefund = useCan('payments.refund');
  const canConfirm = useCan('payments.confirm');
  const confirm = useConfirmPayment(p.id);
  const [open, setOpen] = useState<'void' | 'refund' | null>(null);
  const fullyRefunded = p.refunded >= p.amount;
  return (
    <>
      {canConfirm && p.needs_confirmation && !p.voided ? (
        <Button
          color="green"
          variant="light"
          leftSection={<IconCircleCheck size={16} aria-hidden />}
          loading={confirm.isPending}
          onClick={() => confirm.mutate(undefined)}
        >
          Confirm transfer
        </Button>
      ) : null}
      {canRefund && !p.voided ? (
        <DisabledWithReason
          reason={fullyRefunded ? 'This payment has been refunded in full.' : null}
        >
          <Button
            variant="default"
            leftSection={<IconArrowBackUp size={16} aria-hidden />}
            onClick={() => setOpen('refund')}
          >
            Refund
          </Button>
        </DisabledWithReason>
      ) : null}
      {!p.voided ? (
        <DisabledWithReason reason={p.can_void ? null : (p.void_blocked_reason ?? NOT_ALLOWED)}>
          <Button
            color="red"
            variant="light"
            leftSection={<IconBan size={16} aria-hidden />}
            onClick={() => setOpen('void')}
          >
            Void
          </Button>
        </DisabledWithReason>
      ) : null}
      <VoidPaymentModal payment={p} opened={open === 'void'} onClose={() => setOpen(null)} />
      <RefundPaymentModal payment={p} opened={open === 'refund'} onClose={() => setOpen(null)} />
      {confirm.error ? (
        <div style={{ flexBasis: '100%' }}>
          <ErrorAlert
            error={confirm.error}
            fallback="The transfer could not be confirmed. Please try again."
          />
        </div>
      ) : null}
    </>
  );
}
