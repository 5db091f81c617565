import { Badge, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import type { FoundBy, Member, Visit, VisitSummary } from '@kora/shared';
import { useState } from 'react';
import type { Column } from '@/components/data-table';
import { RecordTableCard } from '@/components/record-table-card';
import { formatDateTime, lastVisitText } from '@/lib/format';
import { VISITS_PER_PAGE, useMemberVisits } from '../api';

/** How the desk found the member, in words. */
const FOUND_BY_LABELS: Record<FoundBy, string> = {
  phone: 'Phone',
  member_id: 'Member ID',
  card: 'Card',
  name: 'Name',
  kiosk: 'Kiosk',
  day_pass: 'Day pass',
};

const VISITS_TEXTS = {
  failed: 'An error occurred while fetching visits.',
  none: 'No visits yet. Check-ins at the desk or the kiosk show here.',
} as const;

const columns: Column<Visit>[] = [
  {
    header: 'Date',
    cell: (v) => (
      <Text size="sm" fw={600}>
        {formatDateTime(v.visited_at)}
      </Text>
    ),
  },
  { header: 'Found by', cell: (v) => <Text size="sm">{FOUND_BY_LABELS[v.found_by]}</Text> },
  {
    header: 'Recorded by',
    cell: (v) => <Text size="sm">{v.recorded_by?.name ?? v.kiosk_name ?? 'Kiosk'}</Text>,
  },
  {
    header: 'Override',
    card: 'corner',
    cell: (v) =>
      v.overridden ? (
        <Stack gap={2}>
          <Badge size="sm" variant="light" color="orange">
            Override
          </Badge>
          {v.override_reason ? (
            <Text size="xs" c="dimmed">
              {v.override_reason}
            </Text>
          ) : null}
        </Stack>
      ) : null,
  },
];

/** Last visit, this month and last month, over the list. */
function VisitFigures({ summary }: { summary: VisitSummary }) {
  const figures: [string, string][] = [
    ['Last visit', lastVisitText(summary.last_visit_at)],
    ['This month', String(summary.this_month)],
    ['Last month', String(summary.last_month)],
  ];
  return (
    <SimpleGrid cols={3} spacing="xs" px="lg" pb="sm">
      {figures.map(([label, value]) => (
        <Stack key={label} gap={0} aria-label={`${label}: ${value}`}>
          <Text size="xs" c="dimmed">
            {label}
          </Text>
          <Text size="sm" fw={600}>
            {value}
          </Text>
        </Stack>
      ))}
    </SimpleGrid>
  );
}

/** A member's visits, newest first, 10 a page, under their last visit and monthly counts. */
export function MemberVisitsCard({ member }: { member: Member }) {
  const [page, setPage] = useState(1);
  const visits = useMemberVisits(member.id, page);
  const summary = visits.data?.meta.summary;
  return (
    <RecordTableCard
      title="Visits"
      note={summary ? <VisitFigures summary={summary} /> : <Group />}
      query={visits}
      errorMessage={VISITS_TEXTS.failed}
      emptyText={VISITS_TEXTS.none}
      noun="visits"
      perPage={VISITS_PER_PAGE}
      onPageChange={setPage}
      columns={columns}
    />
  );
}
