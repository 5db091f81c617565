import { Card, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { Member } from '@kora/shared';
import { useEffect, useState, type ReactNode } from 'react';
import { FieldError } from '@/components/form-alerts';
import { ImagePickButton } from '@/components/image-pick-button';
import { errorMessage } from '@/lib/api-error';
import { imageFileError } from '@/lib/upload';
import { useUploadMemberPicture } from '../api';
import { MEMBER_TEXTS } from '../member-form';
import { MemberAvatar } from './member-avatar';

/** The picture with Upload / Edit Picture; uploads as soon as a good file is chosen. */
export function MemberPictureCard({ member, children }: { member: Member; children: ReactNode }) {
  const upload = useUploadMemberPicture(member.id);
  const [error, setError] = useState<string | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  useEffect(() => () => (preview ? URL.revokeObjectURL(preview) : undefined), [preview]);

  const pick = (file: File | null) => {
    if (!file) return;
    const invalid = imageFileError(file);
    setError(invalid);
    if (invalid) return;
    setPreview(URL.createObjectURL(file));
    upload.mutate(file, {
      onSettled: () => setPreview(null),
      onError: (e) =>
        notifications.show({
          color: 'red',
          title: MEMBER_TEXTS.uploadFailedTitle,
          message: errorMessage(e, MEMBER_TEXTS.uploadFailed),
        }),
    });
  };

  return (
    <Card withBorder radius="lg" padding="lg">
      <Stack align="center" gap="sm" ta="center">
        <MemberAvatar
          member={member}
          previewUrl={preview}
          size={112}
          style={{ opacity: upload.isPending ? 0.6 : 1 }}
        />
        <ImagePickButton
          label={member.picture_url ? 'Edit Picture' : 'Upload Picture'}
          inputLabel="Member picture"
          onPick={pick}
          loading={upload.isPending}
          size="xs"
        />
        <FieldError message={error} />
        {children}
      </Stack>
    </Card>
  );
}
