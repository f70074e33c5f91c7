import { describe, expect, it } from 'vitest';
import fr from '@app/shared/messages/translations/fr';
import nl from '@app/shared/messages/translations/nl';
import en from '@app/shared/messages/translations/en';
import { call, useTestApp } from '../../test/helper';
import { contactBody, solveCaptcha, validContact } from '../../test/contact-fixtures';
import { CONTACT_LIMIT } from '../modules/contact/rate-limit';

const ctx = useTestApp();
let ip = 0;
const nextIp = () => `10.9.${Math.floor(++ip / 250)}.${ip % 250}`;

async function sendContact(
  fields: Record<string, string | undefined>,
  acceptLanguage?: string,
  remoteAddress = nextIp(),
) {
  const altcha = 'altcha' in fields ? fields['altcha'] : await solveCaptcha(ctx.app);
  const body = await contactBody({ ...fields, altcha });
  return call(ctx.app, {
    method: 'POST',
    url: '/api/mail',
    remoteAddress,
    ...body,
    headers: { ...body.headers, ...(acceptLanguage ? { 'accept-language': acceptLanguage } : {}) },
  });
}

describe("the API's messages in the request's language", () => {
  it('answers a French contact form with bad input in French, field by field', async () => {
    const res = await sendContact(
      { ...validContact, fullName: '', email: 'not-an-address' },
      'fr-BE,fr;q=0.9,en;q=0.5',
    );
    expect(res.statusCode).toBe(400);
    expect(res.headers['vary']).toMatch(/accept-language/i);
    const body = res.json() as { message: string; errors: { field: string; message: string }[] };
    const byField = Object.fromEntries(body.errors.map((e) => [e.field, e.message]));
    expect(byField['fullName']).toBe(fr.contact.nameRequired);
    expect(byField['email']).toBe(fr.contact.emailInvalidContact);
    expect(body.message).toBe(body.errors[0]!.message);
  });

  it('translates a length limit with its number, and keeps English for English and unknown languages', async () => {
    const long = { ...validContact, message: 'x'.repeat(5001) };
    const nlRes = await sendContact(long, 'nl-BE');
    expect(nlRes.json().errors).toContainEqual({ field: 'message', message: nl.contact.messageTooLong });
    for (const language of [undefined, 'en-GB', 'de-DE,de;q=0.9']) {
      const res = await sendContact(long, language);
      expect(res.json().errors).toContainEqual({ field: 'message', message: en.contact.messageTooLong });
    }
  });

  it('answers a failed captcha and the rate limit in Dutch', async () => {
    const captcha = await sendContact({ ...validContact, altcha: 'bm90IGEgc29sdXRpb24=' }, 'nl');
    expect(captcha.statusCode).toBe(400);
    expect(captcha.json().message).toBe(nl.contact.captchaFailed);

    const address = nextIp();
    let last = await sendContact(validContact, 'nl-BE', address);
    for (let i = 0; i < CONTACT_LIMIT.max; i++) last = await sendContact(validContact, 'nl-BE', address);
    expect(last.statusCode).toBe(429);
    expect(last.json().message).toBe(nl.session.tooManyRequests);
  });

  it('names an unknown endpoint in French with its method and path', async () => {
    const res = await call(ctx.app, { method: 'GET', url: '/api/nowhere', headers: { 'accept-language': 'fr' } });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(fr.formats.noApiEndpoint('GET', '/api/nowhere'));
  });
});
