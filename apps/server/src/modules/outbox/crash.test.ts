import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { contactMessages, mailLogs } from '../../db/schema';
import { login, buildTestApp } from '../../../test/helper';
import { validContact } from '../../../test/contact-fixtures';
import { activeMailboxFor, freePort } from '../../../test/mail-fixtures';
import { startSmtpPeer, type SmtpPeer } from '../../../test/smtp-peer';
import { until } from '../../../test/until';
import { mailboxKey } from '../mail-settings';
import { outboxRepository } from './outbox-repository';
import { sendMail } from './transport';
import { createMailWorker, type MailWorker } from './worker';

/**
 * A process killed mid-delivery (kill -9), simulated deterministically: a worker claims a batch and
 * starts transmitting, then is abandoned without any cleanup (its sends never report back, it is
 * never stopped), as a dead process would leave things. A second worker takes over once the
 * claims' lease runs out. Only a message that was on the wire may be sent twice; the rest of the
 * claimed batch was never attempted and must go exactly once (docs/decisions/0014-mail-hardening.md).
 */
const BATCH = 5;
const LEASE_MS = 400;

let app: FastifyInstance;
let peer: SmtpPeer;
let port: number;
let successor: MailWorker | undefined;

beforeAll(async () => {
  port = await freePort();
  peer = await startSmtpPeer({ port });
  app = await buildTestApp({ smtpAllowedPorts: [port] });
  await activeMailboxFor(app, await login(app), port);
});
afterEach(async () => {
  await successor?.stop();
  successor = undefined;
  await app.db.delete(mailLogs);
  await app.db.delete(contactMessages);
  peer.messages.length = 0;
  peer.setDecide(() => 'accept');
});
afterAll(async () => {
  await app.close();
  await peer.close();
});

const outbox = () => outboxRepository(app.db);
const worker = (over: Parameters<typeof createMailWorker>[2] = {}) =>
  createMailWorker(app.db, mailboxKey(app.secret), { pollMs: 50, smtpAllowedPorts: [port], ...over });

/**
 * Starts a worker that "dies" during its pass: every mail it hands to SMTP really goes out, but the
 * outcome never comes back to it and nothing is recorded or released afterwards.
 */
function killedWorker() {
  const handedToSmtp: string[] = [];
  const doomed = worker({
    batchSize: BATCH,
    leaseMs: LEASE_MS,
    send: (options, mail) => {
      handedToSmtp.push(mail.messageId);
      void sendMail(options, mail).catch(() => {});
      return new Promise<string>(() => {});
    },
  });
  void doomed.runOnce();
  return handedToSmtp;
}

async function store(n: number): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < n; i++) ids.push(await outbox().insert({ ...validContact, message: `Message ${i}` }));
  return ids;
}

/** Waits until every claim of the dead worker has run out (the database's clock decides). */
const leasesExpired = () =>
  until(
    async () => {
      const rows = await app.db.select().from(contactMessages);
      return rows.every((r) => r.status !== 'sending' || (r.lockedUntil && r.lockedUntil.getTime() < Date.now() - 50));
    },
    10_000,
    'the dead worker’s leases to run out',
  );

/** The successor runs until everything is sent; answers how often the peer received each stored message. */
async function takeOver(): Promise<Map<string, number>> {
  successor = worker();
  successor.start();
  await until(async () => ((await outbox().counts())['sent'] ?? 0) === BATCH, 20_000, 'all sent by the successor');
  await successor.stop();
  const rows = await app.db.select().from(contactMessages);
  const received = new Map(rows.map((r) => [r.messageId!, 0]));
  for (const m of peer.messages) received.set(m.messageId, (received.get(m.messageId) ?? 0) + 1);
  return received;
}

describe('a process killed mid-delivery', () => {
  it('sends again only the message it was transmitting, even when the server had accepted it', async () => {
    await store(BATCH);
    const handedToSmtp = killedWorker();
    // The one message on the wire is accepted by the server; the process dies before it hears so.
    await peer.waitFor(1);
    await leasesExpired();

    const received = await takeOver();
    const counts = [...received.values()];
    expect(counts.every((n) => n >= 1)).toBe(true); // nothing lost
    expect(counts.filter((n) => n > 1)).toEqual([2]); // exactly one duplicate: the message on the wire
    expect(handedToSmtp).toHaveLength(1);
    expect(received.get(handedToSmtp[0]!)).toBe(2);
    // The rest of the batch counts as never attempted.
    const attempts = (await app.db.select().from(contactMessages)).map((r) => [r.messageId, r.attempts]);
    expect(Object.fromEntries(attempts)).toEqual(Object.fromEntries([...received].map(([id, n]) => [id, n])));
  });

  it('sends every message once when the transmission it died in was never accepted (server stalled)', async () => {
    await store(BATCH);
    peer.next('stall');
    const handedToSmtp = killedWorker();
    await until(async () => handedToSmtp.length >= 1, 5_000, 'a transmission to start');
    await leasesExpired();

    const received = await takeOver();
    expect([...received.values()]).toEqual(Array(BATCH).fill(1));
    expect(handedToSmtp).toHaveLength(1);
  });

  it('hands back, when stopped, the claimed messages it has not started', async () => {
    const ids = await store(BATCH);
    peer.next('stall'); // the first transmission hangs until the client's timeout
    const connections = peer.connections;
    const stopping = worker({ batchSize: BATCH });
    stopping.start();
    await until(
      async () => peer.connections > connections && (await outbox().counts())['sending'] === BATCH,
      5_000,
      'a batch claimed',
    );
    await stopping.stop();
    const rows = (await app.db.select().from(contactMessages)).filter((r) => ids.includes(r.id));
    // The stalled one was tried once and waits for its retry; the others were never tried and are due now.
    expect(rows.map((r) => [r.status, r.attempts]).sort()).toEqual([
      ['pending', 0],
      ['pending', 0],
      ['pending', 0],
      ['pending', 0],
      ['pending', 1],
    ]);
    expect(peer.messages).toHaveLength(0);
  });
});
