import { Avatar, Group, Stack, Text, type MantineRadius } from '@mantine/core';
import type { ReactNode } from 'react';
import { FieldError } from '@/components/form-alerts';
import { ImagePickButton } from '@/components/image-pick-button';

interface ImagePickerProps {
  /** Shown above the picker. */
  title?: string;
  previewUrl: string | null;
  /** The preview's accessible name. */
  previewAlt: string;
  /** Shown while there is no preview. */
  placeholder: ReactNode;
  radius: MantineRadius;
  /** The file input's accessible name. */
  inputLabel: string;
  /** The button's text: "Upload Logo", or "Change Logo" once there is one. */
  buttonLabel: string;
  onPick: (file: File | null) => void;
  uploading?: boolean;
  disabled?: boolean;
  /** Next to the button (Remove). */
  actions?: ReactNode;
  /** Which files are taken. */
  hint: string;
  error: string | null;
}

/** One image: its preview, the button that picks it, which files are taken and any error. */
export function ImagePicker(props: ImagePickerProps) {
  const { title, previewUrl, uploading, actions, error } = props;
  const button = (
    <ImagePickButton
      label={props.buttonLabel}
      inputLabel={props.inputLabel}
      onPick={props.onPick}
      loading={uploading}
      disabled={props.disabled}
      size="sm"
    />
  );
  return (
    <Stack gap={6}>
      {title ? (
        <Text size="sm" fw={500}>
          {title}
        </Text>
      ) : null}
      <Group gap="md" wrap="nowrap" align="center">
        <Avatar
          src={previewUrl}
          alt={previewUrl ? props.previewAlt : undefined}
          size={72}
          radius={props.radius}
          color="kora"
          variant="light"
          style={{ opacity: uploading ? 0.6 : 1 }}
        >
          {props.placeholder}
        </Avatar>
        <Stack gap={4} style={{ minWidth: 0 }}>
          {actions ? (
            <Group gap="xs">
              {button}
              {actions}
            </Group>
          ) : (
            button
          )}
          <Text size="xs" c="dimmed">
            {props.hint}
          </Text>
        </Stack>
      </Group>
      <FieldError message={error} />
    </Stack>
  );
}
