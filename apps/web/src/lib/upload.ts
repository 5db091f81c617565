import { http } from './http';

export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
export const IMAGE_ACCEPT = 'image/png,image/jpeg,image/gif,image/webp';

export const IMAGE_MESSAGES = {
  notImage: 'Please select an image file',
  tooLarge: 'File size must be less than 5MB',
} as const;

export type UploadFileType = 'profile_picture' | 'business_logo' | 'member_picture';

/** The spec's picture and logo checks: an image, under 5MB. Null when the file is fine. */
export const imageFileError = (file: File): string | null => {
  if (!file.type.startsWith('image/')) return IMAGE_MESSAGES.notImage;
  if (file.size >= MAX_IMAGE_BYTES) return IMAGE_MESSAGES.tooLarge;
  return null;
};

/** POST /v1/business/upload_file (multipart); answers the stored file's URL. */
export const uploadFile = async (
  file: File,
  fileType: UploadFileType,
  entityId?: number | string,
): Promise<string> => {
  const form = new FormData();
  // Fields first: the server reads them before it streams the file.
  form.append('file_type', fileType);
  if (entityId !== undefined) form.append('entity_id', String(entityId));
  form.append('file', file, file.name);
  const answer = await http.upload<{ s3_url: string }>('/v1/business/upload_file', form);
  return answer.data.s3_url;
};
