import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/**
 * Secrets stored in the database (a business's Paystack secret key) are sealed with AES-256-GCM
 * under the server's SECRETS_ENCRYPTION_KEY: a database dump alone reveals none of them, and a
 * changed ciphertext fails to open instead of giving a wrong key. Sealed form:
 * `v1.{iv}.{tag}.{ciphertext}`, each part base64url.
 */
export const sealSecret = (key: Buffer, plain: string): string => {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  const parts = [iv, cipher.getAuthTag(), data].map((b) => b.toString('base64url'));
  return `v1.${parts.join('.')}`;
};

/** The plain secret, or undefined when it was sealed under another key or was tampered with. */
export const openSecret = (key: Buffer, sealed: string): string | undefined => {
  const [version, iv, tag, data] = sealed.split('.');
  if (version !== 'v1' || !iv || !tag || data === undefined) return undefined;
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([
      decipher.update(Buffer.from(data, 'base64url')),
      decipher.final(),
    ]).toString('utf8');
  } catch {
    return undefined;
  }
};
