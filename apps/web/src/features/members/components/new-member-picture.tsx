import { Text } from '@mantine/core';
import { IconUser } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { ImagePicker } from '@/components/form/image-picker';
import { useImagePick } from '@/components/form/use-image-pick';

interface NewMemberPictureProps {
  file: File | null;
  onChange: (file: File | null) => void;
}

/** The picture on create: checked and previewed here, uploaded once the member exists. */
export function NewMemberPicture({ file, onChange }: NewMemberPictureProps) {
  const { error, pick } = useImagePick(onChange);
  const [preview, setPreview] = useState<string | null>(null);
  useEffect(() => {
    if (!file) return setPreview(null);
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  return (
    <ImagePicker
      previewUrl={preview}
      previewAlt="Member picture preview"
      placeholder={<IconUser size={32} aria-hidden />}
      radius="xl"
      inputLabel="Member picture"
      buttonLabel={file ? 'Change Picture' : 'Upload Picture'}
      onPick={pick}
      actions={
        file ? (
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
        ) : null
      }
      hint="Optional. JPG, PNG, GIF or WebP, less than 5MB."
      error={error}
    />
  );
}
