import { Card } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useNavigate } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { useSectionPath } from '@/components/use-section-path';
import { useCreateSubmit } from '@/components/use-create-submit';
import { usePageTitle } from '@/lib/use-page-title';
import { useCreatePlan } from '../api';
import { PlanForm } from '../components/plan-form';
import { toCreateInput } from '../plan-form';

/** /subscription-plans/add: on success, the new plan's details (its entity_id). */
export function PlanAddPage() {
  const navigate = useNavigate();
  const sectionPath = useSectionPath();
  const create = useCreatePlan();
  usePageTitle('Create plan');
  const { submit, pending } = useCreateSubmit('plan-create', create, (answer) => {
    notifications.show({
      color: 'green',
      title: 'Subscription plan created',
      message: `${answer.data.name} is ready for new subscriptions.`,
    });
    return sectionPath(`subscription-plans/${answer.data.entity_id}`);
  });

  return (
    <>
      <PageHeader
        title="Create Subscription Plan"
        description="A plan your members can subscribe to: its price covers one plan period."
      />
      <Card withBorder radius="lg" padding="lg" maw={720}>
        <PlanForm
          mode="create"
          pending={pending}
          error={create.error}
          onCancel={() => void navigate(sectionPath('subscription-plans'))}
          onSubmit={(values) => submit(toCreateInput(values))}
        />
      </Card>
    </>
  );
}
