import { Stack, Text } from '@mantine/core';
import { formatNaira, type PaymentLink } from '@kora/shared';
import { DonePanel } from '@/components/done-panel';
import { formatDateTime } from '@/lib/format';
import { sentToText } from '../online-format';
import { CopyField } from './copy-field';

/** A link just created: where it went, and the link itself to copy. */
export function LinkCreated({ link, onClose }: { link: PaymentLink; onClose: () => void }) {
  return (
    <DonePanel
      title="Payment link created"
      below={<CopyField label="Payment link" value={link.url} />}
      closeLabel="Done"
      onClose={onClose}
    >
      <Stack gap={4}>
        <Text size="sm">
          <strong>{formatNaira(link.amount)}</strong> for {link.subscription_type.name} ×{' '}
          {link.duration}.
        </Text>
        <Text size="sm">{sentToText(link.channel, link.sent_to)}</Text>
        <Text size="xs" c="dimmed">
          It can be paid until {formatDateTime(link.expires_at)}.
        </Text>
      </Stack>
    </DonePanel>
  );
}
