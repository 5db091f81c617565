import { SegmentedControl } from '@mantine/core';
import type { MemberAccountStatus } from '@kora/shared';

const ALL = 'all';
const OPTIONS = [
  { value: ALL, label: 'All' },
  { value: 'active', label: 'Active' },
  { value: 'inactive', label: 'Inactive' },
];

interface AccountStatusFilterProps {
  value: MemberAccountStatus | undefined;
  onChange: (value: MemberAccountStatus | undefined) => void;
}

/** All, Active or Inactive (deactivated) member accounts; All by default. */
export function AccountStatusFilter({ value, onChange }: AccountStatusFilterProps) {
  return (
    <SegmentedControl
      aria-label="Account status"
      data={OPTIONS}
      value={value ?? ALL}
      onChange={(next) => onChange(next === ALL ? undefined : (next as MemberAccountStatus))}
      size="md"
    />
  );
}
