import { Button, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconBackspace } from '@tabler/icons-react';
import type { MouseEvent } from 'react';

/** The longest number the keypad takes (a phone in its international form). */
const KEYPAD_MAX = 14;

interface KioskKeypadProps {
  value: string;
  onChange: (value: string) => void;
  onGo: () => void;
  disabled?: boolean;
  /** A PIN: shown as dots, and read out only as how many digits are typed. */
  masked?: boolean;
}

// A tap on the keypad keeps the focus where it is (the scanner's input).
const keepFocus = (event: MouseEvent) => event.preventDefault();

/** A big phone keypad: digits, delete and Go, for a phone number or a member number. */
export function KioskKeypad({ value, onChange, onGo, disabled, masked }: KioskKeypadProps) {
  const press = (digit: string) => {
    if (value.length < KEYPAD_MAX) onChange(value + digit);
  };
  const key = (digit: string) => (
    <Button
      key={digit}
      size="xl"
      h={72}
      fz={30}
      variant="default"
      onMouseDown={keepFocus}
      onClick={() => press(digit)}
      disabled={disabled}
    >
      {digit}
    </Button>
  );
  return (
    <Stack gap="sm">
      <Text
        fz={34}
        fw={700}
        ta="center"
        mih={52}
        style={{ letterSpacing: 2, fontVariantNumeric: 'tabular-nums' }}
        aria-live="polite"
        aria-label={
          !value
            ? 'Nothing typed'
            : masked
              ? `${value.length} digits typed`
              : `Typed ${value.split('').join(' ')}`
        }
      >
        {(masked ? '•'.repeat(value.length) : value) || '\u00a0'}
      </Text>
      <SimpleGrid cols={3} spacing="sm">
        {['1', '2', '3', '4', '5', '6', '7', '8', '9'].map(key)}
        <Button
          size="xl"
          h={72}
          variant="light"
          color="gray"
          aria-label="Delete"
          onMouseDown={keepFocus}
          onClick={() => onChange(value.slice(0, -1))}
          disabled={disabled || !value}
        >
          <IconBackspace size={30} aria-hidden />
        </Button>
        {key('0')}
        <Button
          size="xl"
          h={72}
          fz={26}
          color="green"
          onMouseDown={keepFocus}
          onClick={onGo}
          disabled={disabled || !value}
        >
          Go
        </Button>
      </SimpleGrid>
    </Stack>
  );
}
