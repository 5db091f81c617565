import { useCallback, useEffect, useRef, useState } from 'react';
import { errorMessage } from './api-error';
import { imageFileError, uploadFile, type UploadFileType } from './upload';

export interface ImageUploadState {
  /** A local preview of the chosen file while it uploads, then the stored URL. */
  previewUrl: string | null;
  /** The stored URL once the upload succeeded. */
  uploadedUrl: string | null;
  uploading: boolean;
  error: string | null;
}

/**
 * Starts the upload as soon as a file is chosen, with a local preview; checks the file first
 * (an image under 5MB). `failureMessage` is the screen's fallback when the server gives none.
 */
export const useImageUpload = (
  fileType: UploadFileType,
  failureMessage: string,
  onUploaded?: (url: string) => void,
) => {
  const [state, setState] = useState<ImageUploadState>({
    previewUrl: null,
    uploadedUrl: null,
    uploading: false,
    error: null,
  });
  const objectUrl = useRef<string | null>(null);
  const attempt = useRef(0);

  const revoke = () => {
    if (objectUrl.current) URL.revokeObjectURL(objectUrl.current);
    objectUrl.current = null;
  };
  useEffect(() => revoke, []);

  const choose = useCallback(
    async (file: File | null) => {
      if (!file) return;
      const invalid = imageFileError(file);
      if (invalid) {
        setState((s) => ({ ...s, error: invalid }));
        return;
      }
      const id = ++attempt.current;
      revoke();
      objectUrl.current = URL.createObjectURL(file);
      setState({ previewUrl: objectUrl.current, uploadedUrl: null, uploading: true, error: null });
      try {
        const url = await uploadFile(file, fileType);
        if (id !== attempt.current) return; // a newer file was chosen meanwhile
        setState({ previewUrl: url, uploadedUrl: url, uploading: false, error: null });
        onUploaded?.(url);
      } catch (error) {
        if (id !== attempt.current) return;
        revoke();
        setState({
          previewUrl: null,
          uploadedUrl: null,
          uploading: false,
          error: errorMessage(error, failureMessage),
        });
      }
    },
    [fileType, failureMessage, onUploaded],
  );

  const reset = useCallback(() => {
    attempt.current++;
    revoke();
    setState({ previewUrl: null, uploadedUrl: null, uploading: false, error: null });
  }, []);

  return { ...state, choose, reset };
};
