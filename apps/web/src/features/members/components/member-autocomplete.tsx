import { CloseButton, Loader, TextInput } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { MEMBER_SEARCH_MAX, type Member } from '@kora/shared';
import type { ReactNode } from 'react';
import { memberSearchKey, membersApi } from '../api';
import { MemberCombobox } from './member-combobox';
import { useMemberPicker } from './use-member-picker';

/** How long typing pauses before the search runs. */
const MEMBER_SEARCH_DEBOUNCE_MS = 300;

export interface MemberAutocompleteProps {
  value: Member | null;
  onChange: (member: Member | null) => void;
  label?: string;
  placeholder?: string;
  description?: ReactNode;
  error?: ReactNode;
  withAsterisk?: boolean;
  /** The member cannot be changed (a payment for a given member). */
  readOnly?: boolean;
  'aria-label'?: string;
  leftSection?: ReactNode;
  onBlur?: () => void;
  /** Focused first when it opens in a modal. */
  'data-autofocus'?: boolean;
}

/**
 * Pick a member by name, phone, e-mail or member ID: the dropdown opens at 2 or
 * more characters (searched after a pause in typing), closes on Escape or an outside click;
 * editing the text after a selection clears the selection.
 */
export function MemberAutocomplete(props: MemberAutocompleteProps) {
  const { value, onChange, readOnly, onBlur, ...inputProps } = props;
  const picker = useMemberPicker({ value, onChange, debounceMs: MEMBER_SEARCH_DEBOUNCE_MS });
  const { combobox, text, debounced, searching } = picker;
  const results = useQuery({
    queryKey: memberSearchKey(debounced),
    queryFn: async ({ signal }) => (await membersApi.search(debounced, signal)).data,
    enabled: searching,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });

  const members = searching ? (results.data ?? []) : [];
  const waiting = picker.typing || results.isFetching;

  return (
    <MemberCombobox
      picker={picker}
      found={members}
      toMember={(m) => m}
      hidden={readOnly || picker.shut}
      emptyText={waiting || !searching ? 'Searching...' : 'No members found'}
    >
      <TextInput
        {...inputProps}
        {...picker.input}
        maxLength={MEMBER_SEARCH_MAX}
        readOnly={readOnly}
        onBlur={() => {
          combobox.closeDropdown();
          onBlur?.();
        }}
        rightSection={
          readOnly ? null : waiting && !picker.shut ? (
            <Loader size="xs" />
          ) : text ? (
            <CloseButton size="sm" aria-label="Clear member" onClick={picker.clear} />
          ) : null
        }
      />
    </MemberCombobox>
  );
}
