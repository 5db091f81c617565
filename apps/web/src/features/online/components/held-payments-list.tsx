import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import { formatNaira, type HeldPayment, type HeldState } from '@kora/shared';
import { Can } from '@/components/can';
import { DataTable, type Column } from '@/components/data-table';
import { PagedRows } from '@/components/paged-rows';
import { formatDateTime, fullName } from '@/lib/format';
import { HELD_PER_PAGE, useHeldPayments } from '../api';
import { ONLINE_TEXTS } from '../online-format';

export const payerName = (h: HeldPayment) =>
  h.member ? fullName(h.member.first_name, h.member.last_name) : 'Unknown payer';

interface HeldPaymentsListProps {
  state: HeldState;
  page: number;
  onPage: (page: number) => void;
  onAssign: (held: HeldPayment) => void;
  onDismiss: (held: HeldPayment) => void;
}

const NONE: Record<HeldState, string> = {
  held: 'No payments are waiting for review.',
  assigned: 'No payments have been assigned yet.',
  dismissed: 'No payments have been marked handled yet.',
};

const columnsFor = (
  state: HeldState,
  { onAssign, onDismiss }: Pick<HeldPaymentsListProps, 'onAssign' | 'onDismiss'>,
): Column<HeldPayment>[] => [
  {
    header: 'Member',
    cell: (h) => (
      <Text size="sm" fw={600} c={h.member ? undefined : 'dimmed'}>
        {payerName(h)}
      </Text>
    ),
  },
  {
    header: 'Amount',
    card: 'corner',
    cell: (h) => (
      <Text size="sm" fw={700}>
        {formatNaira(h.amount)}
      </Text>
    ),
  },
  { header: 'Received', cell: (h) => <Text size="sm">{formatDateTime(h.received_at)}</Text> },
  { header: 'Method', cell: (h) => <Badge variant="light">{h.method}</Badge> },
  {
    header: state === 'held' ? 'Reason' : 'Reason and note',
    maw: 280,
    cell: (h) => (
      <Stack gap={2}>
        <Text size="sm">{h.reason}</Text>
        {h.note ? (
          <Text size="xs" c="dimmed">
            Note: {h.note}
          </Text>
        ) : null}
      </Stack>
    ),
  },
  ...(state === 'held'
    ? [
        {
          header: 'Actions',
          alignRight: true,
          cell: (h: HeldPayment) =>
            h.state !== 'held' ? null : (
              <Group gap={6} justify="flex-end" wrap="nowrap">
                <Can action="payments.record">
                  <Button
                    size="compact-sm"
                    aria-label={`Assign ${formatNaira(h.amount)} from ${payerName(h)}`}
                    onClick={() => onAssign(h)}
                  >
                    Assign
                  </Button>
                </Can>
                <Can action="payments.record">
                  <Button
                    size="compact-sm"
                    variant="default"
                    aria-label={`Mark ${formatNaira(h.amount)} from ${payerName(h)} handled`}
                    onClick={() => onDismiss(h)}
                  >
                    Mark handled
                  </Button>
                </Can>
              </Group>
            ),
        },
      ]
    : []),
];

/** A page of the held payments in one state, newest first. */
export function HeldPaymentsList({ state, page, onPage, ...actions }: HeldPaymentsListProps) {
  const held = useHeldPayments(state, page);
  return (
    <PagedRows
      query={held}
      errorMessage={ONLINE_TEXTS.heldFailed}
      empty={
        <Text size="sm" c="dimmed" ta="center" py="lg">
          {NONE[state]}
        </Text>
      }
      noun="payments"
      perPage={HELD_PER_PAGE}
      onPageChange={onPage}
      loaderHeight={160}
      padded={false}
      rows={(rows) => <DataTable rows={rows} columns={columnsFor(state, actions)} minWidth={760} />}
    />
  );
}
