import { Alert, List, Text } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { SMS_QUIET_HOURS, smsParts, type CommunicationChannel } from '@kora/shared';

/** 20 → "8 pm", 8 → "8 am". */
const hour = (h: number) => `${h % 12 || 12} ${h < 12 ? 'am' : 'pm'}`;

const QUIET_HOURS_NOTE = `Promotional SMS are held between ${hour(SMS_QUIET_HOURS.from)} and ${hour(SMS_QUIET_HOURS.to)} (Lagos time) and go out at ${hour(SMS_QUIET_HOURS.to)}.`;

/** "45 characters · 1 SMS part"; the Unicode note when a character needs it. */
const smsCountText = (text: string) => {
  const { characters, parts, encoding } = smsParts(text);
  const count = `${characters} ${characters === 1 ? 'character' : 'characters'} · ${parts} SMS ${parts === 1 ? 'part' : 'parts'}`;
  return encoding === 'UCS-2' ? `${count} (special characters or emojis: 70 per part)` : count;
};

interface ChannelTipsProps {
  channel: CommunicationChannel | '';
  /** The editor's text, for the SMS count. */
  text: string;
  /** The business's name, for the e-mail subject. */
  businessName?: string;
}

/** What to know of the chosen channel: the e-mail subject, the SMS length and hours, WhatsApp's marks. */
export function ChannelTips({ channel, text, businessName }: ChannelTipsProps) {
  if (!channel) return null;
  return (
    <Alert color="blue" variant="light" icon={<IconInfoCircle size={18} aria-hidden />}>
      {channel === 'email' ? (
        <Text size="sm">
          Email uses an auto-generated subject: Message from {businessName || 'your business'}.
        </Text>
      ) : channel === 'sms' ? (
        <List size="sm" spacing={2}>
          <List.Item>SMS is best under 160 characters.</List.Item>
          <List.Item>
            <span aria-live="polite">{smsCountText(text)}</span> (placeholders count as typed; the
            names filled in may make it longer).
          </List.Item>
          <List.Item>{QUIET_HOURS_NOTE}</List.Item>
        </List>
      ) : (
        <Text size="sm">WhatsApp supports *bold*, _italic_, ~strikethrough~ and emojis.</Text>
      )}
    </Alert>
  );
}
