import { useCombobox } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { Member } from '@kora/shared';
import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import { fullName } from '@/lib/format';

/** A member picker's dropdown opens at this many characters (a member number such as 42 is two). */
const PICKER_MIN = 2;

const nameOf = (m: Member) => fullName(m.first_name, m.last_name);

/**
 * The text box and dropdown of a member picker, whatever it searches: the text typed (the
 * chosen member's name once one is chosen), the term to search once typing pauses for
 * `debounceMs` (`searching` while no member is chosen and it has 2 or more characters), and the
 * dropdown, open from 2 characters. Typing after a choice clears the choice; `choose` picks a
 * member found, `clear` empties the box.
 */
export const useMemberPicker = ({
  value,
  onChange,
  debounceMs,
}: {
  value: Member | null;
  onChange: (member: Member | null) => void;
  debounceMs: number;
}) => {
  const combobox = useCombobox();
  const [text, setText] = useState(value ? nameOf(value) : '');
  const term = text.trim();
  const [debounced] = useDebouncedValue(term, debounceMs);

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
    if (next.trim().length >= PICKER_MIN) combobox.openDropdown();
    else combobox.closeDropdown();
  };

  const choose = (member: Member) => {
    setText(nameOf(member));
    onChange(member);
    combobox.closeDropdown();
  };

  const clear = () => {
    setText('');
    combobox.closeDropdown();
    if (value) onChange(null);
  };

  const long = term.length >= PICKER_MIN;
  return {
    combobox,
    text,
    debounced,
    searching: !value && debounced.length >= PICKER_MIN,
    /** Typing has not paused on the term yet. */
    typing: term !== debounced,
    /** The dropdown stays shut: a member is chosen, or too little is typed. */
    shut: value !== null || !long,
    /** The text box's own props: the text, typing, and focus opening the dropdown again. */
    input: {
      autoComplete: 'off',
      value: text,
      onChange: (e: ChangeEvent<HTMLInputElement>) => type(e.currentTarget.value),
      onFocus: () => {
        if (!value && long) combobox.openDropdown();
      },
    },
    choose,
    clear,
  };
};
