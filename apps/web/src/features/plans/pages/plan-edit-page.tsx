import { Card } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { UPDATED_STATE } from '@/components/arrival-banner';
import { SuccessAlert } from '@/components/form-alerts';
import { PageHeader } from '@/components/page-header';
import { RecordPage } from '@/components/record-page';
import { useIdParam } from '@/components/use-id-param';
import { useSectionPath } from '@/components/use-section-path';
import { useMutationOnce } from '@/components/use-single-flight';
import { usePageTitle } from '@/lib/use-page-title';
import { usePlan, useUpdatePlan } from '../api';
import { PlanForm } from '../components/plan-form';
import {
  PLAN_EDIT_REDIRECT_MS,
  PLAN_RECORD,
  PLAN_TEXTS,
  planFormValues,
  toUpdateInput,
  type PlanFormValues,
} from '../plan-form';

/** /subscription-plans/{id}/edit: sends only what changed, then opens the details after 3 s. */
export function PlanEditPage() {
  const id = useIdParam();
  const navigate = useNavigate();
  const sectionPath = useSectionPath();
  const plan = usePlan(id);
  const update = useUpdatePlan(id);
  const save = useMutationOnce(update);
  const [done, setDone] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  usePageTitle(plan.data ? `Edit ${plan.data.name}` : 'Edit plan');

  const details = sectionPath(`subscription-plans/${id}`);
  const submit = (initial: PlanFormValues, values: PlanFormValues) => {
    save.send(toUpdateInput(values, initial), {
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
    <RecordPage id={id} query={plan} of={PLAN_RECORD} title="Edit Subscription Plan">
      {(p) => {
        const initial = planFormValues(p);
        return (
          <>
            <PageHeader title="Edit Subscription Plan" />
            <Card withBorder radius="lg" padding="lg" maw={720}>
              {done ? (
                <SuccessAlert title={PLAN_TEXTS.updated} message={PLAN_TEXTS.redirecting} mb="md" />
              ) : null}
              <PlanForm
                key={p.updated_at}
                mode="edit"
                initialValues={initial}
                pending={save.pending}
                error={update.error}
                done={done}
                onCancel={() => void navigate(details)}
                onSubmit={(values) => submit(initial, values)}
              />
            </Card>
          </>
        );
      }}
    </RecordPage>
  );
}
