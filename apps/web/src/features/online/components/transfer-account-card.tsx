import { Button, Group, SegmentedControl, Stack, Text } from '@mantine/core';
import { IconBuildingBank, IconSend } from '@tabler/icons-react';
import { LINK_CHANNELS, type Member, type SendChannel, type TransferAccount } from '@kora/shared';
import { useId, useState } from 'react';
import { deactivatedReason } from '@/features/members';
import { Can } from '@/components/can';
import { DisabledWithReason } from '@/components/disabled-with-reason';
import { ErrorAlert, SuccessAlert } from '@/components/form-alerts';
import { Labelled } from '@/components/labelled';
import { LoadError } from '@/components/load-error';
import { PageLoader } from '@/components/page-loader';
import { newIdempotencyKey } from '@/components/use-submission-key';
import { useMutationOnce } from '@/components/use-single-flight';
import { TitledCard } from '@/components/titled-card';
import { useCreateTransferAccount, useSendTransferAccount, useTransferAccount } from '../api';
import { ONLINE_TEXTS, channelLabel, reachable } from '../online-format';
import { CopyLink } from './copy-field';

const SEND_CHANNELS = LINK_CHANNELS.filter((c) => c.key !== 'copy');

/** The account's details, the number large and copyable, and Send details by a channel. */
function AccountDetails({ member, account }: { member: Member; account: TransferAccount }) {
  const can = reachable(member);
  const [channel, setChannel] = useState<SendChannel>(can.whatsapp ? 'whatsapp' : 'email');
  const send = useSendTransferAccount(member.id);
  const sendOnce = useMutationOnce(send);
  const [sentBy, setSentBy] = useState<SendChannel | null>(null);
  const labelId = useId();
  return (
    <Stack gap="sm">
      <Labelled label="Bank">
        <Text size="sm" fw={500}>
          {account.bank_name}
        </Text>
      </Labelled>
      <Labelled label="Account number">
        <Group gap="sm" wrap="wrap">
          <Text fz={28} fw={700} ff="monospace" lh={1.2} style={{ letterSpacing: 1 }}>
            {account.account_number}
          </Text>
          <CopyLink value={account.account_number} />
        </Group>
      </Labelled>
      <Labelled label="Account name">
        <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
          {account.account_name}
        </Text>
      </Labelled>
      <SuccessAlert
        message={sentBy ? `The account details are on their way by ${channelLabel(sentBy)}.` : null}
      />
      <ErrorAlert error={send.error} title="Not sent" fallback={ONLINE_TEXTS.actionFailed} />
      <Stack gap={6}>
        <Text size="sm" fw={500} id={labelId}>
          Send details by
        </Text>
        <Group gap="sm" wrap="wrap">
          <SegmentedControl
            aria-labelledby={labelId}
            value={channel}
            onChange={(v) => setChannel(v as SendChannel)}
            data={SEND_CHANNELS.map((c) => ({
              value: c.key,
              label: c.label,
              disabled: !can[c.key],
            }))}
          />
          <Can action="payments.record">
            <Button
              variant="light"
              leftSection={<IconSend size={16} aria-hidden />}
              loading={sendOnce.pending}
              disabled={!can[channel]}
              onClick={() => {
                setSentBy(null);
                sendOnce.send(channel, { onSuccess: () => setSentBy(channel) });
              }}
            >
              Send details
            </Button>
          </Can>
        </Group>
      </Stack>
    </Stack>
  );
}

/**
 * The member's own bank account number (a Paystack dedicated account): transfers into it renew
 * them. Shown while transfer accounts are on.
 */
export function TransferAccountCard({ member }: { member: Member }) {
  const account = useTransferAccount(member.id);
  const create = useCreateTransferAccount(member.id);
  const createOnce = useMutationOnce(create);
  const [key] = useState(newIdempotencyKey);
  return (
    <TitledCard title="Transfer Account">
      {account.isError ? (
        <LoadError
          message={ONLINE_TEXTS.transferFailed}
          error={account.error}
          onRetry={() => void account.refetch()}
        />
      ) : account.isPending ? (
        <PageLoader minHeight={80} />
      ) : account.data ? (
        <AccountDetails member={member} account={account.data} />
      ) : (
        <Stack gap="sm" align="flex-start">
          <Text size="sm" c="dimmed">
            {member.first_name} has no transfer account yet. Give them their own bank account
            number: money transferred into it renews them automatically.
          </Text>
          <ErrorAlert
            error={create.error}
            title="Not created"
            fallback={ONLINE_TEXTS.actionFailed}
          />
          <Can action="payments.record">
            <DisabledWithReason reason={deactivatedReason(member, 'creating a transfer account')}>
              <Button
                leftSection={<IconBuildingBank size={16} aria-hidden />}
                loading={createOnce.pending}
                onClick={() => createOnce.send(key)}
              >
                Create transfer account
              </Button>
            </DisabledWithReason>
          </Can>
        </Stack>
      )}
    </TitledCard>
  );
}
