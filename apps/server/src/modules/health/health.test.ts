import { afterEach, describe, expect, it, vi } from 'vitest';
import { useTestApp } from '../../../test/helper';

const ctx = useTestApp({ seedDemo: false });
const get = (url: string, method: 'GET' | 'HEAD' = 'GET') => ctx.app.inject({ method, url });
/** What node-postgres throws when nothing listens where the database should be. */
const refused = () => Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });

afterEach(() => vi.restoreAllMocks());

describe('liveness and readiness', () => {
  it('answers liveness, readiness and /api/health while all is well, without handing out a cookie', async () => {
    for (const url of ['/api/health/live', '/api/health/ready', '/api/health']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['set-cookie'], url).toBeUndefined();
      expect((await get(url, 'HEAD')).statusCode, `HEAD ${url}`).toBe(200);
    }
    expect((await get('/api/health/live')).json()).toEqual({ status: 'ok' });
    expect((await get('/api/health/ready')).json()).toEqual({ status: 'ok', database: 'up', writes: 'ok' });
    expect((await get('/api/health')).json()).toEqual({ status: 'ok', database: 'up', writes: 'ok' });
  });

  it('keeps liveness at 200 while the database is unreachable; readiness answers 503 with Retry-After as /api/health does', async () => {
    const ping = vi.spyOn(ctx.app.database, 'ping').mockRejectedValue(refused());
    const live = await get('/api/health/live');
    expect(live.statusCode).toBe(200);
    expect(live.json()).toEqual({ status: 'ok' });
    // Liveness never asks the database.
    expect(ping).not.toHaveBeenCalled();

    for (const url of ['/api/health/ready', '/api/health']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(503);
      expect(res.headers['retry-after'], url).toBe('10');
      expect(res.headers['set-cookie'], url).toBeUndefined();
      expect(res.json(), url).toEqual({ status: 'error', database: 'down', writes: 'failing', reason: 'unreachable' });
    }
    expect(ping).toHaveBeenCalledTimes(2);

    ping.mockRestore();
    expect((await get('/api/health/ready')).statusCode).toBe(200);
  });

  it('still hands out the XSRF-TOKEN cookie on other answers', async () => {
    const res = await get('/config.json');
    expect(res.cookies.find((c) => c.name === 'XSRF-TOKEN')?.value).toMatch(/^[\w-]{20,}$/);
  });
});
