import { describe, expect, it } from 'vitest';
import { call, useTestApp } from '../../../test/helper';
import { SECURITY_TXT_VALID_DAYS } from './security-txt';

const SITE = 'https://www.redwall.example';
const ctx = useTestApp({ publicUrl: SITE });
const DAY = 24 * 60 * 60 * 1000;

/** The fields as RFC 9116 §2.4 writes them: `Name: value` per line (names are case-insensitive). */
const fields = (text: string) =>
  text
    .split('\n')
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => {
      const m = /^([A-Za-z-]+): (.+)$/.exec(line);
      if (!m) throw new Error(`not a security.txt field: ${JSON.stringify(line)}`);
      return [m[1]!.toLowerCase(), m[2]!] as const;
    });

describe('/.well-known/security.txt (RFC 9116)', () => {
  it('names the contact from the site settings, an expiry ahead, its canonical address and English', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/.well-known/security.txt' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    const f = fields(res.body);
    expect(f.map(([name]) => name)).toEqual(['contact', 'expires', 'canonical', 'preferred-languages']);
    const value = (name: string) => f.find(([n]) => n === name)![1];
    expect(value('contact')).toBe('mailto:info@redwall.example');
    expect(value('canonical')).toBe(`${SITE}/.well-known/security.txt`);
    expect(value('preferred-languages')).toBe('en');
    // An RFC 3339 date-time in the future, and less than a year away (§2.5.5).
    expect(value('expires')).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
    const expires = Date.parse(value('expires'));
    expect(expires).toBeGreaterThan(Date.now() + (SECURITY_TXT_VALID_DAYS - 1) * DAY);
    expect(expires).toBeLessThan(Date.now() + 365 * DAY);
  });

  it('follows a change of the company e-mail address in the settings', async () => {
    const current = (await call(ctx.app, { method: 'GET', url: '/api/settings/admin', token: ctx.adminToken })).json();
    const entities = current.entities.map((e: { email: string }, i: number) =>
      i === 0 ? { ...e, email: 'security@redwall.example' } : e,
    );
    const saved = await call(ctx.app, {
      method: 'PUT',
      url: '/api/settings',
      token: ctx.adminToken,
      payload: { ...current, entities },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const res = await ctx.app.inject({ method: 'GET', url: '/.well-known/security.txt' });
    expect(res.body).toContain('Contact: mailto:security@redwall.example\n');
  });
});
