import { Alert, Badge, Button, Card, Group, Stack, Switch, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconKey, IconPlugConnectedX } from '@tabler/icons-react';
import { NOT_ALLOWED, type PaystackConnection } from '@kora/shared';
import { Can } from '@/components/can';
import { ConfirmModal } from '@/components/confirm-modal';
import { useMutationOnce } from '@/components/use-single-flight';
import { errorMessage } from '@/lib/api-error';
import { formatDate, formatDateTime } from '@/lib/format';
import { useDisconnectPaystack, useUpdatePaystack } from '../api';
import { ONLINE_TEXTS } from '../online-format';
import { ConnectPaystackForm } from './connect-paystack-form';
import { CopyField } from './copy-field';

interface PaystackConnectionCardProps {
  connection: PaystackConnection;
  canManage: boolean;
}

const eventsText = (c: PaystackConnection) =>
  c.events_received > 0
    ? `Events received: ${c.events_received.toLocaleString('en-NG')}, last at ${formatDateTime(c.last_event_at)}`
    : 'No events received yet';

/**
 * The connected account: its key, the webhook URL to paste into Paystack (the same for good;
 * a notice says when a key of another account needs it pasted there), and its switches.
 */
export function PaystackConnectionCard({ connection: c, canManage }: PaystackConnectionCardProps) {
  const [replacing, replace] = useDisclosure(false);
  const [confirming, confirm] = useDisclosure(false);
  const disconnect = useDisconnectPaystack();
  const disconnectOnce = useMutationOnce(disconnect);
  const update = useUpdatePaystack();
  const updateOnce = useMutationOnce(update);
  const live = c.mode === 'live';

  const toggleTransfers = (on: boolean) =>
    updateOnce.send(on, {
      onError: (e) =>
        notifications.show({
          color: 'red',
          title: 'Transfer accounts not changed',
          message: errorMessage(e, ONLINE_TEXTS.actionFailed),
        }),
    });

  return (
    <Card withBorder radius="lg" padding="lg">
      <Stack gap="md">
        <Group justify="space-between" gap="xs">
          <Title order={3} fz="h5">
            Paystack connected
          </Title>
          <Badge color={live ? 'green' : 'yellow'} variant="light">
            {live ? 'Live' : 'Test'}
          </Badge>
        </Group>
        {live ? null : (
          <Text size="sm" c="dimmed">
            This is a test key: members are not charged real money.
          </Text>
        )}
        <Stack gap={2}>
          <Text size="sm">Secret key ending in ••••{c.key_last4}</Text>
          <Text size="sm" c="dimmed">
            Connected on {formatDate(c.connected_at)}
          </Text>
        </Stack>
        {c.webhook_url && c.webhook_paste_needed ? (
          <Alert color="yellow" variant="light" title={ONLINE_TEXTS.webhookNewAccountTitle}>
            {ONLINE_TEXTS.webhookNewAccount}
          </Alert>
        ) : null}
        {c.webhook_url ? (
          <CopyField
            label="Webhook URL"
            value={c.webhook_url}
            description={ONLINE_TEXTS.webhookHelp}
          />
        ) : null}
        <Text size="sm" fw={500}>
          {eventsText(c)}
        </Text>
        <Switch
          label="Dedicated transfer accounts"
          description={ONLINE_TEXTS.transferHelp}
          checked={c.transfer_accounts}
          disabled={!canManage || updateOnce.pending}
          onChange={(e) => toggleTransfers(e.currentTarget.checked)}
        />
        {replacing ? (
          <ConnectPaystackForm
            canManage={canManage}
            onCancel={replace.close}
            onDone={replace.close}
          />
        ) : (
          <Group gap="sm">
            <Can action="business.manage">
              <Button
                variant="light"
                leftSection={<IconKey size={16} aria-hidden />}
                onClick={replace.open}
              >
                Replace key
              </Button>
            </Can>
            <Can action="business.manage">
              <Button
                variant="light"
                color="red"
                leftSection={<IconPlugConnectedX size={16} aria-hidden />}
                onClick={() => {
                  disconnect.reset();
                  confirm.open();
                }}
              >
                Disconnect
              </Button>
            </Can>
          </Group>
        )}
        {canManage ? null : (
          <Text size="xs" c="dimmed">
            {NOT_ALLOWED}
          </Text>
        )}
      </Stack>
      <ConfirmModal
        opened={confirming}
        title="Disconnect Paystack"
        pending={disconnectOnce.pending}
        error={disconnect.error}
        errorTitle="Disconnecting failed"
        errorFallback={ONLINE_TEXTS.actionFailed}
        cancelLabel="Keep connected"
        confirmLabel="Disconnect"
        onClose={confirm.close}
        onConfirm={() => disconnectOnce.send(undefined, { onSuccess: confirm.close })}
      >
        <Text size="sm">{ONLINE_TEXTS.disconnect}</Text>
        <Text size="sm" c="dimmed">
          {ONLINE_TEXTS.disconnectKeepsWebhook}
        </Text>
      </ConfirmModal>
    </Card>
  );
}
