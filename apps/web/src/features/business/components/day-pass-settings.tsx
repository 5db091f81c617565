import { Card, Select, Stack, Text, Title } from '@mantine/core';
import { NOT_ALLOWED, type BusinessProfile, type Plan } from '@kora/shared';
import { ErrorAlert, SuccessAlert } from '@/components/form-alerts';
import { PageLoader } from '@/components/page-loader';
import { useCan } from '@/lib/use-can';
import { usePlans } from '@/lib/use-plans';
import { useBusinessProfile, useUpdateBusiness } from '../api';

const DAY_PASS_TEXTS = {
  title: 'Day passes',
  label: 'Day-pass plan',
  description: 'What a walk-in pays for one day at the desk.',
  none: 'No day passes',
  noPlans: 'To sell day passes, first add an active plan of 1 day (for one person) in Plans.',
  saved: 'Day-pass plan saved',
  saveFailed: 'We could not save the day-pass plan. Please try again.',
  loadFailed: 'We could not load your plans. Please try again.',
} as const;

const NONE = 'none';

/** A plan a day pass can sell: active, for one person, of exactly 1 day. */
const isDayPlan = (p: Plan) =>
  p.is_active === 1 && p.is_grouped === 0 && p.duration === 1 && p.duration_type === 'day';

/** The select's label of a plan: its name and price. */
const optionLabel = (p: Plan) => `${p.name} (₦${p.amount.toLocaleString('en-NG')})`;

/**
 * Settings → Front Desk: the plan a day pass sells (a plan of 1 day), or none. It saves as soon
 * as it is chosen. Staff see it read-only.
 */
export function DayPassSettings() {
  const business = useBusinessProfile();
  const plans = usePlans();
  const update = useUpdateBusiness();
  const canEdit = useCan('business.manage');
  if (business.isPending || plans.isPending) return <PageLoader minHeight={120} />;
  if (business.isError || plans.isError || !business.data || !plans.data)
    return (
      <ErrorAlert
        error={business.error ?? plans.error ?? true}
        fallback={DAY_PASS_TEXTS.loadFailed}
      />
    );
  return (
    <DayPassCard business={business.data} plans={plans.data} canEdit={canEdit} update={update} />
  );
}

interface DayPassCardProps {
  business: BusinessProfile;
  plans: Plan[];
  canEdit: boolean;
  update: ReturnType<typeof useUpdateBusiness>;
}

function DayPassCard({ business, plans, canEdit, update }: DayPassCardProps) {
  const chosen = business.day_pass_plan_id;
  const choices = plans.filter((p) => isDayPlan(p) || p.id === chosen);
  const data = [
    { value: NONE, label: DAY_PASS_TEXTS.none },
    ...choices.map((p) => ({ value: String(p.id), label: optionLabel(p) })),
  ];
  const dayPlans = plans.filter(isDayPlan);
  return (
    <Card withBorder radius="lg" padding="lg">
      <Stack gap="sm">
        <Title order={3} fz="h5">
          {DAY_PASS_TEXTS.title}
        </Title>
        <Select
          label={DAY_PASS_TEXTS.label}
          description={canEdit ? DAY_PASS_TEXTS.description : NOT_ALLOWED}
          data={data}
          value={chosen === null ? NONE : String(chosen)}
          allowDeselect={false}
          disabled={!canEdit || update.isPending}
          maw={420}
          onChange={(value) => {
            if (!value) return;
            update.reset();
            update.mutate({ day_pass_plan_id: value === NONE ? null : Number(value) });
          }}
        />
        {dayPlans.length === 0 ? (
          <Text size="sm" c="dimmed">
            {DAY_PASS_TEXTS.noPlans}
          </Text>
        ) : null}
        <ErrorAlert error={update.error} fallback={DAY_PASS_TEXTS.saveFailed} />
        <SuccessAlert message={update.isSuccess ? DAY_PASS_TEXTS.saved : undefined} />
      </Stack>
    </Card>
  );
}
