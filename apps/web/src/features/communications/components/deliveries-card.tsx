import { Badge, Card, Group, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import type { Delivery } from '@kora/shared';
import { useState } from 'react';
import { DataTable, type Column } from '@/components/data-table';
import { LoadError } from '@/components/load-error';
import { PageLoader } from '@/components/page-loader';
import { PaginationFooter } from '@/components/pagination-footer';
import { DELIVERIES_PER_PAGE, useDeliveries, type DeliveryFilter } from '../api';
import { formatPhone } from '@/lib/format';
import { COMMS_TEXTS, DELIVERY_LABELS } from '../comms-format';

const DELIVERY_COLORS: Record<Delivery['status'], string> = {
  pending: 'blue',
  sent: 'green',
  stored: 'green',
  failed: 'red',
  cancelled: 'gray',
};

const columns: Column<Delivery>[] = [
  {
    header: 'Name',
    cell: (d) => (
      <Text size="sm" fw={600}>
        {d.member_name}
      </Text>
    ),
  },
  {
    header: 'To',
    cell: (d) => (
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {formatPhone(d.to)}
      </Text>
    ),
  },
  {
    header: 'Status',
    card: 'corner',
    cell: (d) => (
      <Badge color={DELIVERY_COLORS[d.status] ?? 'gray'} variant="light">
        {DELIVERY_LABELS[d.status] ?? d.status}
      </Badge>
    ),
  },
  { header: 'Attempts', cell: (d) => <Text size="sm">{d.attempts}</Text> },
  {
    header: 'Error',
    maw: 280,
    cell: (d) => (
      <Text size="sm" c={d.error ? 'red' : 'dimmed'} style={{ overflowWrap: 'anywhere' }}>
        {d.error ?? '—'}
      </Text>
    ),
  },
];

const FILTERS = [
  { value: 'all', label: 'All' },
  { value: 'pending', label: 'Pending' },
  { value: 'done', label: 'Delivered' },
  { value: 'failed', label: 'Failed' },
];

/** Each recipient's result, 20 a page, filtered by status; loads again while the message is live. */
export function DeliveriesCard({ id, live }: { id: number; live: boolean }) {
  const [page, setPage] = useState(1);
  const [status, setStatus] = useState<DeliveryFilter | null>(null);
  const deliveries = useDeliveries(id, page, status, live);
  const data = deliveries.data;

  return (
    <Card withBorder radius="lg" padding={0}>
      <Group justify="space-between" p="md" pb="xs" gap="sm" wrap="wrap">
        <Title order={3} fz="h4">
          Recipients
        </Title>
        <SegmentedControl
          aria-label="Delivery status"
          size="xs"
          data={FILTERS}
          value={status ?? 'all'}
          onChange={(value) => {
            setStatus(value === 'all' ? null : (value as DeliveryFilter));
            setPage(1);
          }}
        />
      </Group>
      {deliveries.isError && !data ? (
        <Stack p="md">
          <LoadError
            message={COMMS_TEXTS.deliveriesFailed}
            error={deliveries.error}
            onRetry={() => void deliveries.refetch()}
          />
        </Stack>
      ) : !data ? (
        <PageLoader minHeight={160} />
      ) : data.data.length === 0 ? (
        <Text c="dimmed" size="sm" p="md">
          {COMMS_TEXTS.noDeliveries}
        </Text>
      ) : (
        <>
          <DataTable rows={data.data} columns={columns} minWidth={720} />
          <Stack px="md" pb="md" gap={0}>
            <PaginationFooter
              page={data.meta.page}
              pages={data.meta.pages}
              perPage={DELIVERIES_PER_PAGE}
              total={data.meta.total}
              noun="recipients"
              onChange={setPage}
              disabled={deliveries.isFetching}
            />
          </Stack>
        </>
      )}
    </Card>
  );
}
