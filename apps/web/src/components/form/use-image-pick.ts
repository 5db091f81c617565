import { useState } from 'react';
import { imageFileError } from '@/lib/upload';

/**
 * A picked image, checked first (an image under 5MB): `pick` passes a good file on and keeps
 * the reason a bad one was refused in `error`; cancelling the picker changes nothing.
 */
export const useImagePick = (onPicked: (file: File) => void) => {
  const [error, setError] = useState<string | null>(null);
  const pick = (file: File | null) => {
    if (!file) return;
    const invalid = imageFileError(file);
    setError(invalid);
    if (!invalid) onPicked(file);
  };
  return { error, pick };
};
