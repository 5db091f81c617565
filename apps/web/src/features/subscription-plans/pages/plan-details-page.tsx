import { Button, Stack } from '@mantine/core';
import { IconArrowLeft, IconPencil, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { ArrivalBanner } from '@/components/arrival-banner';
import { Can } from '@/components/can';
import { LoadError } from '@/components/load-error';
import { NotFoundState } from '@/components/not-found-state';
import { PageHeader } from '@/components/page-header';
import { PageLoader } from '@/components/page-loader';
import { useSectionPath } from '@/components/use-section-path';
import { ApiError } from '@/lib/api-error';
import { usePageTitle } from '@/lib/use-page-title';
import { STAFF_PLANS_TOOLTIP, usePlan } from '../api';
import { DeletePlanModal } from '../components/delete-plan-modal';
import { PlanStatsCard } from '../components/plan-stats-card';
import { PlanSummaryCard } from '../components/plan-summary-card';
import { PLAN_TEXTS, PLAN_UPDATED_BANNER_MS } from '../plan-form';
import { useIdParam } from '@/components/use-id-param';

/** /subscription-plans/{id}. */
export function PlanDetailsPage() {
  const id = useIdParam();
  const navigate = useNavigate();
  const sectionPath = useSectionPath();
  const plan = usePlan(id);
  const [deleting, setDeleting] = useState(false);
  const list = sectionPath('subscription-plans');
  usePageTitle(plan.data?.name ?? 'Plan details');

  const back = (
    <Button
      component={Link}
      to={list}
      variant="subtle"
      leftSection={<IconArrowLeft size={16} aria-hidden />}
      px={0}
      mb="xs"
    >
      Back to Subscription Plans
    </Button>
  );

  if (id === 0 || (plan.error instanceof ApiError && plan.error.status === 404))
    return (
      <>
        <PageHeader title="Subscription Plan" />
        <NotFoundState
          message={PLAN_TEXTS.notFound}
          backTo={list}
          backLabel="Back to Subscription Plans"
        />
      </>
    );
  if (plan.isError)
    return (
      <>
        {back}
        <LoadError
          message={PLAN_TEXTS.detailFailed}
          error={plan.error}
          onRetry={() => void plan.refetch()}
        />
      </>
    );
  if (!plan.data) return <PageLoader />;

  return (
    <Stack gap="md">
      <div>
        {back}
        <PageHeader
          title={plan.data.name}
          description="Subscription plan details"
          actions={
            <>
              <Can action="plans.manage" reason={STAFF_PLANS_TOOLTIP}>
                <Button
                  component={Link}
                  to={sectionPath(`subscription-plans/${id}/edit`)}
                  leftSection={<IconPencil size={16} aria-hidden />}
                >
                  Edit Plan
                </Button>
              </Can>
              <Can action="plans.manage" reason={STAFF_PLANS_TOOLTIP}>
                <Button
                  color="red"
                  variant="light"
                  leftSection={<IconTrash size={16} aria-hidden />}
                  onClick={() => setDeleting(true)}
                >
                  Delete Plan
                </Button>
              </Can>
            </>
          }
        />
      </div>
      <ArrivalBanner title={PLAN_TEXTS.updated} ms={PLAN_UPDATED_BANNER_MS} />
      <PlanSummaryCard plan={plan.data} />
      <PlanStatsCard planId={id} />
      <DeletePlanModal
        plan={deleting ? plan.data : null}
        onClose={() => setDeleting(false)}
        onDeleted={() => void navigate(list)}
      />
    </Stack>
  );
}
