import { Button, PasswordInput, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconLockPassword } from '@tabler/icons-react';
import { kioskPin, type Member } from '@kora/shared';
import { useState, type FormEvent } from 'react';
import { AppModal } from '@/components/app-modal';
import { DisabledWithReason } from '@/components/disabled-with-reason';
import { ErrorAlert } from '@/components/form-alerts';
import { FormActions } from '@/components/form/form-actions';
import { useBackCloses } from '@/components/use-back-closes';
import { useCan } from '@/lib/use-can';
import { useSetKioskPin } from '../api';
import { deactivatedReason, memberFullName } from '../member-format';

const KIOSK_PIN_TEXTS = {
  action: 'Set kiosk PIN',
  explain: (name: string) =>
    `${name} types their phone number or member ID and this PIN at the kiosk, where the gym ` +
    'lets the kiosk take typed entry (Settings → Front Desk). A new PIN replaces the old one.',
  pin: 'PIN (4 to 6 digits)',
  confirm: 'Type the PIN again',
  mismatch: 'The two PINs do not match',
  save: 'Save PIN',
  saving: 'Saving...',
  savedTitle: 'Kiosk PIN saved',
  saved: (name: string) => `${name} can use it at the kiosk. Kora keeps only its hash.`,
  failed: 'We could not save the PIN. Please try again.',
} as const;

/** Only digits, at most 6: what a PIN box keeps of what is typed or pasted. */
const digitsOnly = (value: string) => value.replace(/\D/g, '').slice(0, 6);

/** The PIN typed twice; checked as the server checks it before it is sent. */
function KioskPinForm({ member, onDone }: { member: Member; onDone: () => void }) {
  const save = useSetKioskPin(member.id);
  const [pin, setPin] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<{ pin?: string; confirm?: string }>({});
  const name = memberFullName(member);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (save.isPending) return;
    const checked = kioskPin.safeParse(pin);
    const next = !checked.success
      ? { pin: checked.error.issues[0]?.message }
      : confirm !== pin
        ? { confirm: KIOSK_PIN_TEXTS.mismatch }
        : {};
    setErrors(next);
    if (next.pin || next.confirm) return;
    save.mutate(pin, {
      onSuccess: () => {
        notifications.show({
          color: 'green',
          title: KIOSK_PIN_TEXTS.savedTitle,
          message: KIOSK_PIN_TEXTS.saved(name),
        });
        onDone();
      },
    });
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Text size="sm">{KIOSK_PIN_TEXTS.explain(name)}</Text>
        <ErrorAlert error={save.error} fallback={KIOSK_PIN_TEXTS.failed} />
        <PasswordInput
          label={KIOSK_PIN_TEXTS.pin}
          withAsterisk
          data-autofocus
          inputMode="numeric"
          autoComplete="new-password"
          maxLength={6}
          value={pin}
          error={errors.pin}
          onChange={(e) => setPin(digitsOnly(e.currentTarget.value))}
        />
        <PasswordInput
          label={KIOSK_PIN_TEXTS.confirm}
          withAsterisk
          inputMode="numeric"
          autoComplete="new-password"
          maxLength={6}
          value={confirm}
          error={errors.confirm}
          onChange={(e) => setConfirm(digitsOnly(e.currentTarget.value))}
        />
        <FormActions onCancel={onDone} busy={save.isPending} mt="xs">
          <Button type="submit" loading={save.isPending}>
            {KIOSK_PIN_TEXTS.save}
          </Button>
        </FormActions>
      </Stack>
    </form>
  );
}

/**
 * Member details → Set kiosk PIN (staff and up): the member's PIN for a typed phone or member
 * ID at the kiosk, typed twice in a dialog. A deactivated member gets none, and the button
 * says why.
 */
export function MemberKioskPin({ member }: { member: Member }) {
  const allowed = useCan('check_in.record');
  const [opened, setOpened] = useState(false);
  const close = () => setOpened(false);
  useBackCloses(opened, close);
  if (!allowed) return null;
  return (
    <>
      <DisabledWithReason reason={deactivatedReason(member, 'setting a kiosk PIN')}>
        <Button
          variant="light"
          leftSection={<IconLockPassword size={16} aria-hidden />}
          onClick={() => setOpened(true)}
        >
          {KIOSK_PIN_TEXTS.action}
        </Button>
      </DisabledWithReason>
      <AppModal
        opened={opened}
        onClose={close}
        title={KIOSK_PIN_TEXTS.action}
        closeOnClickOutside={false}
        closeButtonProps={{ 'aria-label': 'Close' }}
      >
        {/* A new form each time it opens: no PIN is kept after it closes. */}
        {opened ? <KioskPinForm member={member} onDone={close} /> : null}
      </AppModal>
    </>
  );
}
