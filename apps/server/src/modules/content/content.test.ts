import { describe, expect, it } from 'vitest';
import { MSG, tooLong } from '@app/shared/messages';
import { LIMITS } from '@app/shared/constants';
import { call, tokenFor, useTestApp } from '../../../test/helper';

const ctx = useTestApp();

/** PUT as the administrator, or with the given token ('' for none). */
const put = (url: string, payload: unknown, token = ctx.adminToken) =>
  call(ctx.app, { method: 'PUT', url, payload: payload as object, token: token || undefined });
const get = (url: string, token?: string) => call(ctx.app, { method: 'GET', url, token });

const entity = (n: number) => ({
  legalName: `Company ${n} BV`,
  address: 'Meir 1, 2000 Antwerpen',
  website: 'https://company.example',
  registrationNumber: `BE 0123.456.78${n}`,
  email: `info${n}@company.example`,
  phone: '+32 3 000 00 0' + n,
});
const settings = (over: Record<string, unknown> = {}) => ({
  companyName: 'Acme',
  address: 'Meir 1, 2000 Antwerpen, Belgium',
  phone: '+32 3 123 45 67',
  socialUrl: 'https://social.example/acme',
  foundedOn: 'September 2010',
  contactRecipients: '',
  entities: [entity(1), entity(2)],
  ...over,
});

describe('intro', () => {
  it('reads the seeded intro publicly', async () => {
    const res = await get('/api/intro');
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json()).sort()).toEqual(['body', 'history', 'title']);
    expect(res.json().title).not.toBe('');
  });

  it('refuses anonymous callers with 401 and ordinary users with 403', async () => {
    const body = { title: 'x', history: 'y', body: 'z' };
    expect((await put('/api/intro', body, '')).statusCode).toBe(401);
    const { token } = await tokenFor(ctx.app, 'ROLE_USER');
    expect((await put('/api/intro', body, token)).statusCode).toBe(403);
  });

  it('saves a trimmed intro, answers with it and serves it at once', async () => {
    const res = await put('/api/intro', { title: '  New title ', history: 'Since 2010.', body: 'We secure things.' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ title: 'New title', history: 'Since 2010.', body: 'We secure things.' });
    expect((await get('/api/intro')).json()).toEqual(res.json());
  });

  it('refuses unknown fields, missing fields and texts over the limit, keeping the stored intro', async () => {
    const before = (await get('/api/intro')).json();
    expect((await put('/api/intro', { title: 'a', history: 'b', body: 'c', extra: 1 })).statusCode).toBe(400);
    expect((await put('/api/intro', { title: 'a', history: 'b' })).statusCode).toBe(400);
    const long = await put('/api/intro', { title: 'x'.repeat(LIMITS.title + 1), history: 'b', body: 'c' });
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toBe(tooLong('The title', LIMITS.title));
    expect((await get('/api/intro')).json()).toEqual(before);
  });

  it('answers {} once every field is empty, so the page shows nothing', async () => {
    expect((await put('/api/intro', { title: '', history: ' ', body: '' })).statusCode).toBe(200);
    const res = await get('/api/intro');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({});
  });
});

describe('masthead', () => {
  it('reads, saves and reads back', async () => {
    expect(Object.keys((await get('/api/masthead')).json()).sort()).toEqual(['mastheadBody', 'mastheadTitle']);
    const res = await put('/api/masthead', { mastheadTitle: 'Secure', mastheadBody: 'From Antwerp.' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ mastheadTitle: 'Secure', mastheadBody: 'From Antwerp.' });
    expect((await get('/api/masthead')).json()).toEqual(res.json());
  });

  it('refuses a body over the limit', async () => {
    const res = await put('/api/masthead', { mastheadTitle: 'a', mastheadBody: 'x'.repeat(LIMITS.pageText + 1) });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(tooLong('The masthead body', LIMITS.pageText));
  });
});

describe('site settings', () => {
  it('shows the company identity publicly but not who receives contact mail', async () => {
    expect((await put('/api/settings', settings({ contactRecipients: 'hr@acme.example' }))).statusCode).toBe(200);
    const res = await get('/api/settings');
    expect(res.statusCode).toBe(200);
    expect(res.json().companyName).toBe('Acme');
    expect(res.json().entities).toHaveLength(2);
    expect(res.json()).not.toHaveProperty('contactRecipients');
    expect(res.body).not.toContain('hr@acme.example');
  });

  it('gives the administrator the full settings, recipients normalised', async () => {
    const saved = await put('/api/settings', settings({ contactRecipients: ' a@acme.example ,b@acme.example,, ' }));
    expect(saved.statusCode).toBe(200);
    expect(saved.json().contactRecipients).toBe('a@acme.example, b@acme.example');
    const res = await get('/api/settings/admin', ctx.adminToken);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(saved.json());
    expect((await get('/api/settings/admin')).statusCode).toBe(401);
  });

  it.each([
    [
      'recipients that are not e-mail addresses',
      { contactRecipients: 'a@acme.example, nonsense' },
      MSG.recipientsInvalid,
    ],
    ['one legal entity', { entities: [entity(1)] }, MSG.entitiesCount],
    ['a social link that is not a web address', { socialUrl: 'javascript:alert(1)' }, MSG.urlInvalid],
    ['an empty company name', { companyName: ' ' }, MSG.companyNameRequired],
    ['a phone number with letters', { phone: 'call me maybe' }, MSG.phoneInvalid],
    ['an entity without legal name', { entities: [{ ...entity(1), legalName: '' }, entity(2)] }, MSG.legalNameRequired],
    ['an entity with a bad e-mail', { entities: [entity(1), { ...entity(2), email: 'nope' }] }, MSG.emailInvalid],
  ])('refuses %s', async (_name, over, message) => {
    const before = (await get('/api/settings/admin', ctx.adminToken)).json();
    const res = await put('/api/settings', settings(over));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    expect((await get('/api/settings/admin', ctx.adminToken)).json()).toEqual(before);
  });

  it('refuses unknown fields, also inside an entity', async () => {
    expect((await put('/api/settings', settings({ logo: 'x' }))).statusCode).toBe(400);
    expect(
      (await put('/api/settings', settings({ entities: [{ ...entity(1), vat: 'x' }, entity(2)] }))).statusCode,
    ).toBe(400);
  });
});
