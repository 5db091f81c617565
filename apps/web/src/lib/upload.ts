import { UPLOAD_LIMITS, UPLOAD_MESSAGES, type FileType, type UploadResult } from '@kora/shared';
import { uploadContracts } from '@/lib/api-routes';
import { http } from './http';

export const IMAGE_ACCEPT = UPLOAD_LIMITS.types.join(',');
export type UploadFileType = FileType;

/** A picture or logo must be an image under 5 MB. Null when the file is fine. */
export const imageFileError = (file: File): string | null => {
  if (!file.type.startsWith('image/')) return UPLOAD_MESSAGES.notImage;
  if (file.size >= UPLOAD_LIMITS.maxBytes) return UPLOAD_MESSAGES.tooLarge;
  return null;
};

/** Uploads an image (multipart, so through http rather than callApi); answers its URL. */
export const uploadFile = async (
  file: File,
  fileType: UploadFileType,
  entityId?: number | string,
): Promise<string> => {
  const form = new FormData();
  form.append('file_type', fileType);
  if (entityId !== undefined) form.append('entity_id', String(entityId));
  form.append('file', file, file.name);
  const answer = await http.upload<UploadResult>(uploadContracts.upload.path, form);
  return answer.data.s3_url;
};
