import { CloseButton, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { LOOKUP_MAX, type Member } from '@kora/shared';
import type { ReactNode } from 'react';
import { MemberAutocomplete, MemberCombobox, useMemberPicker } from '@/features/members';
import { memberFromRoster, offlineLookup } from '@/features/offline';

/** How long typing pauses before this device's list is searched. */
const DEBOUNCE_MS = 200;

interface DeviceMemberPickerProps {
  value: Member | null;
  onChange: (member: Member | null) => void;
  label: string;
  error?: ReactNode;
  withAsterisk?: boolean;
  'data-autofocus'?: boolean;
}

/**
 * Offline, the member picker searches this device's list of members the way the check-in desk
 * does (name, phone in any Nigerian form, member ID or its number, card code), so a Cash
 * payment can be taken for any member the device knows.
 */
function DeviceMemberPicker({ value, onChange, ...inputProps }: DeviceMemberPickerProps) {
  const picker = useMemberPicker({ value, onChange, debounceMs: DEBOUNCE_MS });
  const { combobox, text, debounced, searching } = picker;
  const results = useQuery({
    queryKey: ['offline', 'member-picker', debounced],
    queryFn: () => offlineLookup(debounced),
    enabled: searching,
    staleTime: 0,
    networkMode: 'always',
  });

  const found = searching ? (results.data ?? []) : [];
  const waiting = picker.typing || results.isFetching;

  return (
    <MemberCombobox
      picker={picker}
      found={found.map((c) => c.member)}
      toMember={memberFromRoster}
      hidden={picker.shut}
      emptyText={waiting || !searching ? 'Searching...' : 'No member found on this device'}
      markDeactivated
    >
      <TextInput
        {...inputProps}
        placeholder="Name, phone or member ID"
        description="Offline: searching this device's list of members"
        {...picker.input}
        maxLength={LOOKUP_MAX}
        onBlur={() => combobox.closeDropdown()}
        rightSection={
          text ? <CloseButton size="sm" aria-label="Clear member" onClick={picker.clear} /> : null
        }
      />
    </MemberCombobox>
  );
}

/**
 * Record Payment's member: fixed when the payment is for a given member; else the member search
 * online, and this device's list of members offline (the server cannot be searched then).
 */
export function PaymentMemberField({
  given,
  online,
  value,
  error,
  onChange,
}: {
  given: Member | null;
  online: boolean;
  value: Member | null;
  error?: ReactNode;
  onChange: (member: Member | null) => void;
}) {
  if (!given && !online)
    return (
      <DeviceMemberPicker
        label="Member"
        withAsterisk
        data-autofocus
        value={value}
        error={error}
        onChange={onChange}
      />
    );
  return (
    <MemberAutocomplete
      label="Member"
      placeholder="Type 2+ letters of a name, phone or ID"
      withAsterisk
      readOnly={Boolean(given)}
      data-autofocus={given ? undefined : true}
      value={value}
      error={error}
      onChange={onChange}
    />
  );
}
