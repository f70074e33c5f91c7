import { describe, expect, it } from 'vitest';
import { DUMMY_HASH, hashPassword, verifyPassword } from './password-hashing';

/** The algorithm and cost part of an argon2 PHC string: `$argon2id$v=19$m=…,t=…,p=…`. */
const costOf = (phc: string) => phc.split('$').slice(1, 4).join('$');

describe('password hashing', () => {
  it('checks an unknown user against a hash of the same cost as real ones, so both take as long', async () => {
    const real = await hashPassword('some password');
    expect(costOf(DUMMY_HASH)).toBe(costOf(real));
    expect(await verifyPassword(real, 'some password')).toBe(true);
    expect(await verifyPassword(DUMMY_HASH, 'some password')).toBe(false);
  });
});
