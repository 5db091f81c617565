import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { UPLOAD_LIMITS, UPLOAD_MESSAGES, type FileType, type UploadResult } from '@kora/shared';
import type { AppContext } from '../../context';
import { AppError, badRequest, forbidden, unauthorized } from '../../lib/errors';
import type { Storage } from '../../lib/storage';
import { NO_BUSINESS } from '../../plugins/tenancy';
import { setProfilePicture } from '../auth';
import { findSessionUser } from '../team';
import type { Actor } from '../audit';
import { setMemberPicture } from '../members';

export const MESSAGES = {
  uploaded: 'File uploaded successfully.',
  tooManyPixels: 'This image is too large to process. Please choose a smaller one.',
  storageDown: 'We could not save your file right now. Please try again.',
} as const;

/** 48-megapixel phone photos pass; larger decodes (decompression bombs) are refused. */
const MAX_INPUT_PIXELS = 50_000_000;

const notImage = () => new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', UPLOAD_MESSAGES.notImage);

interface Output {
  ext: string;
  contentType: string;
  encode: (s: sharp.Sharp) => sharp.Sharp;
}

const JPEG: Output = {
  ext: 'jpg',
  contentType: 'image/jpeg',
  encode: (s) => s.jpeg({ quality: 82, mozjpeg: true }),
};
const PNG: Output = {
  ext: 'png',
  contentType: 'image/png',
  encode: (s) => s.png({ compressionLevel: 9, adaptiveFiltering: true }),
};
const WEBP: Output = {
  ext: 'webp',
  contentType: 'image/webp',
  encode: (s) => s.webp({ quality: 82 }),
};

/**
 * What each accepted input becomes: photos stay JPEG; PNG stays PNG (logos keep transparency
 * and sharp edges, and render in every e-mail client); WebP stays WebP; GIF becomes a still PNG
 * of its first frame (no animated avatars or logos).
 */
const OUTPUTS: Record<string, Output> = { jpeg: JPEG, png: PNG, webp: WEBP, gif: PNG };

interface Reencoded {
  body: Buffer;
  ext: string;
  contentType: string;
}

/**
 * Checks the real content (magic bytes, as sharp reads them; never the name or the client's
 * type), then re-encodes: turned upright by its EXIF orientation, every metadata block (EXIF,
 * GPS, ICC, XMP) dropped, the longest side at most 1024 px.
 */
const reencodeImage = async (input: Buffer): Promise<Reencoded> => {
  let meta: sharp.Metadata;
  try {
    meta = await sharp(input).metadata();
  } catch {
    throw notImage();
  }
  const output = meta.format ? OUTPUTS[meta.format] : undefined;
  if (!output) throw notImage();
  if ((meta.width ?? 0) * (meta.height ?? 0) > MAX_INPUT_PIXELS)
    throw badRequest(MESSAGES.tooManyPixels, 'IMAGE_TOO_LARGE');
  try {
    const pipeline = sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'truncated' })
      .rotate()
      .resize({
        width: UPLOAD_LIMITS.maxSide,
        height: UPLOAD_LIMITS.maxSide,
        fit: 'inside',
        withoutEnlargement: true,
      });
    const body = await output.encode(pipeline).toBuffer();
    return { body, ext: output.ext, contentType: output.contentType };
  } catch {
    // A header that reads as an image over a body that does not decode.
    throw notImage();
  }
};

export interface UploadInput {
  userId: number;
  fileType: FileType;
  file: Buffer;
  entityId?: number;
  /** The caller's business, from requireBusiness; required for member pictures. */
  tenantBusinessId?: number;
  /** Who changes a member's picture, for the audit trail (required for member pictures). */
  actor?: Actor;
}

/**
 * Stores a re-encoded image under `<business id or u<user id>>/<file_type>/<random>.<ext>`.
 * profile_picture also becomes the caller's picture; member_picture becomes that member's
 * (404 for a member of another business); business_logo is only stored (setup sends its URL).
 */
export const uploadImage = async (
  ctx: AppContext,
  storage: Storage,
  input: UploadInput,
): Promise<UploadResult> => {
  let owner: string;
  if (input.fileType === 'member_picture') {
    if (!input.tenantBusinessId) throw forbidden(NO_BUSINESS, 'NO_BUSINESS');
    if (!input.entityId) throw badRequest(UPLOAD_MESSAGES.entityId, 'VALIDATION_ERROR');
    owner = String(input.tenantBusinessId);
  } else {
    const user = await findSessionUser(ctx, input.userId);
    if (!user || !user.isActive)
      throw unauthorized('Your session has expired. Please sign in again.');
    owner = user.businessId ? String(user.businessId) : `u${user.id}`;
  }

  const image = await reencodeImage(input.file);
  const key = `${owner}/${input.fileType}/${randomUUID()}.${image.ext}`;
  let url: string;
  try {
    url = await storage.put(key, image.body, image.contentType);
  } catch (err) {
    throw Object.assign(new AppError(503, 'STORAGE_UNAVAILABLE', MESSAGES.storageDown), {
      cause: err,
    });
  }

  if (input.fileType === 'profile_picture') await setProfilePicture(ctx, input.userId, url);
  if (input.fileType === 'member_picture')
    await setMemberPicture(ctx, input.tenantBusinessId!, input.entityId!, url, input.actor!);
  return { s3_url: url };
};
