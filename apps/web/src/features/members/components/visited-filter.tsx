import { Input } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
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

/**
 * Members by their last visit: any (default), seen lately, or not seen in 14 days. The phone's
 * own picker (a native select drawn as a Mantine input): the members list is the first page
 * after signing in, and this keeps the code of Mantine's selects and their drop-downs off it.
 */
export function VisitedFilter({ value, onChange }: VisitedFilterProps) {
  return (
    <Input
      component="select"
      aria-label="Last visit"
      value={value ?? ANY}
      onChange={(event) => {
        const next = (event.currentTarget as HTMLSelectElement).value;
        onChange(next === ANY ? undefined : (next as MemberVisitedFilter));
      }}
      rightSection={<IconChevronDown size={16} aria-hidden />}
      rightSectionPointerEvents="none"
      size="md"
      w={{ base: '100%', xs: 230 }}
    >
      {OPTIONS.map((o) => (
        <option key={o.value} value={o.value}>
          {o.label}
        </option>
      ))}
    </Input>
  );
}
