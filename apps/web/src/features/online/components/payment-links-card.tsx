import { ActionIcon, Button, CopyButton, Group, Text, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { formatNaira, type PaymentLink } from '@kora/shared';
import { useState } from 'react';
import { Can } from '@/components/can';
import { ConfirmModal } from '@/components/confirm-modal';
import type { Column } from '@/components/data-table';
import { RecordTableCard } from '@/components/record-table-card';
import { StateBadge } from '@/components/state-badge';
import { useMutationOnce } from '@/components/use-single-flight';
import { formatDate } from '@/lib/format';
import { LINKS_PER_PAGE, useCancelPaymentLink, usePaymentLinks } from '../api';
import { LINK_STATE_BADGES, ONLINE_TEXTS } from '../online-format';

const linkName = (l: PaymentLink) => `${l.subscription_type.name} × ${l.duration}`;

function CopyLinkIcon({ link }: { link: PaymentLink }) {
  return (
    <CopyButton value={link.url} timeout={2000}>
      {({ copied, copy }) => (
        <Tooltip label={copied ? 'Copied' : 'Copy the link'}>
          <ActionIcon
            variant="subtle"
            color={copied ? 'green' : undefined}
            aria-label={copied ? 'Link copied' : `Copy the link for ${linkName(link)}`}
            onClick={copy}
          >
            {copied ? <IconCheck size={18} aria-hidden /> : <IconCopy size={18} aria-hidden />}
          </ActionIcon>
        </Tooltip>
      )}
    </CopyButton>
  );
}

const columns = (onCancel: (link: PaymentLink) => void): Column<PaymentLink>[] => [
  {
    header: 'Plan',
    cell: (l) => (
      <Text size="sm" fw={600}>
        {linkName(l)}
      </Text>
    ),
  },
  {
    header: 'State',
    card: 'corner',
    cell: (l) => <StateBadge {...LINK_STATE_BADGES[l.state]} />,
  },
  { header: 'Amount', cell: (l) => <Text size="sm">{formatNaira(l.amount)}</Text> },
  { header: 'Created', cell: (l) => <Text size="sm">{formatDate(l.created_at)}</Text> },
  {
    header: 'Actions',
    alignRight: true,
    cell: (l) =>
      l.state === 'sent' ? (
        <Group gap={4} justify="flex-end" wrap="nowrap">
          <CopyLinkIcon link={l} />
          <Can action="payments.record">
            <Button
              size="compact-sm"
              variant="subtle"
              color="red"
              aria-label={`Cancel the link for ${linkName(l)}`}
              onClick={() => onCancel(l)}
            >
              Cancel
            </Button>
          </Can>
        </Group>
      ) : null,
  },
];

/** The member's payment links, newest first, 10 a page: what each is for and where it stands. */
export function PaymentLinksCard({ memberId }: { memberId: number }) {
  const [page, setPage] = useState(1);
  const links = usePaymentLinks(memberId, page);
  const [cancelling, setCancelling] = useState<PaymentLink | null>(null);
  const cancel = useCancelPaymentLink();
  const cancelOnce = useMutationOnce(cancel);

  const askCancel = (link: PaymentLink) => {
    cancel.reset();
    setCancelling(link);
  };

  return (
    <RecordTableCard
      title="Payment Links"
      query={links}
      errorMessage={ONLINE_TEXTS.linksFailed}
      emptyText={ONLINE_TEXTS.noLinks}
      noun="links"
      perPage={LINKS_PER_PAGE}
      onPageChange={setPage}
      columns={columns(askCancel)}
    >
      <ConfirmModal
        opened={cancelling !== null}
        title="Cancel payment link"
        pending={cancelOnce.pending}
        error={cancel.error}
        errorTitle="Cancelling failed"
        errorFallback={ONLINE_TEXTS.actionFailed}
        cancelLabel="Keep link"
        confirmLabel="Cancel link"
        onClose={() => setCancelling(null)}
        onConfirm={() =>
          cancelling && cancelOnce.send(cancelling.id, { onSuccess: () => setCancelling(null) })
        }
      >
        {cancelling ? (
          <Text size="sm">
            Cancel the link for {cancelling.subscription_type.name} × {cancelling.duration} (
            {formatNaira(cancelling.amount)})? The member can no longer pay with it.
          </Text>
        ) : null}
      </ConfirmModal>
    </RecordTableCard>
  );
}
