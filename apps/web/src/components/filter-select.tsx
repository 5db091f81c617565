import { Select } from '@mantine/core';
import { usePeopleOptions } from '@/features/team';

/** A select's "all" choice (Mantine keeps '' for "nothing chosen"). */
const ALL = 'all';

interface FilterSelectProps {
  label: string;
  /** The first choice, which sets no filter: "Everyone", "All records". */
  allLabel: string;
  data: { value: string; label: string }[];
  /** The filter in force; absent: all. */
  value: string | undefined;
  /** The value chosen, '' for all. */
  onChange: (value: string) => void;
}

/** A list's filter as a select: "all" first (no filter), then its choices; applied when chosen. */
export function FilterSelect({ allLabel, data, value, onChange, label }: FilterSelectProps) {
  return (
    <Select
      label={label}
      data={[{ value: ALL, label: allLabel }, ...data]}
      value={value ?? ALL}
      onChange={(v) => onChange(v === ALL ? '' : (v ?? ''))}
      allowDeselect={false}
    />
  );
}

/** A manager's list filtered by who did it: everyone, or one person of the team. */
export function PersonFilter(props: Pick<FilterSelectProps, 'value' | 'onChange'>) {
  const people = usePeopleOptions();
  return <FilterSelect label="Person" allLabel="Everyone" data={people} {...props} />;
}
