import { Group, Text } from '@mantine/core';
import { IconUsers } from '@tabler/icons-react';
import type { CommunicationChannel, CommunicationGroup } from '@kora/shared';
import { useAudience } from '../api';
import { audienceText, skippedText } from '../communications-format';
import { InlineLoader } from '@/components/inline-loader';

/** Who the message will reach, once a group and a channel are chosen. */
export function AudienceNote({
  group,
  channel,
}: {
  group: CommunicationGroup | '';
  channel: CommunicationChannel | '';
}) {
  const audience = useAudience(group, channel);
  if (!group || !channel) return null;
  if (audience.isError) return null;
  if (!audience.data) return <InlineLoader>Counting recipients...</InlineLoader>;
  const { recipients, skipped } = audience.data;
  return (
    <Group gap="xs" wrap="nowrap" align="flex-start" role="status">
      <IconUsers size={18} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
      <div>
        <Text size="sm" fw={600}>
          {audienceText(recipients)}
        </Text>
        {skipped > 0 ? (
          <Text size="sm" c="dimmed">
            {skippedText(skipped, channel)}
          </Text>
        ) : null}
      </div>
    </Group>
  );
}
