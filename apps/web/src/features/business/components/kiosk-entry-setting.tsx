import { Stack, Switch } from '@mantine/core';
import { KIOSK_ENTRY_MESSAGES } from '@kora/shared';
import { ErrorAlert, SuccessAlert } from '@/components/form-alerts';
import { PageLoader } from '@/components/page-loader';
import { useKioskEntry, useSetKioskEntry } from '../api';

const KIOSK_ENTRY_TEXTS = {
  label: 'Typed entry with a PIN',
  hint: 'Members may type their phone or member ID with a PIN at the kiosk; off: cards only.',
  pinHint:
    'A member sets their PIN on their own page, or the desk sets it from their details (Set kiosk PIN).',
  saved: KIOSK_ENTRY_MESSAGES.entrySaved,
  saveFailed: 'We could not save the kiosk entry. Please try again.',
  loadFailed: 'We could not load the kiosk entry. Please try again.',
} as const;

/**
 * Settings → Front Desk → Kiosks (owners and admins): whether the kiosks take a typed phone or
 * member ID with the member's PIN, or cards only (the default). Saves as soon as it is switched.
 */
export function KioskEntrySetting() {
  const entry = useKioskEntry(true);
  const save = useSetKioskEntry();
  if (entry.isPending) return <PageLoader minHeight={60} />;
  if (entry.isError || !entry.data)
    return <ErrorAlert error={entry.error ?? true} fallback={KIOSK_ENTRY_TEXTS.loadFailed} />;
  return (
    <Stack gap="xs">
      <Switch
        label={KIOSK_ENTRY_TEXTS.label}
        description={`${KIOSK_ENTRY_TEXTS.hint} ${KIOSK_ENTRY_TEXTS.pinHint}`}
        checked={entry.data.typed_entry}
        disabled={save.isPending}
        onChange={(e) => {
          save.reset();
          save.mutate(e.currentTarget.checked);
        }}
      />
      <ErrorAlert error={save.error} fallback={KIOSK_ENTRY_TEXTS.saveFailed} />
      <SuccessAlert message={save.isSuccess ? KIOSK_ENTRY_TEXTS.saved : undefined} />
    </Stack>
  );
}
