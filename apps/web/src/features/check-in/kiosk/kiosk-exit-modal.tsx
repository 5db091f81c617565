import { Button, PasswordInput, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { AppModal } from '@/components/app-modal';
import { ErrorAlert } from '@/components/form-alerts';
import { FormActions } from '@/components/form/form-actions';
import { kioskApi } from './kiosk-api';

interface KioskExitModalProps {
  opened: boolean;
  token: string;
  onClose: () => void;
  /** The password was right: the answer's fresh session. */
  onExited: (tokens: { access_token: string; refresh_token: string }) => void;
}

/** Exit kiosk: the password of the person who opened it turns this device back into the desk. */
export function KioskExitModal({ opened, token, onClose, onExited }: KioskExitModalProps) {
  const [password, setPassword] = useState('');
  const [missing, setMissing] = useState(false);
  const exit = useMutation({ mutationFn: (p: string) => kioskApi.exit(token, p) });
  const close = () => {
    if (exit.isPending) return;
    setPassword('');
    setMissing(false);
    exit.reset();
    onClose();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!password) {
      setMissing(true);
      return;
    }
    exit.mutate(password, { onSuccess: (answer) => onExited(answer.data) });
  };
  return (
    <AppModal opened={opened} onClose={close} title="Exit kiosk" size="sm">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Text size="sm">Enter the password of the staff member who opened this kiosk.</Text>
          <ErrorAlert error={exit.error} fallback="The kiosk could not be closed. Try again." />
          <PasswordInput
            label="Password"
            withAsterisk
            autoComplete="current-password"
            data-autofocus
            value={password}
            error={missing ? 'Enter your password' : undefined}
            onChange={(e) => {
              setPassword(e.currentTarget.value);
              setMissing(false);
            }}
          />
          <FormActions onCancel={close} busy={exit.isPending}>
            <Button type="submit" loading={exit.isPending}>
              Exit kiosk
            </Button>
          </FormActions>
        </Stack>
      </form>
    </AppModal>
  );
}
