import { Button, Center, Group, Stack, Text } from '@mantine/core';
import { IconPrinter } from '@tabler/icons-react';
import type { Member } from '@kora/shared';
import { AppModal } from '@/components/app-modal';
import { fullName } from '@/lib/format';
import classes from './print-card.module.css';

interface PrintCardModalProps {
  opened: boolean;
  onClose: () => void;
  /** The card's QR image. */
  qr: string | null;
  member: Member;
  gymName: string;
  gymLogoUrl: string | null;
}

/**
 * Print card: the card as it prints, the size of a bank card: the gym's name and logo, the
 * member's full name, picture and member ID, and the QR. Only the card goes to the printer.
 */
export function PrintCardModal({
  opened,
  onClose,
  qr,
  member,
  gymName,
  gymLogoUrl,
}: PrintCardModalProps) {
  const name = fullName(member.first_name, member.last_name);
  return (
    <AppModal opened={opened} onClose={onClose} title="Print card" size="auto">
      <Stack gap="md">
        <Center>
          <div className={classes.card} data-testid="printable-card">
            <div className={classes.details}>
              <div className={classes.gym}>
                {gymLogoUrl ? <img src={gymLogoUrl} alt="" /> : null}
                <span>{gymName}</span>
              </div>
              {member.picture_url ? (
                <img className={classes.photo} src={member.picture_url} alt={name} />
              ) : null}
              <div className={classes.name}>{name}</div>
              <div className={classes.id}>{member.member_id || ''}</div>
            </div>
            {qr ? <img className={classes.qr} src={qr} alt={`QR code of ${name}'s card`} /> : null}
          </div>
        </Center>
        <Text size="xs" c="dimmed" ta="center">
          Print on card stock, or on paper and cut along the edge.
        </Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            Close
          </Button>
          <Button
            leftSection={<IconPrinter size={16} aria-hidden />}
            onClick={() => window.print()}
          >
            Print
          </Button>
        </Group>
      </Stack>
    </AppModal>
  );
}
