import { Card } from '@mantine/core';
import { useNavigate } from 'react-router';
import { UPDATED_STATE } from '@/components/arrival-banner';
import { LoadError } from '@/components/load-error';
import { NotFoundState } from '@/components/not-found-state';
import { PageHeader } from '@/components/page-header';
import { PageLoader } from '@/components/page-loader';
import { useIdParam } from '@/components/use-id-param';
import { useSectionPath } from '@/components/use-section-path';
import { useSingleFlight } from '@/components/use-single-flight';
import { ApiError } from '@/lib/api-error';
import { usePageTitle } from '@/lib/use-page-title';
import { useMember, useUpdateMember } from '../api';
import { MemberForm } from '../components/member-form';
import {
  MEMBER_TEXTS,
  memberFormValues,
  toUpdateInput,
  type MemberFormValues,
} from '../member-form';
import { memberFullName } from '../member-format';

/** /members/{id}/edit: sends only what changed, then the details with the updated flag. */
export function MemberEditPage() {
  const id = useIdParam();
  const navigate = useNavigate();
  const sectionPath = useSectionPath();
  const member = useMember(id);
  const update = useUpdateMember(id);
  const flight = useSingleFlight();
  const details = sectionPath(`members/${id}`);
  usePageTitle(member.data ? `Edit ${memberFullName(member.data)}` : 'Edit member');
  const header = <PageHeader title="Edit Member" />;

  if (id === 0 || (member.error instanceof ApiError && member.error.status === 404))
    return (
      <>
        {header}
        <NotFoundState
          message={MEMBER_TEXTS.notFound}
          backTo={sectionPath('members')}
          backLabel="Back to Members"
        />
      </>
    );
  if (member.isError)
    return (
      <>
        {header}
        <LoadError
          message={MEMBER_TEXTS.detailFailed}
          error={member.error}
          onRetry={() => void member.refetch()}
        />
      </>
    );
  if (!member.data) return <PageLoader />;

  const initial = memberFormValues(member.data);
  const submit = (values: MemberFormValues) => {
    const changes = toUpdateInput(values, initial);
    // Nothing changed: nothing is sent.
    if (Object.keys(changes).length === 0) return void navigate(details);
    // A second click while the first is on its way sends nothing.
    if (!flight.begin()) return;
    update.mutate(changes, {
      onSettled: flight.end,
      onSuccess: () => void navigate(details, { state: UPDATED_STATE }),
    });
  };

  return (
    <>
      <PageHeader
        title="Edit Member"
        description={`${member.data.first_name} ${member.data.last_name} · ${member.data.member_id || 'No ID'}`}
      />
      <Card withBorder radius="lg" padding="lg" maw={880}>
        <MemberForm
          mode="edit"
          initialValues={initial}
          currentPlan={member.data.subscription_type}
          pending={update.isPending || flight.running}
          error={update.error}
          onSubmit={submit}
          onCancel={() => void navigate(details)}
        />
      </Card>
    </>
  );
}
