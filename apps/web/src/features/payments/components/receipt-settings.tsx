import { Card, Stack, Switch, Title } from '@mantine/core';
import { NOT_ALLOWED } from '@kora/shared';
import { ErrorAlert, SuccessAlert } from '@/components/form-alerts';
import { PageLoader } from '@/components/page-loader';
import { useCan } from '@/lib/use-can';
import { useReceiptSettings, useSaveReceiptSettings } from '../api';

const RECEIPT_SETTINGS_TEXTS = {
  title: 'Receipts',
  label: 'Send receipts automatically',
  description:
    'After each payment recorded at the desk, the member gets its receipt by the channel they ' +
    'prefer (WhatsApp, SMS or e-mail, as for renewal reminders).',
  on: 'Receipts are now sent automatically after each desk payment.',
  off: 'Receipts are now sent only when you send them.',
  saveFailed: 'We could not save the receipt setting. Please try again.',
  loadFailed: 'We could not load the receipt setting. Please try again.',
} as const;

/**
 * Settings → Front Desk: "Send receipts automatically". It saves as soon as it is switched;
 * staff see it read-only, saying why.
 */
export function ReceiptSettings() {
  const settings = useReceiptSettings();
  const save = useSaveReceiptSettings();
  const canEdit = useCan('business.manage');
  const texts = RECEIPT_SETTINGS_TEXTS;
  if (settings.isPending) return <PageLoader minHeight={80} />;
  if (settings.isError || !settings.data)
    return <ErrorAlert error={settings.error ?? true} fallback={texts.loadFailed} />;
  const on = settings.data.auto_send;
  return (
    <Card withBorder radius="lg" padding="lg">
      <Stack gap="sm">
        <Title order={3} fz="h5">
          {texts.title}
        </Title>
        <Switch
          label={texts.label}
          description={canEdit ? texts.description : NOT_ALLOWED}
          checked={on}
          disabled={!canEdit || save.isPending}
          onChange={(event) => {
            save.reset();
            save.mutate(event.currentTarget.checked);
          }}
        />
        <ErrorAlert error={save.error} fallback={texts.saveFailed} />
        <SuccessAlert message={save.isSuccess ? (on ? texts.on : texts.off) : undefined} />
      </Stack>
    </Card>
  );
}
