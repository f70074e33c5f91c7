import crypto from 'node:crypto';
import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { createTokenService } from './tokens';

const key = crypto.randomBytes(32);
const tokens = createTokenService(key);
const claims = { userId: 7, tokenVersion: 1 };

describe('session tokens', () => {
  it('accepts the tokens it signs', async () => {
    expect(await tokens.verify(await tokens.sign(claims))).toEqual(claims);
  });

  it('refuses a correctly signed token that never expires, or was issued too long ago', async () => {
    const base = () => new SignJWT({ ver: 1 }).setProtectedHeader({ alg: 'HS256' }).setSubject('7');
    const noExpiry = await base().setIssuedAt().sign(key);
    const noIssuedAt = await base().setExpirationTime('1h').sign(key);
    const oldButLongLived = await base()
      .setIssuedAt(Math.floor(Date.now() / 1000) - 9 * 3600)
      .setExpirationTime('30d')
      .sign(key);
    expect(await tokens.verify(noExpiry)).toBeNull();
    expect(await tokens.verify(noIssuedAt)).toBeNull();
    expect(await tokens.verify(oldButLongLived)).toBeNull();
  });

  it('refuses another algorithm and another key', async () => {
    const otherKey = await new SignJWT({ ver: 1 })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('7')
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(crypto.randomBytes(32));
    const unsigned = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${Buffer.from('{"sub":"7","ver":1}').toString('base64url')}.`;
    expect(await tokens.verify(otherKey)).toBeNull();
    expect(await tokens.verify(unsigned)).toBeNull();
  });
});
