import { Card } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useNavigate } from 'react-router';
import { ErrorAlert } from '@/components/form-alerts';
import { PageHeader } from '@/components/page-header';
import { useSectionPath } from '@/components/use-section-path';
import { useSubmissionKey } from '@/components/use-submission-key';
import { usePageTitle } from '@/lib/use-page-title';
import { STAFF_PLANS_TOOLTIP, useCanManagePlans, useCreatePlan } from '../api';
import { PlanForm } from '../components/plan-form';
import { PLAN_TEXTS, toCreateInput, type PlanFormValues } from '../plan-form';

/** /subscription-plans/add: on success, the new plan's details (its entity_id). */
export function PlanAddPage() {
  const navigate = useNavigate();
  const sectionPath = useSectionPath();
  const canManage = useCanManagePlans();
  const create = useCreatePlan();
  const submission = useSubmissionKey('plan-create');
  usePageTitle('Create plan');

  const submit = (values: PlanFormValues) => {
    const input = toCreateInput(values);
    // A second click while the first is on its way sends nothing.
    const key = submission.start(input);
    if (!key) return;
    create.mutate(
      { input, key },
      {
        onError: () => submission.settle(false),
        onSuccess: (answer) => {
          submission.settle(true);
          notifications.show({
            color: 'green',
            title: 'Subscription plan created',
            message: `${answer.data.name} is ready for new subscriptions.`,
          });
          void navigate(sectionPath(`subscription-plans/${answer.data.entity_id}`));
        },
      },
    );
  };

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
          pending={create.isPending || submission.sending}
          error={create.error}
          readOnlyReason={canManage ? null : STAFF_PLANS_TOOLTIP}
          onCancel={() => void navigate(sectionPath('subscription-plans'))}
          onSubmit={submit}
        />
      </Card>
    </>
  );
}
