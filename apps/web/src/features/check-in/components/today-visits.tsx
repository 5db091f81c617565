import { Badge, Card, Checkbox, Group, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconDoorEnter, IconSearch } from '@tabler/icons-react';
import { FOUND_BY, LOOKUP_MAX, lagosDay, type FoundBy, type Visit } from '@kora/shared';
import { exportContracts } from '@/lib/api-routes';
import { useState } from 'react';
import { EmptyState } from '@/components/empty-state';
import { ExportMenu } from '@/components/export-menu';
import { PagedRows } from '@/components/paged-rows';
import { VISITS_PER_PAGE, useVisits } from '../api';
import { CHECK_IN_TEXTS, FOUND_BY_LABELS, recordedBy } from '../check-in-format';
import { DESK_LIST_STYLE, VisitRow, memberAsPerson } from './person-line';
import { WaitingNote } from '@/components/waiting-note';

const FOUND_BY_OPTIONS = [
  { value: '', label: 'Any way' },
  ...FOUND_BY.map((f) => ({ value: f, label: FOUND_BY_LABELS[f] })),
];

/**
 * Today's visits, newest first, with their count: the time, the member, who checked them in
 * (or the kiosk) and whether they were let in anyway. Loads again every 30 seconds and after
 * each check-in; filtered by how they were found, overrides only, or a name.
 */
export function TodayVisits() {
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const [foundBy, setFoundBy] = useState<FoundBy | ''>('');
  const [overrides, setOverrides] = useState(false);
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const visits = useVisits({ page, search: debounced, found_by: foundBy, overrides });
  const filtered = Boolean(debounced || foundBy || overrides);
  const total = visits.data?.meta.total;
  const today = lagosDay();

  return (
    <Card withBorder radius="lg" padding={0}>
      <Stack p="md" pb="xs" gap="sm">
        <Group justify="space-between" align="baseline">
          <Stack gap={0}>
            <Title order={3} fz="h4">
              Today
            </Title>
            <WaitingNote />
          </Stack>
          <Group gap="sm" align="center">
            {total === undefined ? null : (
              <Text size="sm" c="dimmed" aria-live="polite">
                {filtered
                  ? `${total} ${total === 1 ? 'visit matches' : 'visits match'}`
                  : `${total} ${total === 1 ? 'visit' : 'visits'}`}
              </Text>
            )}
            {/* Today's visits as a file, by how they were found (the export knows no name search). */}
            <ExportMenu
              contract={exportContracts.visits}
              filters={{ date_from: today, date_to: today, found_by: foundBy }}
              name={`visits-${today}`}
            />
          </Group>
        </Group>
        <Group gap="xs" align="center" wrap="wrap">
          <TextInput
            aria-label="Search today's visits"
            placeholder="Search a name or member ID"
            leftSection={<IconSearch size={16} aria-hidden />}
            value={search}
            maxLength={LOOKUP_MAX}
            style={{ flex: '1 1 180px' }}
            onChange={(e) => {
              setSearch(e.currentTarget.value);
              setPage(1);
            }}
          />
          <Select
            aria-label="Found by"
            data={FOUND_BY_OPTIONS}
            value={foundBy}
            allowDeselect={false}
            w={140}
            onChange={(v) => {
              setFoundBy((v ?? '') as FoundBy | '');
              setPage(1);
            }}
          />
          <Checkbox
            label="Overrides only"
            checked={overrides}
            onChange={(e) => {
              setOverrides(e.currentTarget.checked);
              setPage(1);
            }}
          />
        </Group>
      </Stack>
      <PagedRows
        query={visits}
        errorMessage={CHECK_IN_TEXTS.visitsFailed}
        empty={
          <EmptyState
            p="xl"
            icon={IconDoorEnter}
            title={filtered ? 'No visit matches' : CHECK_IN_TEXTS.noVisits}
            text={filtered ? 'Try another search or filter.' : 'Members you check in show here.'}
          />
        }
        noun="visits"
        perPage={VISITS_PER_PAGE}
        onPageChange={setPage}
        loaderHeight={120}
        footerWhenPaged
        emptyPageIsEmpty
        rows={(rows) => (
          <Stack gap={0} component="ul" style={DESK_LIST_STYLE}>
            {rows.map((v) => (
              <DayVisitRow key={v.id} visit={v} />
            ))}
          </Stack>
        )}
      />
    </Card>
  );
}

function DayVisitRow({ visit }: { visit: Visit }) {
  return (
    <VisitRow
      visitedAt={visit.visited_at}
      person={memberAsPerson(visit.member)}
      detail={
        <>
          {visit.member.member_id ? `${visit.member.member_id} · ` : ''}
          {FOUND_BY_LABELS[visit.found_by]} · by {recordedBy(visit)}
        </>
      }
      badge={
        visit.overridden ? (
          <Badge color="red" variant="light">
            Override
          </Badge>
        ) : null
      }
    >
      {visit.override_reason ? (
        <Text size="xs" c="red.8" style={{ overflowWrap: 'anywhere' }}>
          Reason: {visit.override_reason}
        </Text>
      ) : null}
    </VisitRow>
  );
}
