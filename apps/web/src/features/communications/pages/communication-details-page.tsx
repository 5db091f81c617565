import { Button, Card, Grid, Group, Progress, Stack, Text, Title, Typography } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconRefresh, IconX } from '@tabler/icons-react';
import { COMMS_PURPOSES, type Communication } from '@kora/shared';
import { useMemo, useState } from 'react';
import { Can } from '@/components/can';
import { ConfirmModal } from '@/components/confirm-modal';
import { ErrorAlert } from '@/components/form-alerts';
import { RecordHeader, RecordPage } from '@/components/record-page';
import { StatGrid, countStat } from '@/components/stat-grid';
import { useIdParam } from '@/components/use-id-param';
import { useMutationOnce } from '@/components/use-single-flight';
import { formatDateTime } from '@/lib/format';
import { usePageTitle } from '@/lib/use-page-title';
import { isLive, useAudience, useCommunicationAction, useCommunication } from '../api';
import {
  COMMUNICATION_RECORD,
  COMMUNICATIONS_TEXTS,
  groupLabel,
  safeMessageHtml,
  scheduledLabel,
} from '../communications-format';
import { ChannelBadge, CommunicationStatusBadge } from '../components/communications-badges';
import { DeliveriesCard } from '../components/deliveries-card';

/** /communications/{id}: the message, its counts and progress, and each recipient's result. */
export function CommunicationDetailsPage() {
  const id = useIdParam();
  const message = useCommunication(id);
  usePageTitle('Message details');
  return (
    <RecordPage
      id={id}
      query={message}
      of={COMMUNICATION_RECORD}
      title="Message Details"
      backOnError
    >
      {(m) => <MessageDetails message={m} />}
    </RecordPage>
  );
}

function MessageDetails({ message: m }: { message: Communication }) {
  const action = useCommunicationAction(m.id);
  const { send, pending } = useMutationOnce(action);
  const [asked, setAsked] = useState<'cancel' | null>(null);
  const live = isLive(m);
  const html = useMemo(() => safeMessageHtml(m.message), [m.message]);

  const retry = () =>
    send('retry', {
      onSuccess: () =>
        notifications.show({
          color: 'green',
          title: 'Retrying failed deliveries',
          message: 'The failed deliveries are being sent again.',
        }),
    });
  const cancel = () =>
    send('cancel', {
      onSuccess: () => {
        setAsked(null);
        action.reset();
        notifications.show({
          color: 'green',
          title: 'Message cancelled',
          message: 'The scheduled message will not be sent.',
        });
      },
    });

  const actions = (
    <>
      {m.failed > 0 ? (
        <Can action="communications.send">
          <Button
            variant="default"
            leftSection={<IconRefresh size={16} aria-hidden />}
            onClick={retry}
            loading={pending && asked === null}
          >
            Retry failed
          </Button>
        </Can>
      ) : null}
      {m.status === 'SCHEDULED' ? (
        <Can action="communications.send">
          <Button
            color="red"
            variant="light"
            leftSection={<IconX size={16} aria-hidden />}
            onClick={() => setAsked('cancel')}
          >
            Cancel
          </Button>
        </Can>
      ) : null}
    </>
  );
  const processed = m.delivered + m.failed;

  return (
    <Stack gap="md">
      <RecordHeader of={COMMUNICATION_RECORD} title="Message Details" actions={actions} />
      {asked === null ? (
        <ErrorAlert
          error={action.error}
          title="Retrying failed"
          fallback={COMMUNICATIONS_TEXTS.actionFailed}
        />
      ) : null}
      <MessageCounts message={m} />
      {m.status === 'SENDING' ? (
        <Card withBorder radius="lg" padding="md">
          <Group justify="space-between" mb={6}>
            <Text size="sm" fw={600}>
              Sending...
            </Text>
            <Text size="sm" c="dimmed">
              {`${processed} of ${m.recipients} processed`}
            </Text>
          </Group>
          <Progress
            value={m.recipients > 0 ? (processed / m.recipients) * 100 : 0}
            animated
            aria-label="Sending progress"
          />
        </Card>
      ) : null}
      <Grid gutter="md">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Card withBorder radius="lg" padding="lg" h="100%">
            <Title order={3} fz="h4" mb="sm">
              Message
            </Title>
            <Typography>
              <div data-testid="message-html" dangerouslySetInnerHTML={{ __html: html }} />
            </Typography>
          </Card>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Card withBorder radius="lg" padding="lg" h="100%">
            <Stack gap="sm">
              <Detail label="Recipients">{groupLabel(m.group)}</Detail>
              <Detail label="Kind">
                {COMMS_PURPOSES.find((p) => p.key === m.purpose)?.label ?? 'Service notice'}
              </Detail>
              <Detail label="Channel">
                <ChannelBadge channel={m.channel} />
              </Detail>
              <Detail label="Status">
                <CommunicationStatusBadge status={m.status} />
              </Detail>
              <Detail label="Scheduled">{scheduledLabel(m)}</Detail>
              <Detail label="Created">{formatDateTime(m.created_at)}</Detail>
              {m.sms_parts !== null ? (
                <Detail label="SMS parts">{String(m.sms_parts)}</Detail>
              ) : null}
            </Stack>
          </Card>
        </Grid.Col>
      </Grid>
      <DeliveriesCard id={m.id} live={live} />
      <ConfirmModal
        opened={asked === 'cancel'}
        title="Cancel Message"
        pending={pending}
        error={asked === 'cancel' ? action.error : null}
        errorTitle="Cancelling failed"
        errorFallback={COMMUNICATIONS_TEXTS.actionFailed}
        cancelLabel="Keep Message"
        confirmLabel="Cancel Message"
        onConfirm={cancel}
        onClose={() => {
          setAsked(null);
          action.reset();
        }}
      >
        <Text size="sm">
          Cancel this scheduled message? It will not be sent to anyone. This cannot be undone.
        </Text>
      </ConfirmModal>
    </Stack>
  );
}

/**
 * Recipients, delivered, failed and skipped. A scheduled message has reached nobody yet: it
 * shows the audience its group has now (counted by the server), labelled as such; the members
 * it finally reaches are counted when it goes.
 */
function MessageCounts({ message: m }: { message: Communication }) {
  const scheduled = m.status === 'SCHEDULED';
  const audience = useAudience(
    scheduled ? m.group : '',
    scheduled ? m.channel : '',
    scheduled ? m.purpose : '',
  );
  const now = audience.data;
  return (
    <StatGrid
      cols={{ base: 2, sm: 4 }}
      loading={scheduled && audience.isPending}
      stats={[
        scheduled
          ? {
              label: 'Recipients now',
              hint: `${groupLabel(m.group)} it would reach if sent now`,
              ...countStat(now?.recipients),
            }
          : { label: 'Recipients', hint: 'Members it goes to', ...countStat(m.recipients) },
        { label: 'Delivered', hint: 'Sent successfully', ...countStat(m.delivered) },
        { label: 'Failed', hint: 'Could not be delivered', ...countStat(m.failed) },
        scheduled
          ? {
              label: 'Skipped now',
              hint: 'Would be skipped: no address for the channel',
              ...countStat(now?.skipped),
            }
          : { label: 'Skipped', hint: 'No address for the channel', ...countStat(m.skipped) },
      ]}
    />
  );
}

function Detail({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
        {label}
      </Text>
      <Text size="sm" component="div">
        {children}
      </Text>
    </div>
  );
}
