import { mkdir, rm, writeFile } from 'node:fs/promises';
import { dirname, resolve, sep } from 'node:path';
import type { Config } from '../config';

/** Where uploaded files go. `put` stores the bytes under `key` and answers a URL a browser can load. */
export interface Storage {
  readonly kind: 'local' | 's3';
  put(key: string, body: Buffer, contentType: string): Promise<string>;
  /**
   * Deletes the file a `put` answered `url` for (an erased member's picture); a URL this store
   * did not hand out, or a file already gone, is left alone.
   */
  remove(url: string): Promise<void>;
}

/** The path under which the API serves the local folder. */
export const LOCAL_UPLOADS_PREFIX = '/uploads/';

/** Stored files never change (every key is new), so browsers and CDNs may keep them a year. */
const UPLOAD_CACHE_CONTROL = 'public, max-age=31536000, immutable';

const KEY_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_-]*(\/[A-Za-z0-9][A-Za-z0-9_.-]*)*$/;

const checkKey = (key: string): string => {
  if (!KEY_PATTERN.test(key) || key.includes('..')) throw new Error(`Invalid storage key ${key}`);
  return key;
};

/** A folder on this machine, served by the API at /uploads/ (a relative URL, same origin). */
const localStorage = (root: string): Storage => ({
  kind: 'local',
  put: async (key, body) => {
    const path = resolve(root, checkKey(key));
    if (!path.startsWith(resolve(root) + sep)) throw new Error(`Invalid storage key ${key}`);
    await mkdir(dirname(path), { recursive: true });
    await writeFile(path, body, { flag: 'wx' });
    return `${LOCAL_UPLOADS_PREFIX}${key}`;
  },
  remove: async (url) => {
    if (!url.startsWith(LOCAL_UPLOADS_PREFIX)) return;
    const key = url.slice(LOCAL_UPLOADS_PREFIX.length);
    if (!KEY_PATTERN.test(key) || key.includes('..')) return;
    const path = resolve(root, key);
    if (!path.startsWith(resolve(root) + sep)) return;
    await rm(path, { force: true });
  },
});

type S3Settings = NonNullable<Config['s3']>;

/** The public URL of an object: S3_PUBLIC_URL when set, else derived from the endpoint or AWS. */
export const s3PublicUrl = (s3: S3Settings, key: string): string => {
  if (s3.publicUrl) return `${s3.publicUrl.replace(/\/+$/, '')}/${key}`;
  if (s3.endpoint) {
    const endpoint = new URL(s3.endpoint);
    const base = endpoint.origin + endpoint.pathname.replace(/\/+$/, '');
    if (s3.forcePathStyle) return `${base}/${s3.bucket}/${key}`;
    return `${endpoint.protocol}//${s3.bucket}.${endpoint.host}${endpoint.pathname.replace(/\/+$/, '')}/${key}`;
  }
  const region = s3.region === 'auto' ? 'us-east-1' : s3.region;
  return `https://${s3.bucket}.s3.${region}.amazonaws.com/${key}`;
};

/**
 * An S3-compatible bucket (AWS S3, Cloudflare R2, DigitalOcean Spaces, MinIO). Objects are
 * written without an ACL (R2 has none); make the bucket, or S3_PUBLIC_URL's CDN, publicly readable.
 */
const s3Storage = (s3: S3Settings): Storage => {
  // Loaded on first use, so an app without a bucket never pays for the SDK.
  let client:
    | Promise<{
        send: (body: Buffer, key: string, type: string) => Promise<void>;
        drop: (key: string) => Promise<void>;
      }>
    | undefined;
  const load = () =>
    (client ??= import('@aws-sdk/client-s3').then(
      ({ S3Client, PutObjectCommand, DeleteObjectCommand }) => {
        const s3Client = new S3Client({
          region: s3.region,
          endpoint: s3.endpoint,
          forcePathStyle: s3.forcePathStyle,
          credentials:
            s3.accessKeyId && s3.secretAccessKey
              ? { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey }
              : undefined,
        });
        return {
          send: async (body: Buffer, key: string, type: string) => {
            await s3Client.send(
              new PutObjectCommand({
                Bucket: s3.bucket,
                Key: key,
                Body: body,
                ContentType: type,
                CacheControl: UPLOAD_CACHE_CONTROL,
              }),
            );
          },
          drop: async (key: string) => {
            await s3Client.send(new DeleteObjectCommand({ Bucket: s3.bucket, Key: key }));
          },
        };
      },
    ));
  const base = s3PublicUrl(s3, '');
  return {
    kind: 's3',
    put: async (key, body, contentType) => {
      await (await load()).send(body, checkKey(key), contentType);
      return s3PublicUrl(s3, key);
    },
    remove: async (url) => {
      if (!url.startsWith(base)) return;
      const key = url.slice(base.length);
      if (!KEY_PATTERN.test(key) || key.includes('..')) return;
      await (await load()).drop(key);
    },
  };
};

/** The bucket when S3_BUCKET is set, else the local folder (DATA_DIR/uploads). */
export const storageFor = (config: Config): Storage =>
  config.s3 ? s3Storage(config.s3) : localStorage(config.uploadsDir);
