import { Button, Text, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { IconDeviceTablet } from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { DEFAULT_KIOSK_NAME, kioskContracts } from '@kora/shared';

/** The name is checked as the server checks it. */
const openKioskBody = kioskContracts.open.body!;
import { ConfirmModal } from '@/components/confirm-modal';
import { newIdempotencyKey } from '@/components/use-submission-key';
import { authApi } from '@/features/auth';
import { sessionStore } from '@/lib/session';
import { useOpenKiosk } from '../api';
import { kioskToken } from '../kiosk/kiosk-api';
import { DisabledWithReason } from '@/components/disabled-with-reason';
import { NEEDS_CONNECTION, clearDeviceData, useConnection } from '@/features/offline';

const KIOSK_PATH = '/check-in/kiosk';

/**
 * Open kiosk: this device becomes the entrance's kiosk. The back office signs out here (a
 * member at the kiosk must not reach it); Exit kiosk asks for the password to come back.
 */
export function OpenKioskButton() {
  const [asking, setAsking] = useState(false);
  const [key, setKey] = useState(newIdempotencyKey);
  // Named "Front desk kiosk" unless the person opening it types another name first.
  const [name, setName] = useState(DEFAULT_KIOSK_NAME);
  const [nameError, setNameError] = useState<string | null>(null);
  const open = useOpenKiosk();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { online } = useConnection();

  const confirm = () => {
    const checked = openKioskBody.safeParse({ name });
    if (!checked.success) {
      setNameError(checked.error.issues[0]?.message ?? null);
      return;
    }
    open.mutate(
      { name: checked.data?.name ?? DEFAULT_KIOSK_NAME, key },
      {
        onSuccess: async (answer) => {
          kioskToken.set(answer.data.token);
          const { refreshToken } = sessionStore.get();
          if (refreshToken) void authApi.logout(refreshToken).catch(() => undefined);
          // Leave the signed-in pages first, so their guard does not send the device to sign-in.
          await navigate(KIOSK_PATH, { replace: true, flushSync: true });
          sessionStore.clear();
          queryClient.clear();
          // As at sign-out: the members' copy does not stay on a device members now use.
          await clearDeviceData().catch(() => undefined);
        },
      },
    );
  };

  return (
    <>
      <DisabledWithReason reason={online ? null : NEEDS_CONNECTION}>
        <Button
          variant="default"
          leftSection={<IconDeviceTablet size={18} aria-hidden />}
          onClick={() => {
            setKey(newIdempotencyKey());
            setName(DEFAULT_KIOSK_NAME);
            setNameError(null);
            open.reset();
            setAsking(true);
          }}
        >
          Open kiosk
        </Button>
      </DisabledWithReason>
      <ConfirmModal
        opened={asking}
        title="Open the kiosk on this device?"
        onClose={() => setAsking(false)}
        pending={open.isPending}
        error={open.error}
        errorFallback="The kiosk could not be opened. Try again."
        cancelLabel="Cancel"
        confirmLabel="Open kiosk"
        danger={false}
        onConfirm={confirm}
      >
        <Text size="sm">
          Members will check themselves in here with their member card (or their phone number or
          member ID and a PIN, when Settings allows typed entry). You will be signed out on this
          device; Exit kiosk asks for your password to come back.
        </Text>
        <TextInput
          mt="md"
          label="Kiosk name"
          description="How Settings and the kiosk's visits name this device."
          value={name}
          maxLength={60}
          error={nameError}
          onChange={(event) => {
            setName(event.currentTarget.value);
            setNameError(null);
          }}
        />
      </ConfirmModal>
    </>
  );
}
