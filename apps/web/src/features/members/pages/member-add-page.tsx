import { Card } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { useSectionPath } from '@/components/use-section-path';
import { useCreateSubmit } from '@/components/use-create-submit';
import { errorMessage } from '@/lib/api-error';
import { usePageTitle } from '@/lib/use-page-title';
import { useAddMemberPicture, useCreateMember } from '../api';
import { MemberForm } from '../components/member-form';
import { NewMemberPicture } from '../components/new-member-picture';
import { MEMBER_TEXTS, toCreateInput } from '../member-form';

/** /members/add: creates the member, uploads the chosen picture, then back to /members. */
export function MemberAddPage() {
  const navigate = useNavigate();
  const sectionPath = useSectionPath();
  const create = useCreateMember();
  const addPicture = useAddMemberPicture();
  const [picture, setPicture] = useState<File | null>(null);
  const [uploading, setUploading] = useState(false);
  const list = sectionPath('members');
  usePageTitle('Add member');
  const { submit, pending } = useCreateSubmit('member-create', create, async (answer) => {
    const member = answer.data;
    if (picture) {
      setUploading(true);
      try {
        await addPicture(member.id, picture);
      } catch (error) {
        notifications.show({
          color: 'red',
          title: MEMBER_TEXTS.uploadFailedTitle,
          message: errorMessage(error, MEMBER_TEXTS.uploadFailed),
        });
      }
    }
    notifications.show({
      color: 'green',
      title: 'Member added',
      message: `${member.first_name} ${member.last_name} (${member.member_id}) has been added.`,
    });
    return list;
  });

  return (
    <>
      <PageHeader title="Add Member" description="Register a new member of your gym." />
      <Card withBorder radius="lg" padding="lg" maw={880}>
        <MemberForm
          mode="create"
          pending={pending || uploading}
          error={create.error}
          onSubmit={(values) => submit(toCreateInput(values))}
          onCancel={() => void navigate(list)}
          top={<NewMemberPicture file={picture} onChange={setPicture} />}
        />
      </Card>
    </>
  );
}
