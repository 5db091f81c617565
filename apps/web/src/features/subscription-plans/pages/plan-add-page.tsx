import { Card } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useNavigate } from 'react-router';
import { ErrorAlert } from '@/components/form-alerts';
import { PageHeader } from '@/components/page-header';
import { useSectionPath } from '@/components/use-section-path';
import { STAFF_PLANS_TOOLTIP, useCanManagePlans, useCreatePlan } from '../api';
import { PlanForm } from '../components/plan-form';
import { PLAN_TEXTS, toCreateInput } from '../plan-form';

/** /subscription-plans/add: on success, the new plan's details (its entity_id). */
export function PlanAddPage() {
  const navigate = useNavigate();
  const sectionPath = useSectionPath();
  const canManage = useCanManagePlans();
  const create = useCreatePlan();

  return (
    <>
      <PageHeader
        title="Create Subscription Plan"
        description="A plan your members can subscribe to: its price covers one plan period."
      />
      <Card withBorder radius="lg" padding="lg" maw={720}>
        <ErrorAlert
          error={create.error}
          title={PLAN_TEXTS.createFailedTitle}
          fallback={PLAN_TEXTS.createFailed}
          mb="md"
        />
        <PlanForm
          mode="create"
          pending={create.isPending}
          error={create.error}
          readOnlyReason={canManage ? null : STAFF_PLANS_TOOLTIP}
          onCancel={() => void navigate(sectionPath('subscription-plans'))}
          onSubmit={(values) =>
            create.mutate(toCreateInput(values), {
              onSuccess: (answer) => {
                notifications.show({
                  color: 'green',
                  title: 'Subscription plan created',
                  message: `${answer.data.name} is ready for new subscriptions.`,
                });
                void navigate(sectionPath(`subscription-plans/${answer.data.entity_id}`));
              },
            })
          }
        />
      </Card>
    </>
  );
}
