import { Button, Group, PasswordInput, Stack, Text } from '@mantine/core';
import { IconPlugConnected } from '@tabler/icons-react';
import { NOT_ALLOWED, connectPaystackSchema } from '@kora/shared';
import { Can } from '@/components/can';
import { ErrorAlert } from '@/components/form-alerts';
import { useAdapterForm } from '@/components/form/use-adapter-form';
import { useMutationOnce } from '@/components/use-single-flight';
import { ApiError } from '@/lib/api-error';
import { formAdapter } from '@/lib/form-adapter';
import { useConnectPaystack } from '../api';
import { ONLINE_TEXTS } from '../online-format';

const keyForm = formAdapter({ create: connectPaystackSchema, empty: { secret_key: '' } });

interface ConnectPaystackFormProps {
  canManage: boolean;
  /** Replacing the key of a connected account: Cancel goes back. */
  onCancel?: () => void;
  /** After the key was accepted. */
  onDone?: () => void;
}

/**
 * The Paystack secret key, checked by Paystack before it is kept. Paystack's refusal shows
 * under the field (or above the form when it is not about the key).
 */
export function ConnectPaystackForm({ canManage, onCancel, onDone }: ConnectPaystackFormProps) {
  const connect = useConnectPaystack();
  const { send, pending } = useMutationOnce(connect);
  const form = useAdapterForm(keyForm, { error: connect.error, validateInputOnBlur: false });
  const fieldError = connect.error instanceof ApiError ? connect.error.errors?.secret_key : null;
  const replacing = Boolean(onCancel);

  const submit = (values: { secret_key: string }) =>
    send({ secret_key: values.secret_key.trim() }, { onSuccess: () => onDone?.() });

  return (
    <form onSubmit={form.onSubmit(submit)} noValidate>
      <Stack gap="sm">
        {replacing ? null : (
          <Text size="sm" fw={600}>
            Paystack is not connected yet.
          </Text>
        )}
        {/* The server's message shows once: under the field when it is about the key. */}
        {fieldError ? null : (
          <ErrorAlert error={connect.error} fallback={ONLINE_TEXTS.connectFailed} />
        )}
        <PasswordInput
          label="Paystack secret key"
          placeholder="sk_live_…"
          description="Paystack dashboard → Settings → API Keys & Webhooks → Secret Key"
          autoComplete="off"
          spellCheck={false}
          withAsterisk
          disabled={!canManage}
          maxLength={220}
          {...form.getInputProps('secret_key')}
        />
        <Group justify="flex-end" gap="sm">
          {onCancel ? (
            <Button variant="default" onClick={onCancel} disabled={pending}>
              Cancel
            </Button>
          ) : null}
          <Can action="business.manage">
            <Button
              type="submit"
              loading={pending}
              leftSection={<IconPlugConnected size={16} aria-hidden />}
            >
              {replacing ? 'Replace key' : 'Connect Paystack'}
            </Button>
          </Can>
        </Group>
        {canManage ? null : (
          <Text size="xs" c="dimmed" ta="right">
            {NOT_ALLOWED}
          </Text>
        )}
      </Stack>
    </form>
  );
}
