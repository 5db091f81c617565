import { Button, Card, CopyButton, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconCheck, IconCopy, IconExternalLink, IconPrinter } from '@tabler/icons-react';
import { useId } from 'react';

const MEMBERS_PAGE_TEXTS = {
  title: "Your members' page",
  description:
    'Members sign in here with their phone or e-mail to see their plan and card, renew, and keep ' +
    'their details up to date. Share it, or put the QR poster up at reception.',
  label: "Members' page address",
  copy: 'Copy',
  copied: 'Copied',
  open: 'Open',
  poster: 'Print QR poster',
} as const;

/** The QR poster of a members' page: its address, then /poster (a page made for printing). */
const posterUrlOf = (membersPageUrl: string) => `${membersPageUrl.replace(/\/+$/, '')}/poster`;

/**
 * Settings → Business Profile: the full address of the gym's members' page (`{APP_URL}/m/{code}`)
 * with Copy and Open, and a printable QR poster of it for the reception wall.
 */
export function MembersPageCard({ url }: { url: string }) {
  const id = useId();
  const external = { component: 'a', target: '_blank', rel: 'noopener noreferrer' } as const;
  return (
    <Card withBorder radius="lg" padding="lg">
      <Stack gap="sm">
        <Title order={3} fz="h5">
          {MEMBERS_PAGE_TEXTS.title}
        </Title>
        <Text size="sm" c="dimmed">
          {MEMBERS_PAGE_TEXTS.description}
        </Text>
        <TextInput
          id={id}
          label={MEMBERS_PAGE_TEXTS.label}
          value={url}
          readOnly
          onFocus={(e) => e.currentTarget.select()}
        />
        <Group gap="xs">
          <CopyButton value={url} timeout={2000}>
            {({ copied, copy }) => (
              <Button
                variant={copied ? 'filled' : 'light'}
                color={copied ? 'green' : undefined}
                onClick={copy}
                aria-describedby={`${id}-label`}
                leftSection={
                  copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />
                }
              >
                {copied ? MEMBERS_PAGE_TEXTS.copied : MEMBERS_PAGE_TEXTS.copy}
              </Button>
            )}
          </CopyButton>
          <Button
            {...external}
            href={url}
            variant="light"
            leftSection={<IconExternalLink size={16} aria-hidden />}
          >
            {MEMBERS_PAGE_TEXTS.open}
          </Button>
          <Button
            {...external}
            href={posterUrlOf(url)}
            variant="light"
            leftSection={<IconPrinter size={16} aria-hidden />}
          >
            {MEMBERS_PAGE_TEXTS.poster}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
