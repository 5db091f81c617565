import { Alert, Card } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { ErrorAlert } from '@/components/form-alerts';
import { ApiError } from '@/lib/api-error';
import { usePageTitle } from '@/lib/use-page-title';
import { LoadError } from '@/components/load-error';
import { NotFoundState } from '@/components/not-found-state';
import { PageHeader } from '@/components/page-header';
import { PageLoader } from '@/components/page-loader';
import { UPDATED_STATE } from '@/components/arrival-banner';
import { useSectionPath } from '@/components/use-section-path';
import { useSingleFlight } from '@/components/use-single-flight';
import { STAFF_PLANS_TOOLTIP, useCanManagePlans, usePlan, useUpdatePlan } from '../api';
import { PlanForm } from '../components/plan-form';
import {
  PLAN_EDIT_REDIRECT_MS,
  PLAN_TEXTS,
  planFormValues,
  toUpdateInput,
  type PlanFormValues,
} from '../plan-form';
import { useIdParam } from '@/components/use-id-param';

/** /subscription-plans/{id}/edit: sends only what changed, then opens the details after 3 s. */
export function PlanEditPage() {
  const id = useIdParam();
  const navigate = useNavigate();
  const sectionPath = useSectionPath();
  const canManage = useCanManagePlans();
  const plan = usePlan(id);
  const update = useUpdatePlan(id);
  const flight = useSingleFlight();
  const [done, setDone] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  usePageTitle(plan.data ? `Edit ${plan.data.name}` : 'Edit plan');

  const details = sectionPath(`subscription-plans/${id}`);
  const header = <PageHeader title="Edit Subscription Plan" />;
  const notFound = id === 0 || (plan.error instanceof ApiError && plan.error.status === 404);
  if (notFound)
    return (
      <>
        {header}
        <NotFoundState
          message={PLAN_TEXTS.notFound}
          backTo={sectionPath('subscription-plans')}
          backLabel="Back to Subscription Plans"
        />
      </>
    );
  if (plan.isError)
    return (
      <>
        {header}
        <LoadError
          message={PLAN_TEXTS.detailFailed}
          error={plan.error}
          onRetry={() => void plan.refetch()}
        />
      </>
    );
  if (!plan.data) return <PageLoader />;

  const initial = planFormValues(plan.data);
  const submit = (values: PlanFormValues) => {
    // A second click while the first is on its way sends nothing.
    if (!flight.begin()) return;
    update.mutate(toUpdateInput(values, initial), {
      onSettled: flight.end,
      onSuccess: () => {
        setDone(true);
        timer.current = setTimeout(
          () => void navigate(details, { state: UPDATED_STATE }),
          PLAN_EDIT_REDIRECT_MS,
        );
      },
    });
  };

  return (
    <>
      {header}
      <Card withBorder radius="lg" padding="lg" maw={720}>
        {done ? (
          <Alert
            color="green"
            title={PLAN_TEXTS.updated}
            icon={<IconCircleCheck size={18} aria-hidden />}
            role="status"
            mb="md"
          >
            {PLAN_TEXTS.redirecting}
          </Alert>
        ) : (
          <ErrorAlert
            error={update.error}
            title={PLAN_TEXTS.updateFailedTitle}
            fallback={PLAN_TEXTS.updateFailed}
            mb="md"
          />
        )}
        <PlanForm
          key={plan.data.updated_at}
          mode="edit"
          initialValues={initial}
          pending={update.isPending || flight.running}
          error={update.error}
          done={done}
          readOnlyReason={canManage ? null : STAFF_PLANS_TOOLTIP}
          onCancel={() => void navigate(details)}
          onSubmit={submit}
        />
      </Card>
    </>
  );
}
