import { Button, Card, Text } from '@mantine/core';
import { IconListDetails, IconPlus } from '@tabler/icons-react';
import type { Plan } from '@kora/shared';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Can } from '@/components/can';
import { EmptyState } from '@/components/empty-state';
import { LoadError } from '@/components/load-error';
import { PageHeader } from '@/components/page-header';
import { PageLoader } from '@/components/page-loader';
import { useSectionPath } from '@/components/use-section-path';
import { usePageTitle } from '@/lib/use-page-title';
import { usePlans } from '@/lib/use-plans';
import { STAFF_PLANS_TOOLTIP, useCanManagePlans } from '../api';
import { DeletePlanModal } from '../components/delete-plan-modal';
import { PlansTable } from '../components/plans-table';
import { PLAN_TEXTS } from '../plan-form';

/** /subscription-plans: every plan of the business, active and inactive. */
export function PlansPage() {
  const navigate = useNavigate();
  const sectionPath = useSectionPath();
  const canManage = useCanManagePlans();
  const plans = usePlans();
  const [deleting, setDeleting] = useState<Plan | null>(null);
  usePageTitle('Subscription plans');
  const add = () => void navigate(sectionPath('subscription-plans/add'));

  const addButton = (label: string) => (
    <Can action="plans.manage" reason={STAFF_PLANS_TOOLTIP}>
      <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={add}>
        {label}
      </Button>
    </Can>
  );

  return (
    <>
      <PageHeader
        title="Subscription Plans"
        description="The plans your members can subscribe to."
        actions={addButton('Add Plan')}
      />
      {plans.isError ? (
        <LoadError
          message={PLAN_TEXTS.listFailed}
          error={plans.error}
          onRetry={() => void plans.refetch()}
        />
      ) : !plans.data ? (
        <PageLoader />
      ) : plans.data.length === 0 ? (
        <Card withBorder radius="lg" padding="xl">
          <EmptyState
            icon={IconListDetails}
            title="No subscription plans"
            text="Create a plan, such as a monthly membership, so you can subscribe members to it."
            action={addButton('Create First Plan')}
          />
        </Card>
      ) : (
        <Card withBorder radius="lg" padding={0}>
          <PlansTable
            plans={plans.data}
            canManage={canManage}
            onView={(p) => void navigate(sectionPath(`subscription-plans/${p.id}`))}
            onEdit={(p) => void navigate(sectionPath(`subscription-plans/${p.id}/edit`))}
            onDelete={setDeleting}
          />
          <Text size="sm" c="dimmed" px="md" py="sm">
            {`Showing ${plans.data.length} subscription plan(s)`}
          </Text>
        </Card>
      )}
      <DeletePlanModal plan={deleting} onClose={() => setDeleting(null)} />
    </>
  );
}
