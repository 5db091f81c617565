import { Avatar, Group, Stack, Text } from '@mantine/core';
import { IconUser } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { FieldError } from '@/components/form-alerts';
import { ImagePickButton } from '@/components/image-pick-button';
import { imageFileError } from '@/lib/upload';

interface NewMemberPictureProps {
  file: File | null;
  onChange: (file: File | null) => void;
}

/** The picture on create: checked and previewed here, uploaded once the member exists. */
export function NewMemberPicture({ file, onChange }: NewMemberPictureProps) {
  const [error, setError] = useState<string | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  useEffect(() => {
    if (!file) return setPreview(null);
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  const pick = (picked: File | null) => {
    if (!picked) return;
    const invalid = imageFileError(picked);
    setError(invalid);
    if (!invalid) onChange(picked);
  };

  return (
    <Stack gap={6}>
      <Group gap="md" wrap="nowrap">
        <Avatar
          src={preview}
          alt={preview ? 'Member picture preview' : undefined}
          size={72}
          radius="xl"
          color="kora"
          variant="light"
        >
          <IconUser size={32} aria-hidden />
        </Avatar>
        <Stack gap={4}>
          <Group gap="xs">
            <ImagePickButton
              label={file ? 'Change Picture' : 'Upload Picture'}
              inputLabel="Member picture"
              onPick={pick}
              size="sm"
            />
            {file ? (
              <Text
                component="button"
                type="button"
                size="sm"
                c="red"
                onClick={() => onChange(null)}
                style={{ background: 'none', border: 0, cursor: 'pointer' }}
              >
                Remove
              </Text>
            ) : null}
          </Group>
          <Text size="xs" c="dimmed">
            Optional. JPG, PNG, GIF or WebP, less than 5MB.
          </Text>
        </Stack>
      </Group>
      <FieldError message={error} />
    </Stack>
  );
}
