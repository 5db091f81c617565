import { Alert, Avatar, Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconRosetteDiscountCheck } from '@tabler/icons-react';
import type { UserProfile } from '@kora/shared';
import { SuccessAlert } from '@/components/form-alerts';
import { useImagePick } from '@/components/form/use-image-pick';
import { ImagePickButton } from '@/components/image-pick-button';
import { errorMessage } from '@/lib/api-error';
import { fullName, initials } from '@/lib/format';
import { useTimedMessage } from '@/lib/use-timed-message';
import { useUploadPicture } from '../api';

export const PICTURE_FAILED = 'Failed to upload picture.';
const PICTURE_UPDATED = 'Profile picture updated successfully!';

/** Avatar, name, e-mail, verified and role badges, and the picture upload. */
export function ProfileSummary({ profile }: { profile: UserProfile }) {
  const upload = useUploadPicture();
  const success = useTimedMessage(5000);
  const { error: fileError, pick } = useImagePick((file) =>
    upload.mutate(file, { onSuccess: () => success.show(PICTURE_UPDATED) }),
  );

  const error = fileError ?? (upload.isError ? errorMessage(upload.error, PICTURE_FAILED) : null);
  const name = fullName(profile.first_name, profile.last_name);

  return (
    <Card withBorder radius="lg" padding="lg">
      <Stack gap="md">
        <Group gap="lg" wrap="wrap" align="center">
          <Avatar
            src={profile.profile_picture}
            alt={name}
            size={88}
            radius={88}
            color="kora"
            fz={28}
          >
            {initials(profile.first_name, profile.last_name)}
          </Avatar>
          <Stack gap={6} style={{ flex: 1, minWidth: 200 }}>
            <Title order={2} fz="h3">
              {name}
            </Title>
            <Text c="dimmed" size="sm" style={{ wordBreak: 'break-all' }}>
              {profile.email}
            </Text>
            <Group gap="xs">
              {profile.email_verified ? (
                <Badge
                  color="green"
                  variant="light"
                  leftSection={<IconRosetteDiscountCheck size={14} aria-hidden />}
                >
                  Email verified
                </Badge>
              ) : (
                <Badge color="yellow" variant="light">
                  Email not verified
                </Badge>
              )}
              {profile.role ? (
                <Badge color="kora" variant="filled">
                  {profile.role.toUpperCase()}
                </Badge>
              ) : null}
            </Group>
          </Stack>
          <ImagePickButton
            label={profile.profile_picture ? 'Change Picture' : 'Upload Picture'}
            inputLabel="Profile picture"
            onPick={pick}
            loading={upload.isPending}
          />
        </Group>
        {error ? (
          <Alert color="red" icon={<IconAlertCircle size={18} aria-hidden />} role="alert">
            {error}
          </Alert>
        ) : null}
        <SuccessAlert message={success.message} />
        <Text size="xs" c="dimmed">
          JPG, PNG, GIF or WebP, less than 5MB.
        </Text>
      </Stack>
    </Card>
  );
}
