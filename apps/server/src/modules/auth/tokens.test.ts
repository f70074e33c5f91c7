import crypto from 'node:crypto';
import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { createTokenService } from './tokens';

const key = crypto.randomBytes(32);
const tokens = createTokenService(key, 8 * 3600);
const claims = { userId: 7, tokenVersion: 1 };

describe('session tokens', () => {
  it('accepts the tokens it signs', async () => {
    expect(await tokens.verify(await tokens.sign(claims))).toMatchObject(claims);
  });

  it('gives each token its own id and the configured lifetime', async () => {
    const short = createTokenService(key, 600);
    const [a, b] = await Promise.all([short.verify(await short.sign(claims)), short.verify(await short.sign(claims))]);
    expect(a!.jti).not.toBe(b!.jti);
    expect(a!.expiresAt.getTime() - Date.now()).toBeGreaterThan(590_000);
    expect(a!.expiresAt.getTime() - Date.now()).toBeLessThanOrEqual(600_000);
  });

  it('refuses a token without an id (signed before Log Out could revoke one token)', async () => {
    const old = await new SignJWT({ ver: 1 })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('7')
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(key);
    expect(await tokens.verify(old)).toBeNull();
  });

  it('refuses a correctly signed token that never expires, or was issued too long ago', async () => {
    const base = () => new SignJWT({ ver: 1 }).setProtectedHeader({ alg: 'HS256' }).setSubject('7').setJti('x');
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
      .setJti('x')
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(crypto.randomBytes(32));
    const unsigned = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${Buffer.from('{"sub":"7","ver":1}').toString('base64url')}.`;
    expect(await tokens.verify(otherKey)).toBeNull();
    expect(await tokens.verify(unsigned)).toBeNull();
  });
});
