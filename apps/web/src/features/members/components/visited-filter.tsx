import { Select } from '@mantine/core';
import type { MemberVisitedFilter } from '@kora/shared';

const ANY = 'all';
/** The last-visit filter's choices, in a gym owner's words. */
export const VISITED_LABELS: Record<MemberVisitedFilter, string> = {
  last_7: 'Came in the last 7 days',
  last_30: 'Came in the last 30 days',
  not_14: 'Not seen in 14 days',
};
const OPTIONS = [
  { value: ANY, label: 'Any visits' },
  ...Object.entries(VISITED_LABELS).map(([value, label]) => ({ value, label })),
];

interface VisitedFilterProps {
  value: MemberVisitedFilter | undefined;
  onChange: (value: MemberVisitedFilter | undefined) => void;
}

/** Members by their last visit: any (default), seen lately, or not seen in 14 days. */
export function VisitedFilter({ value, onChange }: VisitedFilterProps) {
  return (
    <Select
      aria-label="Last visit"
      data={OPTIONS}
      value={value ?? ANY}
      allowDeselect={false}
      onChange={(next) =>
        onChange(!next || next === ANY ? undefined : (next as MemberVisitedFilter))
      }
      size="md"
      w={{ base: '100%', xs: 230 }}
    />
  );
}
