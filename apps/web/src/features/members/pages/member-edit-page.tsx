import { Card, Checkbox } from '@mantine/core';
import type { Member, UpdateMemberInput } from '@kora/shared';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { UPDATED_STATE } from '@/components/arrival-banner';
import { PageHeader } from '@/components/page-header';
import { RecordPage } from '@/components/record-page';
import { useIdParam } from '@/components/use-id-param';
import { useSectionPath } from '@/components/use-section-path';
import { useMutationOnce } from '@/components/use-single-flight';
import { usePageTitle } from '@/lib/use-page-title';
import { useMember, useUpdateMember } from '../api';
import { MemberForm } from '../components/member-form';
import {
  MEMBER_RECORD,
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
  const save = useMutationOnce(update);
  const details = sectionPath(`members/${id}`);
  usePageTitle(member.data ? `Edit ${memberFullName(member.data)}` : 'Edit member');

  return (
    <RecordPage id={id} query={member} of={MEMBER_RECORD} title="Edit Member">
      {(m) => (
        <EditMember
          member={m}
          pending={save.pending}
          error={update.error}
          onSave={(changes) => {
            // Nothing changed: nothing is sent.
            if (Object.keys(changes).length === 0) return void navigate(details);
            save.send(changes, {
              onSuccess: () => void navigate(details, { state: UPDATED_STATE }),
            });
          }}
          onCancel={() => void navigate(details)}
        />
      )}
    </RecordPage>
  );
}

/** The edit form of one member, with the renewal reminders opt-out under the fields. */
function EditMember(props: {
  member: Member;
  pending: boolean;
  error: unknown;
  onSave: (changes: UpdateMemberInput) => void;
  onCancel: () => void;
}) {
  const { member: m } = props;
  const [optOut, setOptOut] = useState(m.reminders_opt_out);
  const initial = memberFormValues(m);
  const submit = (values: MemberFormValues) =>
    props.onSave({
      ...toUpdateInput(values, initial),
      ...(optOut !== m.reminders_opt_out ? { reminders_opt_out: optOut } : {}),
    });
  return (
    <>
      <PageHeader
        title="Edit Member"
        description={`${m.first_name} ${m.last_name} · ${m.member_id || 'No ID'}`}
      />
      <Card withBorder radius="lg" padding="lg" maw={880}>
        <MemberForm
          mode="edit"
          initialValues={initial}
          currentPlan={m.subscription_type}
          pending={props.pending}
          error={props.error}
          onSubmit={submit}
          onCancel={props.onCancel}
          bottom={
            <Checkbox
              label="No renewal reminders"
              description="The member asked not to get automatic renewal reminders."
              checked={optOut}
              onChange={(e) => setOptOut(e.currentTarget.checked)}
            />
          }
        />
      </Card>
    </>
  );
}
