import { Card, Stack, Switch, Text, Title } from '@mantine/core';
import { NOT_ALLOWED } from '@kora/shared';
import { ErrorAlert, SuccessAlert } from '@/components/form-alerts';
import { PageLoader } from '@/components/page-loader';
import { useCan } from '@/lib/use-can';
import { useBusinessProfile, useUpdateBusiness } from '../api';

const PROMOTIONS_TEXTS = {
  title: 'Promotions',
  label: 'Send promotions only to members who said yes',
  on: 'A promotion reaches only members who agreed to offers and news.',
  off: 'A promotion reaches every member except those who said no (members never asked included).',
  saved: 'Promotions setting saved',
  saveFailed: 'We could not save the setting. Please try again.',
  loadFailed: 'We could not load your settings. Please try again.',
} as const;

/**
 * Settings: whether a Promotion goes only to members who said yes to offers, or also to those
 * never asked. Service notices always reach everyone. Saves when switched; staff see it
 * read-only.
 */
export function PromotionsSettings() {
  const business = useBusinessProfile();
  const update = useUpdateBusiness();
  const canEdit = useCan('business.manage');
  if (business.isPending) return <PageLoader minHeight={80} />;
  if (business.isError || !business.data)
    return <ErrorAlert error={business.error ?? true} fallback={PROMOTIONS_TEXTS.loadFailed} />;
  const on = business.data.promotions_need_consent;
  return (
    <Card withBorder radius="lg" padding="lg">
      <Stack gap="sm">
        <Title order={3} fz="h5">
          {PROMOTIONS_TEXTS.title}
        </Title>
        <Switch
          label={PROMOTIONS_TEXTS.label}
          checked={on}
          disabled={!canEdit || update.isPending}
          onChange={(e) => {
            update.reset();
            update.mutate({ promotions_need_consent: e.currentTarget.checked });
          }}
        />
        <Text size="sm" c="dimmed">
          {canEdit ? (on ? PROMOTIONS_TEXTS.on : PROMOTIONS_TEXTS.off) : NOT_ALLOWED}
        </Text>
        <ErrorAlert error={update.error} fallback={PROMOTIONS_TEXTS.saveFailed} />
        <SuccessAlert message={update.isSuccess ? PROMOTIONS_TEXTS.saved : undefined} />
      </Stack>
    </Card>
  );
}
