// Password hashing: argon2id with OWASP's minimum cost (19 MiB, 2 passes, 1 lane). Passwords are
// 8-128 characters and never truncated.
import { hash, verify } from '@node-rs/argon2';

const OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

export const hashPassword = (password: string): Promise<string> => hash(password, OPTIONS);

export async function verifyPassword(stored: string, password: string): Promise<boolean> {
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
}

/** A real hash of nothing, verified against when the account does not exist, so both take as long. */
let dummy: Promise<string> | undefined;
export const dummyHash = (): Promise<string> => (dummy ??= hashPassword('no-such-account-placeholder'));
