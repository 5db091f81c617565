import { Card, Stack, Switch, Title } from '@mantine/core';
import { OWNER_ONLY, type UpdateBusinessInput } from '@kora/shared';
import { ErrorAlert, SuccessAlert } from '@/components/form-alerts';
import { PageLoader } from '@/components/page-loader';
import { useSession } from '@/lib/session';
import { useBusinessProfile, useUpdateBusiness } from '../api';

const STAFF_ALLOWANCE_TEXTS = {
  title: 'What staff may see and do',
  revenue: 'Staff see revenue',
  revenueHint:
    'Front-desk staff see the revenue cards and charts, the payment totals and the payments ' +
    'export. Off: they see the counts and lists the desk needs, not the takings.',
  discounts: 'Staff may give discounts',
  discountsHint:
    'Front-desk staff may take naira or a percent off a payment, with a reason. Owners and ' +
    'admins always may.',
  saved: 'Saved',
  saveFailed: 'We could not save the setting. Please try again.',
  loadFailed: 'We could not load your settings. Please try again.',
} as const;

type Allowance = 'staff_see_revenue' | 'staff_give_discounts';

/**
 * Settings → Front Desk: whether staff see revenue totals and whether they may give discounts.
 * Only the owner switches them (each saves at once and is written to the audit trail); admins
 * and staff see them read-only.
 */
export function StaffAllowanceSettings() {
  const business = useBusinessProfile();
  const update = useUpdateBusiness();
  const isOwner = useSession().user?.role === 'owner';
  if (business.isPending) return <PageLoader minHeight={80} />;
  if (business.isError || !business.data)
    return (
      <ErrorAlert error={business.error ?? true} fallback={STAFF_ALLOWANCE_TEXTS.loadFailed} />
    );
  const toggle = (field: Allowance, label: string, hint: string) => (
    <Switch
      label={label}
      description={isOwner ? hint : OWNER_ONLY}
      checked={business.data[field]}
      disabled={!isOwner || update.isPending}
      onChange={(e) => {
        update.reset();
        update.mutate({ [field]: e.currentTarget.checked } as UpdateBusinessInput);
      }}
    />
  );
  return (
    <Card withBorder radius="lg" padding="lg">
      <Stack gap="sm">
        <Title order={3} fz="h5">
          {STAFF_ALLOWANCE_TEXTS.title}
        </Title>
        {toggle(
          'staff_see_revenue',
          STAFF_ALLOWANCE_TEXTS.revenue,
          STAFF_ALLOWANCE_TEXTS.revenueHint,
        )}
        {toggle(
          'staff_give_discounts',
          STAFF_ALLOWANCE_TEXTS.discounts,
          STAFF_ALLOWANCE_TEXTS.discountsHint,
        )}
        <ErrorAlert error={update.error} fallback={STAFF_ALLOWANCE_TEXTS.saveFailed} />
        <SuccessAlert message={update.isSuccess ? STAFF_ALLOWANCE_TEXTS.saved : undefined} />
      </Stack>
    </Card>
  );
}
