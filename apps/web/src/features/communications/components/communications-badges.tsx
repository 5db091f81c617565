import { Badge } from '@mantine/core';
import type { CommunicationChannel, CommunicationStatus } from '@kora/shared';
import { CHANNEL_COLORS, STATUS_COLORS, channelLabel } from '../communications-format';

/** The channel a message goes by, in words: Email, SMS or WhatsApp. */
export function ChannelBadge({ channel }: { channel: CommunicationChannel }) {
  return (
    <Badge color={CHANNEL_COLORS[channel] ?? 'gray'} variant="light" tt="none">
      {channelLabel(channel)}
    </Badge>
  );
}

/** A message's status: SENT green, SCHEDULED blue, FAILED red, the others neutral. */
export function CommunicationStatusBadge({ status }: { status: CommunicationStatus }) {
  return (
    <Badge color={STATUS_COLORS[status] ?? 'gray'} variant="light">
      {status}
    </Badge>
  );
}
