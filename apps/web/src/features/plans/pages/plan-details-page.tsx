import { Button, Stack } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { ArrivalBanner } from '@/components/arrival-banner';
import { Can } from '@/components/can';
import { RecordHeader, RecordPage } from '@/components/record-page';
import { useIdParam } from '@/components/use-id-param';
import { useSectionPath } from '@/components/use-section-path';
import { usePageTitle } from '@/lib/use-page-title';
import { STAFF_PLANS_TOOLTIP, usePlan } from '../api';
import { DeletePlanModal } from '../components/delete-plan-modal';
import { PlanStatsCard } from '../components/plan-stats-card';
import { PlanSummaryCard } from '../components/plan-summary-card';
import { PLAN_RECORD, PLAN_TEXTS, PLAN_UPDATED_BANNER_MS } from '../plan-form';

/** /subscription-plans/{id}. */
export function PlanDetailsPage() {
  const id = useIdParam();
  const navigate = useNavigate();
  const sectionPath = useSectionPath();
  const plan = usePlan(id);
  const [deleting, setDeleting] = useState(false);
  usePageTitle(plan.data?.name ?? 'Plan details');

  return (
    <RecordPage id={id} query={plan} of={PLAN_RECORD} title="Subscription Plan" backOnError>
      {(p) => (
        <Stack gap="md">
          <RecordHeader
            of={PLAN_RECORD}
            title={p.name}
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
          <ArrivalBanner title={PLAN_TEXTS.updated} ms={PLAN_UPDATED_BANNER_MS} />
          <PlanSummaryCard plan={p} />
          <PlanStatsCard planId={id} />
          <DeletePlanModal
            plan={deleting ? p : null}
            onClose={() => setDeleting(false)}
            onDeleted={() => void navigate(sectionPath(PLAN_RECORD.list))}
          />
        </Stack>
      )}
    </RecordPage>
  );
}
