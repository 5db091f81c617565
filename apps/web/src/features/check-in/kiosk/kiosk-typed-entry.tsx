import { Button, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { KioskKeypad } from './kiosk-keypad';

interface KioskTypedEntryProps {
  /** The phone or member ID typed, and the member's PIN. */
  onSubmit: (code: string, pin: string) => void;
  disabled?: boolean;
}

/**
 * Typed entry at the kiosk: the phone number or member number, then the member's kiosk PIN
 * (shown as dots). Nothing of the member shows before both are sent and match.
 */
export function KioskTypedEntry({ onSubmit, disabled }: KioskTypedEntryProps) {
  const [number, setNumber] = useState('');
  const [pin, setPin] = useState('');
  const [step, setStep] = useState<'number' | 'pin'>('number');

  if (step === 'number')
    return (
      <Stack gap="sm">
        <Text ta="center" c="dimmed">
          or type your phone number or member number
        </Text>
        <KioskKeypad
          value={number}
          onChange={setNumber}
          onGo={() => setStep('pin')}
          disabled={disabled}
        />
      </Stack>
    );
  return (
    <Stack gap="sm">
      <Text ta="center" fw={600}>
        Enter your PIN
      </Text>
      <KioskKeypad
        value={pin}
        masked
        onChange={(v) => setPin(v.slice(0, 6))}
        onGo={() => {
          if (pin.length < 4) return;
          onSubmit(number, pin);
          setNumber('');
          setPin('');
          setStep('number');
        }}
        disabled={disabled}
      />
      <Button
        variant="subtle"
        color="gray"
        onClick={() => {
          setPin('');
          setStep('number');
        }}
      >
        Back
      </Button>
    </Stack>
  );
}
