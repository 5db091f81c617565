import { Button, Group, SimpleGrid, TextInput } from '@mantine/core';
import { END_BEFORE_START, type Member } from '@kora/shared';
import { useState } from 'react';
import { FilterSelect, PersonFilter } from '@/components/filter-select';
import { MemberAutocomplete, useChosenMember } from '@/features/members';
import { RECORD_KINDS } from '../activity-format';
import type { ActivityFilters } from '../activity-filters';

interface ActivityFilterBarProps {
  filters: ActivityFilters;
  /** Sets the filters given, keeping the others; '' removes one. */
  onChange: (next: ActivityFilters) => void;
  onClear: () => void;
  /** How many filters are set: Clear shows when any is. */
  count: number;
}

/**
 * The Activity page's filters, each applied as soon as it is chosen: the person (from the team),
 * the kind of record, a member (found by name, phone or member ID) and the dates.
 */
export function ActivityFilterBar({ filters, onChange, onClear, count }: ActivityFilterBarProps) {
  const chosen = useChosenMember(filters.member_id);
  // A member just picked shows at once; one from the URL once it has loaded.
  const [picked, setPicked] = useState<Member | null>(null);
  const member = picked && String(picked.id) === filters.member_id ? picked : chosen.member;
  const [start, setStart] = useState(filters.start_date ?? '');
  const [end, setEnd] = useState(filters.end_date ?? '');
  const inverted = Boolean(start && end && end < start);

  const setDate = (bound: 'start' | 'end', value: string) => {
    const next = { start, end, [bound]: value };
    if (bound === 'start') setStart(value);
    else setEnd(value);
    // A crossed range is never applied: the list would only say nothing matches.
    if (next.start && next.end && next.end < next.start) return;
    onChange({ start_date: next.start, end_date: next.end });
  };

  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 5 }} spacing="sm">
      <PersonFilter value={filters.user_id} onChange={(user_id) => onChange({ user_id })} />
      <FilterSelect
        label="Kind of record"
        allLabel="All records"
        data={RECORD_KINDS}
        value={filters.record_kind}
        onChange={(record_kind) => onChange({ record_kind })}
      />
      <MemberAutocomplete
        label="Member"
        placeholder="Type 2+ letters"
        value={member}
        onChange={(m) => {
          setPicked(m);
          if (m) chosen.remember(m);
          onChange({ member_id: m ? String(m.id) : '' });
        }}
      />
      <TextInput
        label="Start Date"
        type="date"
        value={start}
        max={end || undefined}
        onChange={(e) => setDate('start', e.currentTarget.value)}
        error={inverted ? 'Start date must be on or before the end date' : null}
      />
      <Group gap="xs" align="flex-end" wrap="nowrap">
        <TextInput
          label="End Date"
          type="date"
          style={{ flex: 1 }}
          value={end}
          min={start || undefined}
          onChange={(e) => setDate('end', e.currentTarget.value)}
          error={inverted ? END_BEFORE_START : null}
        />
        {count > 0 ? (
          <Button
            variant="default"
            onClick={() => {
              setStart('');
              setEnd('');
              setPicked(null);
              onClear();
            }}
          >
            Clear
          </Button>
        ) : null}
      </Group>
    </SimpleGrid>
  );
}
