import { hash, verify } from '@node-rs/argon2';

// OWASP: argon2id, 19 MiB, 2 iterations, 1 lane. Algorithm 2 is argon2id.
const OPTIONS = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string) => hash(password, OPTIONS);

export async function verifyPassword(stored: string, password: string): Promise<boolean> {
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
}

/**
 * Verifying against this keeps an unknown user as slow as a wrong password. It is a hash of random
 * bytes nobody kept, made once with OPTIONS (verify reads the cost from the string), so importing
 * this module costs nothing.
 */
export const DUMMY_HASH =
  '$argon2id$v=19$m=19456,t=2,p=1$zaqbMJMITFgyKgCmMcgyeA$YPU37dis7D2Nk6spoXEFRutck+LB6RJ06nw5xK4Usak';
