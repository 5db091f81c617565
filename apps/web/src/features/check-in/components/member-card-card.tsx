import { Button, Group, Menu, Skeleton, Stack, Text } from '@mantine/core';
import { IconChevronDown, IconPrinter, IconRefresh, IconSend } from '@tabler/icons-react';
import {
  CHECK_IN_MESSAGES,
  PRIVACY_MESSAGES,
  isErasedMember,
  type CardChannel,
  type Member,
} from '@kora/shared';
import { useState } from 'react';
import { Can } from '@/components/can';
import { ConfirmModal } from '@/components/confirm-modal';
import { ErrorAlert, SuccessAlert } from '@/components/form-alerts';
import { LoadError } from '@/components/load-error';
import { newIdempotencyKey } from '@/components/use-submission-key';
import { TitledCard } from '@/components/titled-card';
import { fullName } from '@/lib/format';
import { useMemberCard, useReplaceCard, useSendCard } from '../api';
import { useQrImage } from '../qr';
import { PrintCardModal } from './print-card-modal';

const CHANNELS: { value: CardChannel; label: string }[] = [
  { value: 'whatsapp', label: 'WhatsApp' },
  { value: 'sms', label: 'SMS' },
  { value: 'email', label: 'E-mail' },
];

export interface MemberCardCardProps {
  member: Member;
  /** The gym's name and logo, printed on the card. */
  gymName: string;
  gymLogoUrl: string | null;
}

/**
 * The member's card on their details page: the QR they show at the desk or the kiosk, Print
 * card, Send card (WhatsApp, SMS or e-mail), and Replace card (the old card stops working). An
 * erased member has no card: the card says so, offers nothing and asks the server for nothing.
 */
export function MemberCardCard(props: MemberCardCardProps) {
  if (isErasedMember(props.member))
    return (
      <TitledCard title="Card">
        <Text size="sm" c="dimmed">
          {PRIVACY_MESSAGES.noCard}
        </Text>
      </TitledCard>
    );
  return <LiveMemberCard {...props} />;
}

function LiveMemberCard({ member, gymName, gymLogoUrl }: MemberCardCardProps) {
  const card = useMemberCard(member.id);
  const qr = useQrImage(card.data?.card_code);
  const send = useSendCard(member.id);
  const [sent, setSent] = useState<string | null>(null);
  const [replaceKey, setReplaceKey] = useState<string | null>(null);
  const replace = useReplaceCard(member.id);
  const [replaced, setReplaced] = useState(false);
  const [printing, setPrinting] = useState(false);
  const name = fullName(member.first_name, member.last_name);

  const sendBy = (channel: CardChannel) => {
    setSent(null);
    setReplaced(false);
    send.mutate(channel, {
      onSuccess: (answer) => setSent(answer.message || CHECK_IN_MESSAGES.cardSent),
    });
  };

  return (
    <TitledCard title="Card">
      {card.isError ? (
        <LoadError
          message="The member's card could not be loaded."
          error={card.error}
          onRetry={() => void card.refetch()}
        />
      ) : (
        <Group align="flex-start" gap="lg" wrap="wrap">
          {qr ? (
            <img src={qr} alt={`QR code of ${name}'s card`} width={148} height={148} />
          ) : (
            <Skeleton w={148} h={148} aria-label="Loading the card" />
          )}
          <Stack gap="sm" style={{ flex: '1 1 220px' }}>
            <Text size="sm" c="dimmed">
              {name} shows this QR code at the front desk or the kiosk to check in.
            </Text>
            <SuccessAlert message={sent ?? (replaced ? CHECK_IN_MESSAGES.cardReplaced : null)} />
            <ErrorAlert error={send.error} fallback="The card could not be sent. Try again." />
            <Group gap="xs" wrap="wrap">
              <Button
                variant="light"
                leftSection={<IconPrinter size={16} aria-hidden />}
                disabled={!qr}
                onClick={() => setPrinting(true)}
              >
                Print card
              </Button>
              <Can action="communications.send">
                <Menu position="bottom-start">
                  <Menu.Target>
                    <Button
                      variant="light"
                      leftSection={<IconSend size={16} aria-hidden />}
                      rightSection={<IconChevronDown size={14} aria-hidden />}
                      loading={send.isPending}
                      disabled={!card.data}
                    >
                      Send card
                    </Button>
                  </Menu.Target>
                  <Menu.Dropdown>
                    {/* E-mail only for a member who has an address. */}
                    {CHANNELS.filter((c) => c.value !== 'email' || member.email_address).map(
                      (c) => (
                        <Menu.Item key={c.value} onClick={() => sendBy(c.value)}>
                          By {c.label}
                        </Menu.Item>
                      ),
                    )}
                  </Menu.Dropdown>
                </Menu>
              </Can>
              <Can action="members.write">
                <Button
                  variant="subtle"
                  color="red"
                  leftSection={<IconRefresh size={16} aria-hidden />}
                  disabled={!card.data}
                  onClick={() => {
                    replace.reset();
                    setReplaceKey(newIdempotencyKey());
                  }}
                >
                  Replace card
                </Button>
              </Can>
            </Group>
          </Stack>
        </Group>
      )}
      <ConfirmModal
        opened={replaceKey !== null}
        title="Replace this card?"
        onClose={() => setReplaceKey(null)}
        pending={replace.isPending}
        error={replace.error}
        errorFallback="The card could not be replaced. Try again."
        cancelLabel="Keep card"
        confirmLabel="Replace card"
        onConfirm={() =>
          replaceKey &&
          replace.mutate(replaceKey, {
            onSuccess: () => {
              setReplaceKey(null);
              setSent(null);
              setReplaced(true);
            },
          })
        }
      >
        <Text size="sm">The old card will stop working.</Text>
      </ConfirmModal>
      <PrintCardModal
        opened={printing}
        onClose={() => setPrinting(false)}
        qr={qr}
        member={member}
        gymName={gymName}
        gymLogoUrl={gymLogoUrl}
      />
    </TitledCard>
  );
}
