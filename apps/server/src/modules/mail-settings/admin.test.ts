import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { MSG } from '@app/shared/messages';
import { providerForm, providerFormDefaults, mailboxForm, copyFromProvider } from '@app/shared/schemas/mail';
import { mailboxes } from '../../db/schema';
import { buildTestApp, call, login } from '../../../test/helper';
import { startSmtpPeer, type SmtpPeer } from '../../../test/smtp-peer';
import { providerBody } from '../../../test/mail-fixtures';
import { FAILURE_TEXT, testMailFailed } from '../outbox';

let app: FastifyInstance;
let token: string;
let peer: SmtpPeer;

beforeAll(async () => {
  peer = await startSmtpPeer({ auth: { user: 'box@company.example', pass: 's3cret-pass' } });
  // The peer listens on a port of the system's choosing: allowed like SMTP_ALLOWED_PORTS would.
  app = await buildTestApp({ smtpAllowedPorts: [peer.port] });
  token = await login(app);
});
afterAll(async () => {
  await app.close();
  await peer.close();
});

const req = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  call(app, { method, url, token, ...(payload ? { payload } : {}) });

describe('providers', () => {
  it('creates, reads, lists, updates and deletes a provider', async () => {
    const body = providerBody({ providerName: 'Mailjet', port: 587 });
    const created = await req('POST', '/api/providers/create', body);
    expect(created.statusCode).toBe(201);
    const id = created.json().id;
    expect(created.json()).toEqual({ id: expect.any(Number), ...body });
    expect((await req('GET', `/api/providers/${id}`)).json()).toEqual(created.json());
    expect((await req('GET', '/api/providers/all')).json()).toContainEqual(created.json());

    const updated = await req('PUT', `/api/providers/${id}`, {
      ...body,
      host: 'in-v3.mailjet.example',
      starttlsEnable: true,
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ id, host: 'in-v3.mailjet.example', starttlsEnable: true });

    const removed = await req('DELETE', `/api/providers/${id}`);
    expect(removed.json()).toEqual({ message: MSG.providerDeleted });
    expect((await req('GET', `/api/providers/${id}`)).statusCode).toBe(404);
    expect((await req('DELETE', `/api/providers/${id}`)).statusCode).toBe(404);
  });

  it('refuses a second provider with the same name, port and protocol (409)', async () => {
    const body = providerBody({ providerName: 'Duplicate Co', port: 2525 });
    expect((await req('POST', '/api/providers/create', body)).statusCode).toBe(201);
    const again = await req('POST', '/api/providers/create', {
      ...body,
      providerName: 'duplicate co',
      host: 'other.example',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(MSG.providerExists);
    expect((await req('POST', '/api/providers/create', { ...body, port: 587 })).statusCode).toBe(201);
    const q = (name: string, port: number) =>
      req('GET', `/api/providers/exists?providerName=${encodeURIComponent(name)}&port=${port}&protocol=smtp`);
    expect((await q('Duplicate Co', 2525)).json()).toBe(true);
    expect((await q('Duplicate Co', 2599)).json()).toBe(false);
    expect((await req('GET', '/api/providers/exists?providerName=x&port=abc&protocol=smtp')).statusCode).toBe(400);
  });

  it.each([
    ['providerName', '', MSG.providerNameRequired],
    ['host', '', MSG.hostRequired],
    ['protocol', ' ', MSG.protocolRequired],
    ['port', undefined, MSG.portRequired],
    ['port', 70000, MSG.portInvalid],
    ['port', '12a', MSG.portInvalid],
    ['timeout', 'soon', MSG.timeoutInvalid],
    ['connectionTimeout', undefined, MSG.connectionTimeoutRequired],
    ['timeout', undefined, MSG.readTimeoutRequired],
    ['writeTimeout', undefined, MSG.writeTimeoutRequired],
    ['host', 'a\r\nb', MSG.lineBreaks],
  ])('refuses a provider with %s = %j', async (field, value, message) => {
    const res = await req('POST', '/api/providers/create', { ...providerBody(), [field]: value });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toContainEqual({ field, message });
  });

  it('refuses to delete a provider a mailbox uses (409)', async () => {
    const provider = (await req('POST', '/api/providers/create', providerBody())).json();
    const box = await req('POST', '/api/mailboxes/create', {
      providerId: provider.id,
      type: 'DEV',
      host: 'h',
      port: 25,
    });
    expect(box.statusCode).toBe(201);
    const res = await req('DELETE', `/api/providers/${provider.id}`);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(MSG.providerInUse);
  });

  it('offers form schemas with the spec messages and defaults', () => {
    expect(providerFormDefaults.connectionTimeout).toBe('5000');
    const bad = providerForm.safeParse({ ...providerFormDefaults, port: '25a' });
    expect(bad.error?.issues.map((i) => i.message)).toEqual(
      expect.arrayContaining([MSG.providerNameRequired, MSG.hostRequired, MSG.portInvalid]),
    );
    const ok = providerForm.parse({ ...providerFormDefaults, providerName: 'P', host: 'h', port: '587' });
    expect(ok).toMatchObject({ port: 587, connectionTimeout: 5000 });
    expect(copyFromProvider({ host: 'h' })).toMatchObject({
      port: 0,
      connectionTimeout: 5000,
      timeout: 5000,
      writeTimeout: 5000,
    });
    expect(mailboxForm.safeParse({ type: 'DEV', host: '', port: 1 }).error?.issues.map((i) => i.message)).toEqual(
      expect.arrayContaining([MSG.providerRequired, MSG.hostRequired]),
    );
  });
});

describe('mailboxes', () => {
  let providerId: number;
  beforeAll(async () => {
    providerId = (
      await req(
        'POST',
        '/api/providers/create',
        providerBody({ providerName: 'Box provider', port: peer.port, auth: true }),
      )
    ).json().id;
  });
  const mailbox = (over: object = {}) => ({
    providerId,
    type: 'PROD',
    host: '127.0.0.1',
    port: peer.port,
    username: 'box@company.example',
    password: 's3cret-pass',
    protocol: 'smtp',
    auth: true,
    starttlsEnable: false,
    active: false,
    connectionTimeout: 3000,
    timeout: 3000,
    writeTimeout: 3000,
    ...over,
  });

  it('stores the password encrypted and never returns it', async () => {
    const created = await req('POST', '/api/mailboxes/create', mailbox());
    expect(created.statusCode).toBe(201);
    const id = created.json().id;
    const [row] = await app.db.select().from(mailboxes).where(eq(mailboxes.id, id));
    expect(row!.passwordEnc).toBeTruthy();
    expect(row!.passwordEnc).not.toContain('s3cret-pass');
    for (const res of [created, await req('GET', `/api/mailboxes/${id}`), await req('GET', '/api/mailboxes/all')]) {
      expect(res.body).not.toContain('s3cret-pass');
      expect(res.body).not.toContain(row!.passwordEnc!);
      expect(res.body).not.toMatch(/"password/);
    }
    expect((await req('GET', `/api/mailboxes/${id}`)).json()).toMatchObject({
      hasPassword: true,
      username: 'box@company.example',
    });
    const listed = ((await req('GET', '/api/mailboxes/all')).json() as { id: number }[]).find((m) => m.id === id);
    expect(listed).toMatchObject({
      providerName: 'Box provider',
      providerHost: '127.0.0.1',
      providerPort: peer.port,
      providerAuth: true,
      providerStarttlsEnable: false,
    });
  });

  it('keeps the stored password when an update leaves it empty, and sends a test mail with it', async () => {
    const id = (await req('POST', '/api/mailboxes/create', mailbox())).json().id;
    const [before] = await app.db.select().from(mailboxes).where(eq(mailboxes.id, id));
    const updated = await req('PUT', `/api/mailboxes/${id}/update`, mailbox({ password: '', type: 'DEV' }));
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ type: 'DEV', hasPassword: true });
    const [after] = await app.db.select().from(mailboxes).where(eq(mailboxes.id, id));
    expect(after!.passwordEnc).toBe(before!.passwordEnc);

    const sent = peer.messages.length;
    const test = await req('POST', `/api/mailboxes/${id}/test`);
    expect(test.statusCode).toBe(200);
    expect(test.json()).toMatchObject({ ok: true, message: expect.stringContaining(MSG.testMailSent) });
    expect(peer.messages.length).toBe(sent + 1);
    expect(peer.messages.at(-1)).toMatchObject({ user: 'box@company.example', to: ['box@company.example'] });

    // A wrong password: the kind of failure comes back, in our words (not the server's).
    await req('PUT', `/api/mailboxes/${id}/update`, mailbox({ password: 'wrong' }));
    const refused = await req('POST', `/api/mailboxes/${id}/test`);
    expect(refused.statusCode).toBe(502);
    expect(refused.json().message).toBe(testMailFailed(FAILURE_TEXT.auth));
  });

  it('keeps one active mailbox at a time', async () => {
    const a = (await req('POST', '/api/mailboxes/create', mailbox({ active: true }))).json().id;
    const b = (await req('POST', '/api/mailboxes/create', mailbox({ active: true }))).json().id;
    const all = (await req('GET', '/api/mailboxes/all')).json() as { id: number; active: boolean }[];
    expect(all.filter((m) => m.active).map((m) => m.id)).toEqual([b]);
    await req('PUT', `/api/mailboxes/${a}/update`, mailbox({ active: true }));
    const again = (await req('GET', '/api/mailboxes/all')).json() as { id: number; active: boolean }[];
    expect(again.filter((m) => m.active).map((m) => m.id)).toEqual([a]);
  });

  it('validates the mailbox form', async () => {
    const res = await req('POST', '/api/mailboxes/create', { type: 'DEV', port: 25 });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual(
      expect.arrayContaining([
        { field: 'providerId', message: MSG.providerRequired },
        { field: 'host', message: MSG.hostRequired },
      ]),
    );
    expect((await req('POST', '/api/mailboxes/create', mailbox({ providerId: 999999 }))).statusCode).toBe(400);
    expect(
      (await req('POST', '/api/mailboxes/create', mailbox({ username: 'a@b.example\r\nBcc: x@y' }))).statusCode,
    ).toBe(400);
  });

  it('deletes a mailbox with a message for the UI', async () => {
    const id = (await req('POST', '/api/mailboxes/create', mailbox())).json().id;
    const res = await req('DELETE', `/api/mailboxes/${id}`);
    expect(res.json()).toEqual({ message: MSG.mailboxDeleted });
    expect((await req('GET', `/api/mailboxes/${id}`)).statusCode).toBe(404);
    expect((await req('DELETE', `/api/mailboxes/${id}`)).statusCode).toBe(404);
  });
});
