import { Stack, Text, TextInput } from '@mantine/core';
import { formatDay, lagosDay } from '@kora/shared';
import { useState } from 'react';
import { ConfirmModal } from '@/components/confirm-modal';
import { SuccessAlert } from '@/components/form-alerts';
import { useConfirmDay } from '../api';

const CONFIRM_DAY_TEXTS = {
  title: 'Confirm all transfers of a day',
  failedTitle: 'The transfers were not confirmed',
  failed: 'An error occurred while confirming the transfers. Please try again.',
  dayRequired: 'Choose the day the transfers were paid',
  dayInFuture: 'Choose today or an earlier day',
} as const;

/** "3 transfers of 25 Nov 2026 confirmed." */
const confirmedDayText = (count: number, day: string) =>
  count === 0
    ? `No unconfirmed transfer was paid on ${formatDay(day)}.`
    : `${count} transfer${count === 1 ? '' : 's'} of ${formatDay(day)} confirmed.`;

interface ConfirmDayModalProps {
  opened: boolean;
  onClose: () => void;
  /** The day it starts on: the newest unconfirmed transfer's, or today. */
  day: string;
}

/**
 * Owners and admins tick a whole day's desk transfers against the bank statement at once: every
 * unconfirmed transfer paid on that Lagos day is marked confirmed. Says how many were.
 */
export function ConfirmDayModal({ opened, onClose, day: startDay }: ConfirmDayModalProps) {
  const confirm = useConfirmDay();
  const [day, setDay] = useState(startDay);
  const [shown, setShown] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const today = lagosDay();

  const close = () => {
    confirm.reset();
    setShown(null);
    setDone(null);
    onClose();
  };
  const send = () => {
    const error = !day
      ? CONFIRM_DAY_TEXTS.dayRequired
      : day > today
        ? CONFIRM_DAY_TEXTS.dayInFuture
        : null;
    setShown(error);
    if (error) return;
    confirm.mutate(day, {
      onSuccess: (answer) => setDone(confirmedDayText(answer.data.confirmed, day)),
    });
  };

  return (
    <ConfirmModal
      opened={opened}
      title={CONFIRM_DAY_TEXTS.title}
      onClose={close}
      pending={confirm.isPending}
      error={confirm.error}
      errorTitle={CONFIRM_DAY_TEXTS.failedTitle}
      errorFallback={CONFIRM_DAY_TEXTS.failed}
      cancelLabel={done ? 'Close' : 'Cancel'}
      confirmLabel="Confirm all"
      confirmDisabled={done !== null}
      danger={false}
      onConfirm={send}
    >
      <Stack gap="sm">
        <Text size="sm">
          Every unconfirmed transfer recorded at the desk and paid on this day is marked as
          received. Check them against your bank statement first.
        </Text>
        <TextInput
          label="Day paid"
          type="date"
          withAsterisk
          max={today}
          value={day}
          error={shown}
          onChange={(e) => {
            setDay(e.currentTarget.value);
            setShown(null);
            setDone(null);
            confirm.reset();
          }}
        />
        <SuccessAlert message={done ?? undefined} />
      </Stack>
    </ConfirmModal>
  );
}
