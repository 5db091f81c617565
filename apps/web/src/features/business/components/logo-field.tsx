import { Avatar, Group, Stack, Text } from '@mantine/core';
import { IconBuildingStore } from '@tabler/icons-react';
import { FieldError } from '@/components/form-alerts';
import { ImagePickButton } from '@/components/image-pick-button';

interface LogoFieldProps {
  previewUrl: string | null;
  uploading: boolean;
  error: string | null;
  onPick: (file: File | null) => void;
  disabled?: boolean;
}

/** The business logo: preview, picker, the recommendation and any error. */
export function LogoField({ previewUrl, uploading, error, onPick, disabled }: LogoFieldProps) {
  return (
    <Stack gap={6}>
      <Text size="sm" fw={500}>
        Business Logo
      </Text>
      <Group gap="md" wrap="nowrap" align="center">
        <Avatar
          src={previewUrl}
          alt={previewUrl ? 'Business logo preview' : undefined}
          size={72}
          radius="md"
          color="kora"
          variant="light"
          style={{ opacity: uploading ? 0.6 : 1 }}
        >
          <IconBuildingStore size={32} aria-hidden />
        </Avatar>
        <Stack gap={4} style={{ minWidth: 0 }}>
          <ImagePickButton
            label={previewUrl ? 'Change Logo' : 'Upload Logo'}
            inputLabel="Business logo"
            onPick={onPick}
            loading={uploading}
            disabled={disabled}
            size="sm"
          />
          <Text size="xs" c="dimmed">
            Recommended: 200x200px, PNG, JPG or GIF, less than 5MB.
          </Text>
        </Stack>
      </Group>
      <FieldError message={error} />
    </Stack>
  );
}
