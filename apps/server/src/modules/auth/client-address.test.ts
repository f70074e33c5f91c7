import { describe, expect, it } from 'vitest';
import { MSG } from '@app/shared/messages';
import { STAFF_MSG } from '@app/shared/messages/staff';
import { parseTrustProxy } from '../../config';
import { call, useTestApp } from '../../../test/helper';
import { MAX_FAILURES_PER_ADDRESS } from './login-throttle';

// One load balancer in front: it appends the address it saw to whatever X-Forwarded-For the client sent.
const ctx = useTestApp({ trustProxy: ['127.0.0.1'], seedDemo: false });

const failedLogin = (forwardedFor: string, n: number) =>
  call(ctx.app, {
    method: 'POST',
    url: '/api/login',
    headers: { 'x-forwarded-for': forwardedFor },
    payload: { username: `nobody-${n}@example.com`, password: 'wrong-password' },
  });

describe('client address behind a proxy', () => {
  it('cannot be forged with the left-most X-Forwarded-For entry to dodge a per-address limit', async () => {
    for (let n = 0; n < MAX_FAILURES_PER_ADDRESS; n++) {
      const res = await failedLogin(`198.51.100.${n}, 203.0.113.7`, n);
      expect(res.statusCode).toBe(401);
    }
    const blocked = await failedLogin('198.51.100.250, 203.0.113.7', 999);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toBe(MSG.tooManyLogins);
    // Another visitor behind the same balancer has an address of its own and is not blocked.
    const other = await failedLogin('203.0.113.8', 1000);
    expect(other.statusCode).toBe(401);
    expect(other.json().message).toBe(STAFF_MSG.loginFailed);
  });
});

describe('TRUST_PROXY', () => {
  it('takes the proxies\' addresses and refuses "trust everything" and hop counts', () => {
    expect(parseTrustProxy(undefined)).toBe(false);
    expect(parseTrustProxy('false')).toBe(false);
    expect(parseTrustProxy('10.0.0.0/8, 192.168.1.10,::1,uniquelocal')).toEqual([
      '10.0.0.0/8',
      '192.168.1.10',
      '::1',
      'uniquelocal',
    ]);
    expect(parseTrustProxy('true')).toMatch(/^TRUST_PROXY=true would believe any X-Forwarded-For/);
    expect(parseTrustProxy('1')).toMatch(/^TRUST_PROXY=1 would believe any X-Forwarded-For/);
    expect(parseTrustProxy('2')).toMatch(/not a hop count/);
    expect(parseTrustProxy('10.0.0.0/33')).toMatch(/not an address or CIDR range: 10\.0\.0\.0\/33/);
  });
});
