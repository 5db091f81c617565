import { Group, Text } from '@mantine/core';
import { IconUsers } from '@tabler/icons-react';
import type { CommunicationChannel, CommunicationGroup, CommunicationPurpose } from '@kora/shared';
import { useAudience } from '../api';
import { audienceText, skippedText } from '../communications-format';
import { InlineLoader } from '@/components/inline-loader';

/** Who the message will reach, once a group and a channel are chosen. */
export function AudienceNote({
  group,
  channel,
  purpose = '',
}: {
  group: CommunicationGroup | '';
  channel: CommunicationChannel | '';
  purpose?: CommunicationPurpose | '';
}) {
  const audience = useAudience(group, channel, purpose);
  if (!group || !channel) return null;
  if (audience.isError) return null;
  if (!audience.data) return <InlineLoader>Counting recipients...</InlineLoader>;
  const { recipients, skipped, no_consent: noConsent } = audience.data;
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
        {purpose === 'promotion' && noConsent > 0 ? (
          <Text size="sm" c="dimmed">
            {noConsent === 1
              ? '1 member did not agree to offers: a promotion does not go to them.'
              : `${noConsent.toLocaleString('en-NG')} members did not agree to offers: a promotion does not go to them.`}
          </Text>
        ) : null}
      </div>
    </Group>
  );
}
