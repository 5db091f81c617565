import { Button, Group, Menu, Stack, Text } from '@mantine/core';
import {
  IconBrandWhatsapp,
  IconChevronDown,
  IconExternalLink,
  IconMail,
  IconMessage,
  IconPrinter,
  IconSend,
} from '@tabler/icons-react';
import type { ReceiptChannel, ReceiptSize } from '@kora/shared';
import { useState } from 'react';
import { ErrorAlert, SuccessAlert } from '@/components/form-alerts';
import { errorMessage } from '@/lib/api-error';
import { formatPhone } from '@/lib/format';
import { useSendReceipt } from '../api';
import { openReceiptPdf, RECEIPT_PAPERS } from '../receipt-print';

/** The ways a receipt is sent, in the menu's order. */
const CHANNELS: { value: ReceiptChannel; label: string; icon: typeof IconMail }[] = [
  { value: 'whatsapp', label: 'WhatsApp', icon: IconBrandWhatsapp },
  { value: 'sms', label: 'SMS', icon: IconMessage },
  { value: 'email', label: 'E-mail', icon: IconMail },
];

const channelLabel = (channel: ReceiptChannel) =>
  CHANNELS.find((c) => c.value === channel)?.label ?? channel;

const RECEIPT_TEXTS = {
  sendFailed: 'The receipt could not be sent. Please try again.',
  printFailed: 'The receipt could not be opened. Please try again.',
} as const;

/** "Receipt IRON-000123 sent by WhatsApp to 0803 123 4567." */
const receiptSentText = (receiptNumber: string, channel: ReceiptChannel, to: string) =>
  `Receipt ${receiptNumber} sent by ${channelLabel(channel)} to ${
    channel === 'email' ? to : formatPhone(to)
  }.`;

interface ReceiptActionsProps {
  paymentId: number;
  receiptNumber: string;
  /** The receipt's public page: "View receipt" opens it (payment details). */
  receiptUrl?: string | null;
  /** The person is using the receipt's actions (the success panel then stays open). */
  onUse?: () => void;
}

/**
 * The receipt of a payment: Send receipt by WhatsApp, SMS or e-mail (queued like every message,
 * to the member's phone or e-mail address), Print receipt on an A4 page or an 80 mm thermal
 * roll, and View receipt (its public page) where the link is known. What was sent, or why it
 * could not be, shows under the buttons.
 */
export function ReceiptActions({
  paymentId,
  receiptNumber,
  receiptUrl,
  onUse,
}: ReceiptActionsProps) {
  const send = useSendReceipt(paymentId);
  const [printing, setPrinting] = useState(false);
  const [printError, setPrintError] = useState<string | null>(null);

  const print = async (size: ReceiptSize) => {
    onUse?.();
    setPrintError(null);
    setPrinting(true);
    try {
      await openReceiptPdf(paymentId, size, receiptNumber);
    } catch (error) {
      setPrintError(errorMessage(error, RECEIPT_TEXTS.printFailed));
    } finally {
      setPrinting(false);
    }
  };

  return (
    <Stack gap="xs" onPointerDownCapture={onUse} onKeyDownCapture={onUse}>
      <Group gap="xs" wrap="wrap">
        <Menu position="bottom-start" withinPortal>
          <Menu.Target>
            <Button
              variant="light"
              loading={send.isPending}
              leftSection={<IconSend size={16} aria-hidden />}
              rightSection={<IconChevronDown size={14} aria-hidden />}
            >
              Send receipt
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            {CHANNELS.map(({ value, label, icon: Icon }) => (
              <Menu.Item
                key={value}
                leftSection={<Icon size={16} aria-hidden />}
                onClick={() => {
                  onUse?.();
                  send.reset();
                  send.mutate(value);
                }}
              >
                {label}
              </Menu.Item>
            ))}
          </Menu.Dropdown>
        </Menu>
        <Menu position="bottom-start" withinPortal>
          <Menu.Target>
            <Button
              variant="default"
              loading={printing}
              leftSection={<IconPrinter size={16} aria-hidden />}
              rightSection={<IconChevronDown size={14} aria-hidden />}
            >
              Print receipt
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            {RECEIPT_PAPERS.map(({ value, label }) => (
              <Menu.Item key={value} onClick={() => void print(value)}>
                {label}
              </Menu.Item>
            ))}
          </Menu.Dropdown>
        </Menu>
        {receiptUrl ? (
          <Button
            component="a"
            href={receiptUrl}
            target="_blank"
            rel="noopener noreferrer"
            variant="subtle"
            leftSection={<IconExternalLink size={16} aria-hidden />}
          >
            View receipt
          </Button>
        ) : null}
      </Group>
      <SuccessAlert
        message={
          send.data
            ? receiptSentText(receiptNumber, send.data.data.channel, send.data.data.to)
            : undefined
        }
      />
      <ErrorAlert error={send.error} fallback={RECEIPT_TEXTS.sendFailed} />
      {printError ? (
        <Text size="sm" c="red" role="alert">
          {printError}
        </Text>
      ) : null}
    </Stack>
  );
}
