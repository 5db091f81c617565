import { CloseButton, Combobox, Loader, TextInput, useCombobox } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { MEMBER_SEARCH_MAX, type Member } from '@kora/shared';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { fullName } from '@/lib/format';
import { memberSearchKey, membersApi } from '../api';
import { MemberOptions } from './member-options';

/** The dropdown opens at this many characters. */
const MEMBER_SEARCH_MIN = 2;
/** How long typing pauses before the search runs. */
const MEMBER_SEARCH_DEBOUNCE_MS = 300;

const nameOf = (m: Member) => fullName(m.first_name, m.last_name);

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
  const combobox = useCombobox();
  const [text, setText] = useState(value ? nameOf(value) : '');
  const term = text.trim();
  const [debounced] = useDebouncedValue(term, MEMBER_SEARCH_DEBOUNCE_MS);
  const searching = !value && debounced.length >= MEMBER_SEARCH_MIN;
  const results = useQuery({
    queryKey: memberSearchKey(debounced),
    queryFn: async ({ signal }) => (await membersApi.search(debounced, signal)).data,
    enabled: searching,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });

  // The text follows a member chosen or cleared from outside (a URL, Clear Filters), but not
  // the clearing that typing itself caused.
  const clearedByTyping = useRef(false);
  const valueId = value?.id ?? null;
  useEffect(() => {
    if (value) setText(nameOf(value));
    else if (!clearedByTyping.current) setText('');
    clearedByTyping.current = false;
    // Only a different member (or none) moves the text.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [valueId]);

  const type = (next: string) => {
    setText(next);
    if (value) {
      clearedByTyping.current = true;
      onChange(null);
    }
    if (next.trim().length >= MEMBER_SEARCH_MIN) combobox.openDropdown();
    else combobox.closeDropdown();
  };

  const choose = (id: string) => {
    const member = results.data?.find((m) => String(m.id) === id);
    if (!member) return;
    setText(nameOf(member));
    onChange(member);
    combobox.closeDropdown();
  };

  const clear = () => {
    setText('');
    combobox.closeDropdown();
    if (value) onChange(null);
  };

  const members = searching ? (results.data ?? []) : [];
  const waiting = term !== debounced || results.isFetching;

  return (
    <Combobox store={combobox} onOptionSubmit={choose} withinPortal={false}>
      <Combobox.Target>
        <TextInput
          {...inputProps}
          autoComplete="off"
          maxLength={MEMBER_SEARCH_MAX}
          value={text}
          readOnly={readOnly}
          onChange={(e) => type(e.currentTarget.value)}
          onFocus={() => {
            if (!value && term.length >= MEMBER_SEARCH_MIN) combobox.openDropdown();
          }}
          onBlur={() => {
            combobox.closeDropdown();
            onBlur?.();
          }}
          rightSection={
            readOnly ? null : waiting && term.length >= MEMBER_SEARCH_MIN && !value ? (
              <Loader size="xs" />
            ) : text ? (
              <CloseButton size="sm" aria-label="Clear member" onClick={clear} />
            ) : null
          }
        />
      </Combobox.Target>
      <MemberOptions
        members={members}
        hidden={readOnly || value !== null || term.length < MEMBER_SEARCH_MIN}
        emptyText={waiting || !searching ? 'Searching...' : 'No members found'}
      />
    </Combobox>
  );
}
