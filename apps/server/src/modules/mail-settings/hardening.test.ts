import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { mailboxes } from '../../db/schema';
import { decrypt } from '../../lib/crypto';
import { buildTestApp, call, login } from '../../../test/helper';
import { freePort, providerBody } from '../../../test/mail-fixtures';
import { startSmtpPeer, type SmtpPeer } from '../../../test/smtp-peer';
import { FAILURE_TEXT, testMailFailed } from '../outbox';
import { mailboxKey } from './mail-config';
import { MAIL_TEXT, portNotAllowed } from './mailbox-rules';

/**
 * The hardening of the mailbox settings (docs/decisions/0014-mail-hardening.md): the stored
 * password only ever goes where it was entered for, the test send connects only where the saved
 * mailbox says and only to SMTP ports, and what comes back names a kind of failure, never the
 * remote server's own words.
 */
const CREDS = { user: 'box@company.example', pass: 's3cret-pass' };

let app: FastifyInstance;
let token: string;
/** The server the mailbox is meant for. */
let home: SmtpPeer;
/** Another server (someone else's): it records whatever credentials a client offers it. */
let elsewhere: SmtpPeer;
/** A mail server on a port outside the allowed set. */
let offPort: SmtpPeer;
/** Allowed, but nothing listens there. */
let closedPort: number;
/** Accepts connections and never says a word. */
let silent: net.Server;
/** Greets with something that is not SMTP, carrying text that must not come back to the client. */
let babbler: net.Server;
let providerId: number;
let otherProviderId: number;

const tcpServer = (onConnection: (socket: net.Socket) => void) =>
  new Promise<net.Server>((resolve) => {
    const server = net.createServer(onConnection);
    server.listen(0, '127.0.0.1', () => resolve(server));
  });
const portOf = (server: net.Server) => (server.address() as net.AddressInfo).port;

beforeAll(async () => {
  home = await startSmtpPeer({ auth: CREDS });
  elsewhere = await startSmtpPeer({ auth: { user: 'someone@elsewhere.example', pass: 'not-yours' } });
  offPort = await startSmtpPeer();
  closedPort = await freePort();
  silent = await tcpServer(() => {});
  babbler = await tcpServer((socket) => socket.end('* OK IMAP4rev1 SECRET-BANNER ready\r\n'));
  app = await buildTestApp({
    smtpAllowedPorts: [home.port, elsewhere.port, closedPort, portOf(silent), portOf(babbler)],
  });
  token = await login(app);
  providerId = (await req('POST', '/api/providers/create', providerBody({ port: home.port, auth: true }))).json().id;
  otherProviderId = (await req('POST', '/api/providers/create', providerBody({ port: 587, auth: true }))).json().id;
});
afterAll(async () => {
  await app.close();
  await Promise.all([home.close(), elsewhere.close(), offPort.close()]);
  silent.close();
  babbler.close();
});

function req(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) {
  return call(app, { method, url, token, ...(payload ? { payload } : {}) });
}

const mailbox = (over: object = {}) => ({
  providerId,
  type: 'PROD',
  host: '127.0.0.1',
  port: home.port,
  username: CREDS.user,
  password: CREDS.pass,
  protocol: 'smtp',
  auth: true,
  starttlsEnable: false,
  active: false,
  connectionTimeout: 2000,
  timeout: 2000,
  writeTimeout: 2000,
  ...over,
});
/** The mailbox body without the password field at all. */
const withoutPassword = (over: object = {}) => {
  const { password: _password, ...body } = mailbox(over);
  return body;
};
async function createMailbox(over: object = {}): Promise<number> {
  const res = await req('POST', '/api/mailboxes/create', mailbox(over));
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id;
}
const stored = async (id: number) => (await app.db.select().from(mailboxes).where(eq(mailboxes.id, id)))[0]!;
const storedPassword = async (id: number) => {
  const enc = (await stored(id)).passwordEnc;
  return enc ? decrypt(mailboxKey(app.secret), enc) : null;
};

describe('the stored mailbox password is bound to where it goes', () => {
  it('is cleared when host and port change without it, so a test send cannot carry it to the new server', async () => {
    // Entered for the company's server; nobody ever sends through it in this test.
    const id = await createMailbox({ host: 'smtp.company.example', port: 587 });
    expect(await storedPassword(id)).toBe(CREDS.pass);

    // Pointed at another server, the password field left empty as the edit form leaves it.
    const moved = await req(
      'PUT',
      `/api/mailboxes/${id}/update`,
      mailbox({ host: '127.0.0.1', port: elsewhere.port, password: '' }),
    );
    expect(moved.statusCode).toBe(200);
    const test = await req('POST', `/api/mailboxes/${id}/test`);
    expect(elsewhere.authAttempts.map((a) => a.pass)).not.toContain(CREDS.pass);

    expect(moved.json()).toMatchObject({ port: elsewhere.port, hasPassword: false });
    expect((await stored(id)).passwordEnc).toBeNull();
    expect(test.statusCode).toBe(400);
    expect(test.json().message).toBe(MAIL_TEXT.passwordMissing);
    // Refused before connecting: the other server never heard from us.
    expect(elsewhere.connections).toBe(0);
  });

  it.each([
    ['host', () => ({ host: 'smtp.elsewhere.example' })],
    ['port', () => ({ port: 587 })],
    ['username', () => ({ username: 'other@company.example' })],
    ['protocol', () => ({ protocol: 'smtps' })],
    ['provider', () => ({ providerId: otherProviderId })],
  ])('is cleared when the %s changes and no new password comes with it', async (_field, change) => {
    // The password field empty (as the edit form sends it) or absent altogether.
    for (const body of [mailbox({ ...change(), password: '' }), withoutPassword(change())]) {
      const id = await createMailbox();
      const res = await req('PUT', `/api/mailboxes/${id}/update`, body);
      expect(res.statusCode).toBe(200);
      expect(res.json().hasPassword).toBe(false);
      expect(await storedPassword(id)).toBeNull();
    }
  });

  it('takes the new password that comes with the change', async () => {
    const id = await createMailbox();
    const res = await req(
      'PUT',
      `/api/mailboxes/${id}/update`,
      mailbox({ host: 'smtp.elsewhere.example', port: 465, password: 'new-pass' }),
    );
    expect(res.json()).toMatchObject({ host: 'smtp.elsewhere.example', port: 465, hasPassword: true });
    expect(await storedPassword(id)).toBe('new-pass');
  });

  it('is kept when none of host, port, username, protocol and provider change and the password is left empty', async () => {
    const id = await createMailbox();
    const before = (await stored(id)).passwordEnc;
    const bodies = [
      mailbox({ password: '', type: 'DEV' }),
      withoutPassword({
        auth: false,
        starttlsEnable: true,
        active: true,
        connectionTimeout: 3000,
        timeout: 4000,
        writeTimeout: 5000,
      }),
      // Spaces around a text are trimmed as at creation: the same destination.
      mailbox({ password: '', host: ' 127.0.0.1 ', username: ` ${CREDS.user} ` }),
    ];
    for (const body of bodies) {
      const res = await req('PUT', `/api/mailboxes/${id}/update`, body);
      expect(res.statusCode).toBe(200);
      expect(res.json().hasPassword).toBe(true);
    }
    expect((await stored(id)).passwordEnc).toBe(before);
    await app.db.update(mailboxes).set({ active: false }).where(eq(mailboxes.id, id));
  });
});

describe('the test send', () => {
  it('uses only the saved settings, whatever the request carries', async () => {
    const id = await createMailbox();
    const before = home.messages.length;
    const elsewhereBefore = elsewhere.connections;
    const res = await req('POST', `/api/mailboxes/${id}/test`, {
      host: '127.0.0.1',
      port: elsewhere.port,
      username: 'someone@elsewhere.example',
      password: 'not-yours',
      to: 'someone@elsewhere.example',
      recipients: ['someone@elsewhere.example'],
    });
    expect(res.statusCode).toBe(200);
    expect(home.messages).toHaveLength(before + 1);
    expect(home.messages.at(-1)).toMatchObject({ user: CREDS.user, to: [CREDS.user] });
    expect(elsewhere.connections).toBe(elsewhereBefore);
  });

  it('refuses, at save, a port outside the SMTP ports and the allowed ones, for mailboxes and providers', async () => {
    const port = offPort.port;
    const expected = { field: 'port', message: portNotAllowed(port) };
    const created = await req('POST', '/api/mailboxes/create', mailbox({ port }));
    expect(created.statusCode).toBe(400);
    expect(created.json()).toMatchObject({ message: portNotAllowed(port), errors: [expected] });

    const id = await createMailbox();
    const updated = await req('PUT', `/api/mailboxes/${id}/update`, mailbox({ port }));
    expect(updated.statusCode).toBe(400);
    expect(updated.json().errors).toEqual([expected]);
    expect((await stored(id)).port).toBe(home.port);

    const provider = await req('POST', '/api/providers/create', providerBody({ port }));
    expect(provider.statusCode).toBe(400);
    expect(provider.json().errors).toEqual([expected]);
    const providerUpdate = await req('PUT', `/api/providers/${providerId}`, providerBody({ port: 6379 }));
    expect(providerUpdate.statusCode).toBe(400);
    expect(providerUpdate.json().errors).toEqual([{ field: 'port', message: portNotAllowed(6379) }]);

    for (const smtpPort of [25, 465, 587, 2525]) {
      expect((await req('POST', '/api/providers/create', providerBody({ port: smtpPort }))).statusCode).toBe(201);
      expect(
        (await req('POST', '/api/mailboxes/create', mailbox({ host: 'smtp.company.example', port: smtpPort })))
          .statusCode,
      ).toBe(201);
    }
    expect(offPort.connections).toBe(0);
  });

  it('does not connect through a saved mailbox whose port is not allowed (any more)', async () => {
    // Saved before the rule, or the allow list shrank since: the row is there, the port is not allowed.
    const [row] = await app.db
      .insert(mailboxes)
      .values({ providerId, type: 'DEV', host: '127.0.0.1', port: offPort.port, username: CREDS.user, auth: false })
      .returning();
    const res = await req('POST', `/api/mailboxes/${row!.id}/test`);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(portNotAllowed(offPort.port));
    expect(offPort.connections).toBe(0);
    expect(offPort.messages).toHaveLength(0);
  });

  it.each([
    ['refused', () => ({ port: closedPort }), FAILURE_TEXT.refused],
    [
      'timeout',
      () => ({ port: portOf(silent), connectionTimeout: 300, timeout: 300, writeTimeout: 300 }),
      FAILURE_TEXT.timeout,
    ],
    ['TLS', () => ({ starttlsEnable: true }), FAILURE_TEXT.tls],
    ['authentication', () => ({ password: 'wrong-password' }), FAILURE_TEXT.auth],
    [
      'rejected',
      () => (home.next({ code: 550, message: 'SECRET-REMOTE-TEXT mailbox full' }), {}),
      FAILURE_TEXT.rejected(550),
    ],
    ['unknown', () => ({ port: portOf(babbler) }), FAILURE_TEXT.unknown],
  ])('answers a failure as %s, in its own words and never the server’s', async (_kind, over, reason) => {
    const id = await createMailbox(over());
    const res = await req('POST', `/api/mailboxes/${id}/test`);
    expect(res.statusCode).toBe(502);
    expect(res.json().message).toBe(testMailFailed(reason));
    expect(res.body).not.toMatch(/SECRET|Invalid username|IMAP|ECONN|ETIMEDOUT|127\.0\.0\.1/);
  });
});
