import { Card, Stack, Switch, Title } from '@mantine/core';
import { NOT_ALLOWED } from '@kora/shared';
import { ErrorAlert, SuccessAlert } from '@/components/form-alerts';
import { PageLoader } from '@/components/page-loader';
import { useCan } from '@/lib/use-can';
import { useBusinessProfile, useUpdateBusiness } from '../api';

const FREEZE_SETTING_TEXTS = {
  title: 'Freezes',
  label: "Approve members' freeze requests automatically",
  description:
    "When a member's request keeps to their plan's rules, it is approved at once; otherwise it " +
    'waits for you on the dashboard.',
  on: 'Freeze requests within the rules are now approved automatically',
  off: 'Freeze requests now wait for your approval',
  saveFailed: 'We could not save the setting. Please try again.',
  loadFailed: 'We could not load your settings. Please try again.',
} as const;

/**
 * Settings → Front Desk: whether members' freeze requests that keep to their plan's rules are
 * approved without waiting. It saves as soon as it is switched. Staff see it read-only.
 */
export function FreezeSettings() {
  const business = useBusinessProfile();
  const update = useUpdateBusiness();
  const canEdit = useCan('business.manage');
  if (business.isPending) return <PageLoader minHeight={80} />;
  if (business.isError || !business.data)
    return <ErrorAlert error={business.error ?? true} fallback={FREEZE_SETTING_TEXTS.loadFailed} />;
  const on = business.data.freeze_auto_approve;
  return (
    <Card withBorder radius="lg" padding="lg">
      <Stack gap="sm">
        <Title order={3} fz="h5">
          {FREEZE_SETTING_TEXTS.title}
        </Title>
        <Switch
          label={FREEZE_SETTING_TEXTS.label}
          description={canEdit ? FREEZE_SETTING_TEXTS.description : NOT_ALLOWED}
          checked={on}
          disabled={!canEdit || update.isPending}
          onChange={(e) => {
            update.reset();
            update.mutate({ freeze_auto_approve: e.currentTarget.checked });
          }}
        />
        <ErrorAlert error={update.error} fallback={FREEZE_SETTING_TEXTS.saveFailed} />
        <SuccessAlert
          message={
            update.isSuccess ? (on ? FREEZE_SETTING_TEXTS.on : FREEZE_SETTING_TEXTS.off) : undefined
          }
        />
      </Stack>
    </Card>
  );
}
