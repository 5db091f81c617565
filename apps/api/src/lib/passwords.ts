import { hash, verify } from '@node-rs/argon2';

// argon2id (the library's default algorithm) with OWASP's recommended minimum cost.
const OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string): Promise<string> => hash(password, OPTIONS);

/** A hash of a random password, verified against when the account is unknown: same answer, same time. */
let dummyHash: Promise<string> | undefined;

export const verifyPassword = async (
  passwordHash: string | null | undefined,
  password: string,
): Promise<boolean> => {
  if (!passwordHash) {
    dummyHash ??= hashPassword('kora-timing-equaliser-not-a-password');
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  return verify(passwordHash, password).catch(() => false);
};
