import { CloseButton, Combobox, TextInput, useCombobox } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { LOOKUP_MAX, type Member } from '@kora/shared';
import { useEffect, useState, type ReactNode } from 'react';
import { MemberAutocomplete, MemberOptions } from '@/features/members';
import { memberFromRoster, offlineLookup } from '@/features/offline';
import { fullName } from '@/lib/format';

/** The list opens at this many characters (a member number such as 42 is two). */
const SEARCH_MIN = 2;
const DEBOUNCE_MS = 200;

const nameOf = (m: { first_name: string; last_name: string }) =>
  fullName(m.first_name, m.last_name);

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
  const combobox = useCombobox();
  const [text, setText] = useState(value ? nameOf(value) : '');
  const term = text.trim();
  const [debounced] = useDebouncedValue(term, DEBOUNCE_MS);
  const searching = !value && debounced.length >= SEARCH_MIN;
  const results = useQuery({
    queryKey: ['offline', 'member-picker', debounced],
    queryFn: () => offlineLookup(debounced),
    enabled: searching,
    staleTime: 0,
    networkMode: 'always',
  });

  // The text follows a member chosen from outside.
  const valueId = value?.id ?? null;
  useEffect(() => {
    if (value) setText(nameOf(value));
    // Only a different member moves the text.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [valueId]);

  const type = (next: string) => {
    setText(next);
    if (value) onChange(null);
    if (next.trim().length >= SEARCH_MIN) combobox.openDropdown();
    else combobox.closeDropdown();
  };

  const choose = (id: string) => {
    const found = results.data?.find((c) => String(c.member.id) === id);
    if (!found) return;
    setText(nameOf(found.member));
    onChange(memberFromRoster(found.member));
    combobox.closeDropdown();
  };

  const clear = () => {
    setText('');
    combobox.closeDropdown();
    if (value) onChange(null);
  };

  const found = searching ? (results.data ?? []) : [];
  const waiting = term !== debounced || results.isFetching;

  return (
    <Combobox store={combobox} onOptionSubmit={choose} withinPortal={false}>
      <Combobox.Target>
        <TextInput
          {...inputProps}
          placeholder="Name, phone or member ID"
          description="Offline: searching this device's list of members"
          autoComplete="off"
          maxLength={LOOKUP_MAX}
          value={text}
          onChange={(e) => type(e.currentTarget.value)}
          onFocus={() => {
            if (!value && term.length >= SEARCH_MIN) combobox.openDropdown();
          }}
          onBlur={() => combobox.closeDropdown()}
          rightSection={
            text ? <CloseButton size="sm" aria-label="Clear member" onClick={clear} /> : null
          }
        />
      </Combobox.Target>
      <MemberOptions
        members={found.map((c) => c.member)}
        hidden={value !== null || term.length < SEARCH_MIN}
        emptyText={waiting || !searching ? 'Searching...' : 'No member found on this device'}
        markDeactivated
      />
    </Combobox>
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
