import { Button, Center, Group, Portal, Stack, Text } from '@mantine/core';
import { IconPrinter } from '@tabler/icons-react';
import type { Member } from '@kora/shared';
import { AppModal } from '@/components/app-modal';
import { fullName } from '@/lib/format';

/**
 * The card's look, the size of a bank card (85.6 mm × 54 mm), on screen and on paper. What
 * prints is a copy of the card placed straight under the page's body (outside the dialog, whose
 * animation would move it): when printing, only it shows, on a page of its size.
 */
const PRINT_CSS = `.kora-print-card {
  width: 85.6mm;
  height: 54mm;
  box-sizing: border-box;
  padding: 3mm;
  border: 1px solid var(--mantine-color-gray-4);
  border-radius: 3mm;
  background: white;
  color: black;
  display: flex;
  gap: 3mm;
  overflow: hidden;
}

.kora-print-card-details {
  flex: 1;
  min-width: 0;
  display: flex;
  flex-direction: column;
  gap: 1.5mm;
}

.kora-print-card-gym {
  display: flex;
  align-items: center;
  gap: 2mm;
  font-weight: 700;
  font-size: 9pt;
}

.kora-print-card-gym img {
  width: 7mm;
  height: 7mm;
  object-fit: contain;
}

.kora-print-card-name {
  font-weight: 800;
  font-size: 11pt;
  line-height: 1.15;
  overflow-wrap: anywhere;
}

.kora-print-card-id {
  font-size: 9pt;
  font-variant-numeric: tabular-nums;
}

.kora-print-card-photo {
  width: 16mm;
  height: 16mm;
  border-radius: 2mm;
  object-fit: cover;
}

.kora-print-card-qr {
  width: 30mm;
  height: 30mm;
  align-self: center;
}

.kora-print-sheet {
  display: none;
}

@media print {
  @page {
    size: 85.6mm 54mm;
    margin: 0;
  }

  body > *:not(.kora-print-sheet) {
    display: none !important;
  }

  .kora-print-sheet {
    display: block;
  }

  .kora-print-sheet .kora-print-card {
    border: none;
    border-radius: 0;
  }
}`;

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
  const face = { qr, member, gymName, gymLogoUrl };
  return (
    <AppModal opened={opened} onClose={onClose} title="Print card" size="auto">
      <style>{PRINT_CSS}</style>
      {opened ? (
        <Portal reuseTargetNode={false} className="kora-print-sheet">
          <CardFace {...face} />
        </Portal>
      ) : null}
      <Stack gap="md">
        <Center>
          <CardFace {...face} testId="printable-card" />
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

/** The card itself: the gym, the member's picture, full name and member ID, and the QR. */
function CardFace({
  qr,
  member,
  gymName,
  gymLogoUrl,
  testId,
}: Pick<PrintCardModalProps, 'qr' | 'member' | 'gymName' | 'gymLogoUrl'> & { testId?: string }) {
  const name = fullName(member.first_name, member.last_name);
  return (
    <div className="kora-print-card" data-testid={testId}>
      <div className="kora-print-card-details">
        <div className="kora-print-card-gym">
          {gymLogoUrl ? <img src={gymLogoUrl} alt="" /> : null}
          <span>{gymName}</span>
        </div>
        {member.picture_url ? (
          <img className="kora-print-card-photo" src={member.picture_url} alt={name} />
        ) : null}
        <div className="kora-print-card-name">{name}</div>
        <div className="kora-print-card-id">{member.member_id || ''}</div>
      </div>
      {qr ? (
        <img className="kora-print-card-qr" src={qr} alt={`QR code of ${name}'s card`} />
      ) : null}
    </div>
  );
}
