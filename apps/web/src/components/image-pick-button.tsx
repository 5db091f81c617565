import { Button, FileButton, type ButtonProps } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { useRef } from 'react';
import { IMAGE_ACCEPT } from '@/lib/upload';

interface ImagePickButtonProps extends Omit<ButtonProps, 'children'> {
  label: string;
  /** The hidden file input's accessible name. */
  inputLabel: string;
  onPick: (file: File | null) => void;
}

/** A button that opens the file picker for one image (the same file can be picked again). */
export function ImagePickButton({
  label,
  inputLabel,
  onPick,
  ...buttonProps
}: ImagePickButtonProps) {
  const resetRef = useRef<() => void>(null);
  return (
    <FileButton
      onChange={(file) => {
        onPick(file);
        resetRef.current?.();
      }}
      resetRef={resetRef}
      accept={IMAGE_ACCEPT}
      disabled={buttonProps.disabled}
      inputProps={{ 'aria-label': inputLabel }}
    >
      {(props) => (
        <Button
          variant="default"
          leftSection={<IconUpload size={16} aria-hidden />}
          {...buttonProps}
          {...props}
        >
          {label}
        </Button>
      )}
    </FileButton>
  );
}
