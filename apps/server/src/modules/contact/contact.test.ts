import { describe, expect, it } from 'vitest';
import { CONTACT_MAX_FILE_BYTES } from '@app/shared/constants';
import { MSG } from '@app/shared/messages';
import type { MessagesExport, MessagesPage } from '@app/shared/schemas/mail';
import { call, useTestApp } from '../../../test/helper';
import { contactBody, pdfBytes, solveCaptcha, validContact } from '../../../test/contact-fixtures';
import { CONTACT_LIMIT } from './rate-limit';

const ctx = useTestApp();
let ip = 0;

/** Each call comes from its own address unless told, so the rate limit stays out of the way. */
async function send(
  fields: Record<string, string | undefined>,
  file?: { data: Buffer; name?: string; type?: string },
  remoteAddress = `10.0.${Math.floor(++ip / 250)}.${ip % 250}`,
  url = '/api/mail',
) {
  const altcha = 'altcha' in fields ? fields['altcha'] : await solveCaptcha(ctx.app);
  return call(ctx.app, {
    method: 'POST',
    url,
    remoteAddress,
    ...(await contactBody({ ...fields, altcha }, file)),
  });
}
const messages = async () =>
  (
    await call(ctx.app, { method: 'GET', url: '/api/messages?pageSize=100', token: ctx.adminToken })
  ).json() as MessagesPage;
/** Every stored field of one message: the list carries its delivery state, the export the rest. */
async function storedMessage(id: number) {
  const listed = (await messages()).items.find((m) => m.id === id);
  if (!listed) return undefined;
  const url = `/api/messages/export?email=${encodeURIComponent(listed.email)}`;
  const exported = (await call(ctx.app, { method: 'GET', url, token: ctx.adminToken })).json() as MessagesExport;
  return exported.messages.find((m) => m.id === id);
}

describe('captcha', () => {
  it('gives a fresh ALTCHA challenge at the configured difficulty', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/captcha/challenge' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toMatchObject({
      algorithm: 'SHA-256',
      maxnumber: 100,
      salt: expect.stringContaining('expires='),
    });
  });
});

describe('POST /api/mail', () => {
  it('stores a message with its PDF before answering 201', async () => {
    const pdf = pdfBytes(4000);
    const res = await send(validContact, { data: pdf, name: 'my cv.pdf' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ id: expect.any(Number), message: MSG.mailSent });
    const stored = (await storedMessage(res.json().id))!;
    expect(stored).toMatchObject({
      ...validContact,
      status: 'pending',
      attempts: 0,
      hasAttachment: true,
      attachmentName: 'my cv.pdf',
      vacancyId: null,
    });
  });

  it('accepts a message without phone number and file', async () => {
    const res = await send({ ...validContact, phoneNumber: undefined });
    expect(res.statusCode).toBe(201);
    const stored = (await storedMessage(res.json().id))!;
    expect(stored).toMatchObject({ phoneNumber: '', hasAttachment: false });
  });

  it('records the vacancy of an application', async () => {
    const vacancies = (await call(ctx.app, { method: 'GET', url: '/api/vacancy' })).json() as {
      id: number;
      title: string;
    }[];
    const res = await send({ ...validContact, vacancyId: String(vacancies[0]!.id) });
    expect(res.statusCode).toBe(201);
    expect(await storedMessage(res.json().id)).toMatchObject({
      vacancyId: vacancies[0]!.id,
      vacancyTitle: vacancies[0]!.title,
    });
  });

  it.each([
    ['no name', { fullName: undefined }, 'fullName', MSG.nameRequired],
    ['a blank name', { fullName: '   ' }, 'fullName', MSG.nameRequired],
    ['no e-mail', { email: '' }, 'email', MSG.emailRequiredContact],
    ['a bad e-mail', { email: 'not-an-address' }, 'email', MSG.emailInvalidContact],
    ['a too long local part', { email: `${'a'.repeat(65)}@x.example` }, 'email', MSG.emailInvalidContact],
    ['a too long e-mail', { email: `a@${'b'.repeat(250)}.example` }, 'email', MSG.emailInvalidContact],
    ['letters in the phone', { phoneNumber: '12345abc' }, 'phoneNumber', MSG.phoneInvalid],
    ['a too short phone', { phoneNumber: '12345' }, 'phoneNumber', MSG.phoneInvalid],
    ['a too long phone', { phoneNumber: '1'.repeat(21) }, 'phoneNumber', MSG.phoneInvalid],
    ['no message', { message: undefined }, 'message', MSG.messageRequired],
    ['a line break in the name', { fullName: 'Jane\r\nBcc: victim@x.example' }, 'fullName', MSG.lineBreaks],
    ['a line break in the e-mail', { email: 'jane@visitor.example\nBcc: victim@x.example' }, 'email', MSG.lineBreaks],
    ['a trailing line break in the e-mail', { email: 'jane@visitor.example\r\n' }, 'email', MSG.lineBreaks],
    ['a too long message', { message: 'x'.repeat(5001) }, 'message', MSG.messageTooLong],
  ])('refuses %s with the spec message', async (_name, over, field, message) => {
    const res = await send({ ...validContact, ...over });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    expect(res.json().errors).toContainEqual({ field, message });
  });

  it('refuses a file that is not a PDF, whatever its name (415)', async () => {
    const res = await send(validContact, { data: Buffer.from('MZ\x90\x00 not a pdf at all'), name: 'cv.pdf' });
    expect(res.statusCode).toBe(415);
    expect(res.json().message).toBe(MSG.pdfOnly);
    const tiny = await send(validContact, { data: Buffer.from('%PD'), name: 'cv.pdf' });
    expect(tiny.statusCode).toBe(415);
  });

  it('refuses a PDF over 2 MB (413) and takes one of exactly 2 MB', async () => {
    const big = await send(validContact, { data: pdfBytes(CONTACT_MAX_FILE_BYTES + 1) });
    expect(big.statusCode).toBe(413);
    expect(big.json().message).toBe(MSG.fileTooLarge);
    expect((await send(validContact, { data: pdfBytes(CONTACT_MAX_FILE_BYTES) })).statusCode).toBe(201);
  });

  it('treats an empty file input as no file', async () => {
    const res = await send(validContact, { data: Buffer.alloc(0), name: '', type: 'application/octet-stream' });
    expect(res.statusCode).toBe(201);
  });

  it('refuses unknown parts', async () => {
    const res = await send({ ...validContact, admin: 'true' });
    expect(res.statusCode).toBe(400);
  });

  it('refuses a missing, forged or reused captcha solution', async () => {
    const none = await send({ ...validContact, altcha: undefined });
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe(MSG.captchaFailed);
    const forged = await send({ ...validContact, altcha: Buffer.from('{"number":1}').toString('base64') });
    expect(forged.json().message).toBe(MSG.captchaFailed);
    expect((await send({ ...validContact, altcha: '%%%' })).statusCode).toBe(400);

    const altcha = await solveCaptcha(ctx.app);
    expect((await send({ ...validContact, altcha })).statusCode).toBe(201);
    const again = await send({ ...validContact, altcha });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(MSG.captchaFailed);
  });

  it('refuses a wrong captcha number', async () => {
    const altcha = await solveCaptcha(ctx.app);
    const payload = JSON.parse(Buffer.from(altcha, 'base64').toString());
    const wrong = Buffer.from(JSON.stringify({ ...payload, number: payload.number + 1 })).toString('base64');
    expect((await send({ ...validContact, altcha: wrong })).json().message).toBe(MSG.captchaFailed);
  });

  it('enforces the captcha on applications too', async () => {
    const res = await send({ ...validContact, vacancyId: '1', altcha: undefined });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(MSG.captchaFailed);
  });

  it.each(['999999', 'abc', '-1'])('refuses the unknown vacancy %s', async (vacancyId) => {
    const res = await send({ ...validContact, vacancyId });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(MSG.vacancyUnknown);
  });

  it('refuses an application for a closed or expired vacancy, and stores nothing', async () => {
    const before = (await messages()).total;
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    for (const over of [{ status: 'closed' }, { closingDate: yesterday }]) {
      const created = await call(ctx.app, {
        method: 'POST',
        url: '/api/vacancy',
        token: ctx.adminToken,
        payload: { title: 'Filled position', offer: 'Taken.', ...over },
      });
      expect(created.statusCode, created.body).toBe(201);
      const res = await send({ ...validContact, vacancyId: String(created.json().id) });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(MSG.vacancyClosedForApplications);
    }
    expect((await messages()).total).toBe(before);
  });

  it('answers a bot that fills the honeypot as if sent, and stores nothing', async () => {
    const before = (await messages()).total;
    const res = await send({ ...validContact, website: 'http://spam.example', altcha: undefined });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(MSG.mailSent);
    expect((await messages()).total).toBe(before);
  });

  it(`limits one address to ${CONTACT_LIMIT.max} messages per window (429)`, async () => {
    const addr = '192.0.2.77';
    for (let i = 0; i < CONTACT_LIMIT.max; i++)
      expect((await send(validContact, undefined, addr)).statusCode).toBe(201);
    const res = await send(validContact, undefined, addr);
    expect(res.statusCode).toBe(429);
    expect(res.json().message).toBe(MSG.tooManyRequests);
    expect((await send(validContact, undefined, '192.0.2.78')).statusCode).toBe(201);
  });

  it('spends the limit only on messages that pass validation and the captcha', async () => {
    const addr = '192.0.2.90';
    for (let i = 0; i < CONTACT_LIMIT.max + 2; i++) {
      const unsolved = await send({ ...validContact, altcha: 'not-a-solution' }, undefined, addr);
      expect(unsolved.statusCode).toBe(400);
      expect(unsolved.json().message).not.toBe(MSG.tooManyRequests);
      expect((await send({ ...validContact, email: 'not an e-mail' }, undefined, addr)).statusCode).toBe(400);
    }
    // The real visitor behind the same address is not blocked by what came before.
    expect((await send(validContact, undefined, addr)).statusCode).toBe(201);
  });

  it('needs the CSRF pair like every other write', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/mail', ...(await contactBody(validContact)) });
    expect(res.statusCode).toBe(403);
  });
});

describe("POST /api/contact and the spec's POST /api/mail", () => {
  it('both accept and store a submission, with the same answer', async () => {
    for (const url of ['/api/contact', '/api/mail']) {
      const res = await send({ ...validContact, fullName: `Sent to ${url}` }, undefined, undefined, url);
      expect(res.statusCode, url).toBe(201);
      expect(res.json()).toEqual({ id: expect.any(Number), message: MSG.mailSent });
      expect(await storedMessage(res.json().id)).toMatchObject({
        fullName: `Sent to ${url}`,
        status: 'pending',
      });
    }
  });

  it("count against one sender's limit", async () => {
    const addr = '192.0.2.120';
    for (let i = 0; i < CONTACT_LIMIT.max; i++) {
      const url = i % 2 ? '/api/mail' : '/api/contact';
      expect((await send(validContact, undefined, addr, url)).statusCode, url).toBe(201);
    }
    for (const url of ['/api/contact', '/api/mail'])
      expect((await send(validContact, undefined, addr, url)).statusCode, url).toBe(429);
  });
});
