import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { SITE_DEFAULT_MSG } from '@app/shared/messages/site-defaults';
import { SITE_DEFAULT_MSG as SITE_DEFAULT_NL } from '@app/shared/messages/nl/site-defaults';
import { STAFF_MSG } from '@app/shared/messages/staff';
import type { MailLog, MessagesPage } from '@app/shared/schemas/mail';
import type { SiteSettings } from '@app/shared/schemas/content';
import { contactMessages, mailLogs } from '../../db/schema';
import { buildTestApp, call, login } from '../../../test/helper';
import { startSmtpPeer, type ReceivedMail, type SmtpPeer } from '../../../test/smtp-peer';
import { contactBody, solveCaptcha, validContact } from '../../../test/contact-fixtures';
import { activeMailboxFor, freePort } from '../../../test/mail-fixtures';
import { until } from '../../../test/until';
import { mailboxKey } from '../mail-settings';
import { createMailWorker, type MailWorker } from '../outbox';

/**
 * The visitor's confirmation (docs/behaviour/contact-and-applications.md): after a message is
 * stored, its sender receives one short mail through the same outbox, delivered for real to an
 * SMTP peer by the delivery worker.
 */
let app: FastifyInstance;
let token: string;
let peer: SmtpPeer;
let worker: MailWorker;
let ip = 0;
const STAFF = 'contact@company.example';

beforeAll(async () => {
  const port = await freePort();
  app = await buildTestApp({ smtpAllowedPorts: [port] });
  token = await login(app);
  peer = await startSmtpPeer({ port });
  await activeMailboxFor(app, token, port, { username: STAFF });
});
beforeEach(() => {
  worker = createMailWorker(app.db, mailboxKey(app.secret), {
    pollMs: 50,
    backoffBaseMs: 100,
    backoffMaxMs: 400,
    smtpAllowedPorts: [peer.port],
  });
  worker.start();
});
afterEach(async () => {
  await worker.stop();
  peer.messages.length = 0;
  await app.db.delete(mailLogs);
  await app.db.delete(contactMessages);
});
afterAll(async () => {
  await app.close();
  await peer.close();
});

const post = async (fields: Record<string, string>, acceptLanguage?: string) => {
  const body = await contactBody({ ...validContact, altcha: await solveCaptcha(app), ...fields });
  return call(app, {
    method: 'POST',
    url: '/api/mail',
    remoteAddress: `10.7.${Math.floor(++ip / 250)}.${ip % 250}`,
    ...body,
    headers: { ...body.headers, ...(acceptLanguage ? { 'accept-language': acceptLanguage } : {}) },
  });
};
const settings = async () =>
  (await call(app, { method: 'GET', url: '/api/settings/admin', token })).json() as SiteSettings;
const saveSettings = async (over: Partial<SiteSettings>) => {
  const { confirmationEnabled, confirmationText, ...rest } = await settings();
  return call(app, {
    method: 'PUT',
    url: '/api/settings',
    token,
    payload: { ...rest, confirmationEnabled, confirmationText, ...over },
  });
};
/** Waits until the peer holds `n` mails, all of them; the worker is then stopped so nothing more can come. */
const mailsAfter = async (n: number): Promise<ReceivedMail[]> => {
  await peer.waitFor(n, 20_000);
  await until(
    async () =>
      (await app.db.select().from(contactMessages).where(eq(contactMessages.status, 'pending'))).length === 0 ||
      undefined,
    20_000,
    'an empty queue',
  );
  await worker.stop();
  return [...peer.messages];
};
const toVisitor = (mails: ReceivedMail[], address = validContact.email) => mails.filter((m) => m.to.includes(address));

describe('confirmation to the visitor', () => {
  it('is on by default with the default text, and is sent once, after the message to staff', async () => {
    expect(await settings()).toMatchObject({
      confirmationEnabled: true,
      confirmationText: SITE_DEFAULT_MSG.confirmationTextDefault,
    });
    const res = await post({});
    expect(res.statusCode).toBe(201);
    const mails = await mailsAfter(2);
    expect(mails).toHaveLength(2);
    expect(mails[0]!.to).toEqual([STAFF]);
    const [confirmation] = toVisitor(mails);
    expect(confirmation).toMatchObject({ subject: 'Redwall: We received your message', to: [validContact.email] });
    expect(confirmation!.from).toContain(STAFF);
    expect(confirmation!.text.trim()).toBe(SITE_DEFAULT_MSG.confirmationTextDefault);
    // Nothing the visitor typed is sent back to the address they gave.
    expect(confirmation!.text).not.toContain(validContact.message);
    expect(confirmation!.raw).toMatch(/^Auto-Submitted: auto-replied/m);
    // Staff's Messages screen and mail log hold the message only; the confirmation's row says it was sent.
    const listed = (await call(app, { method: 'GET', url: '/api/messages', token })).json() as MessagesPage;
    expect(listed.items.map((m) => m.id)).toEqual([res.json().id]);
    expect(listed.total).toBe(1);
    const logs = (await call(app, { method: 'GET', url: '/api/mail-logs', token })).json() as MailLog[];
    expect(logs.map((l) => l.recipients)).toEqual([STAFF]);
    const [row] = await app.db.select().from(contactMessages).where(eq(contactMessages.confirmsId, res.json().id));
    expect(row).toMatchObject({ kind: 'confirmation', status: 'sent', email: validContact.email });
  });

  it('shows an applicant the vacancy title', async () => {
    const vacancy = (
      (await call(app, { method: 'GET', url: '/api/vacancy' })).json() as { id: number; title: string }[]
    )[0]!;
    expect((await post({ vacancyId: String(vacancy.id), email: 'applicant@visitor.example' })).statusCode).toBe(201);
    const [confirmation] = toVisitor(await mailsAfter(2), 'applicant@visitor.example');
    expect(confirmation!.subject).toBe(`Redwall: We received your application for ${vacancy.title}`);
    expect(confirmation!.text).toContain(`Vacancy: ${vacancy.title}`);
  });

  it('uses the text from the settings, and is not sent when switched off', async () => {
    const text = 'Thanks! We answer within two working days.\nThe Redwall team';
    expect((await saveSettings({ confirmationText: text })).statusCode).toBe(200);
    await post({ email: 'custom@visitor.example' });
    const [confirmation] = toVisitor(await mailsAfter(2), 'custom@visitor.example');
    expect(confirmation!.text.replace(/\r\n/g, '\n').trim()).toBe(text);

    worker.start();
    expect((await saveSettings({ confirmationEnabled: false })).statusCode).toBe(200);
    // A save without the confirmation fields (an older client) keeps the choice.
    const { confirmationEnabled: _e, confirmationText: _t, ...withoutThem } = await settings();
    expect(
      (await call(app, { method: 'PUT', url: '/api/settings', token, payload: withoutThem })).json(),
    ).toMatchObject({ confirmationEnabled: false, confirmationText: text });
    await post({ email: 'quiet@visitor.example' });
    const mails = await mailsAfter(3);
    expect(mails).toHaveLength(3);
    expect(toVisitor(mails, 'quiet@visitor.example')).toEqual([]);
    expect(
      (await saveSettings({ confirmationEnabled: true, confirmationText: SITE_DEFAULT_MSG.confirmationTextDefault }))
        .statusCode,
    ).toBe(200);
  });

  it('is never sent for a honeypot hit or a refused request', async () => {
    expect((await post({ email: 'bot@visitor.example', website: 'http://spam.example' })).statusCode).toBe(200);
    expect((await post({ email: 'bad-captcha@visitor.example', altcha: 'not-a-solution' })).statusCode).toBe(400);
    expect((await post({ email: 'bad-vacancy@visitor.example', vacancyId: '999999' })).statusCode).toBe(400);
    expect((await post({ email: 'no-name@visitor.example', fullName: '' })).statusCode).toBe(400);
    // One real message afterwards: once it and its confirmation arrived, nothing else came.
    await post({ email: 'real@visitor.example' });
    const mails = await mailsAfter(2);
    expect(mails.flatMap((m) => m.to).sort()).toEqual([STAFF, 'real@visitor.example']);
    expect(await app.db.select({ id: contactMessages.id }).from(contactMessages)).toHaveLength(2);
  });

  it('is one per message: the database refuses a second confirmation of the same message', async () => {
    const id = (await post({ email: 'once@visitor.example' })).json().id as number;
    await mailsAfter(2);
    const second = app.db
      .insert(contactMessages)
      .values({ kind: 'confirmation', confirmsId: id, fullName: 'x', email: 'once@visitor.example', message: 'again' });
    await expect(second).rejects.toThrow();
  });

  it('settings refuse an empty confirmation text', async () => {
    const res = await saveSettings({ confirmationText: '   ' });
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json())).toContain(STAFF_MSG.confirmationTextRequired);
  });
});

/** The visitor's language (decision 0155): the Accept-Language of the page that sent the message. */
describe('the visitor’s language', () => {
  it('is stored with the message and shown to staff; the staff mail names it', async () => {
    const res = await post({ email: 'nl@visitor.example' }, 'nl-BE,nl;q=0.9,en;q=0.5');
    expect(res.statusCode).toBe(201);
    const mails = await mailsAfter(2);
    const listed = (await call(app, { method: 'GET', url: '/api/messages', token })).json() as MessagesPage;
    expect(listed.items.find((m) => m.id === res.json().id)).toMatchObject({ language: 'nl' });
    const toStaff = mails.find((m) => m.to.includes(STAFF))!;
    expect(toStaff.text).toContain('Language: Nederlands (nl)');
    // The confirmation is the built-in Dutch text while staff keep the built-in English one.
    const [confirmation] = toVisitor(mails, 'nl@visitor.example');
    expect(confirmation!.subject).toBe('Redwall: We hebben uw bericht ontvangen');
    expect(confirmation!.text.trim()).toBe(SITE_DEFAULT_NL.confirmationTextDefault);
  });

  it('a French applicant gets the confirmation in French: the translated text and the French title', async () => {
    const text = 'Merci ! Nous lisons chaque candidature et répondons sous deux jours ouvrables.';
    const saved = await call(app, {
      method: 'PUT',
      url: '/api/texts/confirmation/translations/fr',
      token,
      payload: { confirmationText: text },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const vacancy = ((await call(app, { method: 'GET', url: '/api/vacancy' })).json() as { id: number }[])[0]!;
    const translated = await call(app, {
      method: 'PUT',
      url: `/api/vacancy/${vacancy.id}/translations/fr`,
      token,
      payload: { title: 'Développeur Java', offer: 'Un contrat à durée indéterminée.', status: 'published' },
    });
    expect(translated.statusCode, translated.body).toBe(200);

    const res = await post({ vacancyId: String(vacancy.id), email: 'fr@visitor.example' }, 'fr-BE');
    expect(res.statusCode).toBe(201);
    const [confirmation] = toVisitor(await mailsAfter(2), 'fr@visitor.example');
    expect(confirmation!.subject).toBe('Redwall: Nous avons bien reçu votre candidature pour Développeur Java');
    const body = confirmation!.text.replace(/\r\n/g, '\n');
    expect(body).toContain(text);
    expect(body).toContain('Offre d’emploi : Développeur Java');
  });

  it('is English for a browser that asks for none of the site’s languages', async () => {
    const res = await post({ email: 'de@visitor.example' }, 'de-DE,de;q=0.9');
    const [confirmation] = toVisitor(await mailsAfter(2), 'de@visitor.example');
    expect(confirmation!.subject).toBe('Redwall: We received your message');
    const listed = (await call(app, { method: 'GET', url: '/api/messages', token })).json() as MessagesPage;
    expect(listed.items.find((m) => m.id === res.json().id)).toMatchObject({ language: 'en' });
  });
});
