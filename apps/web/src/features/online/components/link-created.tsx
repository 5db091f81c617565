import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { formatNaira, type PaymentLink } from '@kora/shared';
import { formatDateTime } from '@/lib/format';
import { sentToText } from '../online-format';
import { CopyField } from './copy-field';

/** A link just created: where it went, and the link itself to copy. */
export function LinkCreated({ link, onClose }: { link: PaymentLink; onClose: () => void }) {
  return (
    <Stack gap="md">
      <Alert
        color="green"
        variant="light"
        title="Payment link created"
        icon={<IconCircleCheck size={20} aria-hidden />}
        role="status"
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
      </Alert>
      <CopyField label="Payment link" value={link.url} />
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          Done
        </Button>
      </Group>
    </Stack>
  );
}
