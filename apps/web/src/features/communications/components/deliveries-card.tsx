import { Badge, Card, Group, SegmentedControl, Text, Title } from '@mantine/core';
import type { Delivery } from '@kora/shared';
import { useState } from 'react';
import { DataTable, type Column } from '@/components/data-table';
import { PagedRows } from '@/components/paged-rows';
import { DELIVERIES_PER_PAGE, useDeliveries, type DeliveryFilter } from '../api';
import { formatPhone } from '@/lib/format';
import { COMMUNICATIONS_TEXTS, DELIVERY_LABELS } from '../communications-format';

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
      <PagedRows
        query={deliveries}
        errorMessage={COMMUNICATIONS_TEXTS.deliveriesFailed}
        empty={
          <Text c="dimmed" size="sm" p="md">
            {COMMUNICATIONS_TEXTS.noDeliveries}
          </Text>
        }
        emptyPageIsEmpty
        noun="recipients"
        perPage={DELIVERIES_PER_PAGE}
        onPageChange={setPage}
        loaderHeight={160}
        rows={(rows) => <DataTable rows={rows} columns={columns} minWidth={720} />}
      />
    </Card>
  );
}
