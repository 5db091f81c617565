import { Button, Card, Group, SimpleGrid, Switch, Text, TextInput, Title } from '@mantine/core';
import { END_BEFORE_START, formatNaira, type CashUp } from '@kora/shared';
import { DataTable, type Column } from '@/components/data-table';
import { PersonFilter } from '@/components/filter-select';
import { PagedRows } from '@/components/paged-rows';
import { formatDateTime } from '@/lib/format';
import { useUrlFilters } from '@/lib/use-url-filters';
import { CASH_UPS_PER_PAGE, useCashUps } from '../api';
import { CASH_UP_FILTER_KEYS, readCashUpFilters, type CashUpFilters } from '../cash-up-filters';
import { CASH_UP_TEXTS } from '../cash-up-format';
import { DifferenceBadge } from './difference-badge';

const money = (amount: number) => <Text size="sm">{formatNaira(amount)}</Text>;

const columns = (manager: boolean): Column<CashUp>[] => [
  {
    header: 'Date',
    cell: (c) => (
      <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
        {formatDateTime(c.created_at)}
      </Text>
    ),
  },
  ...(manager
    ? [
        {
          header: 'Person',
          cell: (c: CashUp) => (
            <Text size="sm" fw={600}>
              {c.user_name}
            </Text>
          ),
        },
      ]
    : []),
  { header: 'Expected', cell: (c) => money(c.expected) },
  { header: 'Counted', cell: (c) => money(c.counted) },
  {
    header: 'Difference',
    card: 'corner',
    cell: (c) => <DifferenceBadge difference={c.difference} />,
  },
  {
    header: 'Note',
    maw: 260,
    cell: (c) => (
      <Text size="sm" lineClamp={2} style={{ overflowWrap: 'anywhere' }}>
        {c.note}
      </Text>
    ),
  },
];

interface FiltersProps {
  filters: CashUpFilters;
  onChange: (next: CashUpFilters) => void;
}

/** A manager's filters: the person, the dates and "Only short", each applied when chosen. */
function CashUpFilterBar({ filters, onChange }: FiltersProps) {
  const start = filters.start_date ?? '';
  const end = filters.end_date ?? '';
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm" px="lg" pb="sm">
      <PersonFilter value={filters.user_id} onChange={(user_id) => onChange({ user_id })} />
      <TextInput
        label="Start Date"
        type="date"
        value={start}
        max={end || undefined}
        onChange={(e) => onChange({ start_date: e.currentTarget.value })}
      />
      <TextInput
        label="End Date"
        type="date"
        value={end}
        min={start || undefined}
        onChange={(e) => {
          const value = e.currentTarget.value;
          // A crossed range is not applied: the list would only say nothing matches.
          if (value && start && value < start) return;
          onChange({ end_date: value });
        }}
        description={start && end && end < start ? END_BEFORE_START : undefined}
      />
      <Switch
        label="Only short"
        mt={{ md: 30 }}
        checked={filters.short_only === 'true'}
        onChange={(e) => onChange({ short_only: e.currentTarget.checked ? 'true' : '' })}
      />
    </SimpleGrid>
  );
}

/**
 * The cash-ups recorded, newest first, 20 a page, each with its difference in colour. Owners and
 * admins see everyone's, with filters kept in the URL; staff see their own.
 */
export function CashUpList({ manager }: { manager: boolean }) {
  const list = useUrlFilters(CASH_UP_FILTER_KEYS, readCashUpFilters);
  const filters = manager ? list.filters : {};
  const cashUps = useCashUps(filters, list.page);
  const filtered = manager && list.count > 0;
  return (
    <Card withBorder radius="lg" padding={0}>
      <Title order={3} fz="h5" p="lg" pb="xs">
        {manager ? CASH_UP_TEXTS.listTitle : CASH_UP_TEXTS.ownListTitle}
      </Title>
      {manager ? <CashUpFilterBar filters={list.filters} onChange={list.change} /> : null}
      <PagedRows
        query={cashUps}
        errorMessage={CASH_UP_TEXTS.listFailed}
        empty={
          <Group px="lg" pb="lg" gap="sm">
            <Text size="sm" c="dimmed">
              {filtered ? CASH_UP_TEXTS.noMatch : CASH_UP_TEXTS.none}
            </Text>
            {filtered ? (
              <Button variant="default" size="compact-sm" onClick={list.clear}>
                Clear Filters
              </Button>
            ) : null}
          </Group>
        }
        noun="cash-ups"
        perPage={CASH_UPS_PER_PAGE}
        onPageChange={list.setPage}
        loaderHeight={160}
        rows={(rows) => <DataTable rows={rows} columns={columns(manager)} minWidth={720} />}
      />
    </Card>
  );
}
