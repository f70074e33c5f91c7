/**
 * The mail server of the e2e run: a real SMTP server on loopback that the site delivers contact
 * messages to (the setup project points the active mailbox at it through the admin API), and a
 * small HTTP side that tells the tests what it received.
 *
 * - SMTP on SMTP_PORT: accepts every mail and records it. One rule makes failures real rather than
 *   invented: a mail whose text holds `e2e-refuse-once:<token>` is refused with a permanent 550 the
 *   first time that token is seen, and accepted afterwards (so a resend goes through).
 * - HTTP on SMTP_PORT + 1: GET /messages answers the accepted mails as JSON (PeerMail[]).
 *
 * The global setup starts it in the runner process, so it lives as long as the run, whatever
 * happens to the test workers.
 */
import http from 'node:http';
import { SMTPServer } from 'smtp-server';
import { parseMail } from '../apps/server/test/smtp-peer';
import { REFUSE_ONCE } from './env';

const REFUSAL = 'Mailbox unavailable (the e2e peer refuses this mail once)';

/** One accepted mail, as the tests see it. */
export interface PeerMail {
  messageId: string;
  subject: string;
  from: string;
  replyTo: string;
  /** Envelope recipients. */
  to: string[];
  text: string;
  attachments: { filename: string; contentType: string; size: number }[];
  /** ISO 8601. */
  receivedAt: string;
}

export interface RunningPeer {
  close(): Promise<void>;
}

export async function startMailPeer(smtpPort: number, httpPort: number): Promise<RunningPeer> {
  const received: PeerMail[] = [];
  const refusedTokens = new Set<string>();

  const smtp = new SMTPServer({
    secure: false,
    logger: false,
    closeTimeout: 1000,
    disabledCommands: ['STARTTLS', 'AUTH'],
    authOptional: true,
    size: 20 * 1024 * 1024,
    onData(stream, session, cb) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const mail = parseMail(
          Buffer.concat(chunks).toString('utf8'),
          session.envelope.rcptTo.map((r) => r.address),
        );
        const token = new RegExp(`${REFUSE_ONCE}(\\S+)`).exec(mail.text)?.[1];
        if (token && !refusedTokens.has(token)) {
          refusedTokens.add(token);
          return cb(Object.assign(new Error(REFUSAL), { responseCode: 550 }));
        }
        received.push({
          messageId: mail.messageId,
          subject: mail.subject,
          from: mail.from,
          replyTo: mail.replyTo,
          to: mail.to,
          text: mail.text,
          attachments: mail.attachments.map((a) => ({
            filename: a.filename,
            contentType: a.contentType,
            size: a.content.length,
          })),
          receivedAt: new Date(mail.receivedAt).toISOString(),
        });
        cb(null);
      });
    },
  });
  smtp.on('error', () => {}); // a client that hangs up is not the peer's problem
  await new Promise<void>((resolve, reject) => {
    smtp.server.once('error', reject);
    smtp.listen(smtpPort, '127.0.0.1', () => resolve());
  });

  const api = http.createServer((req, res) => {
    if (req.method === 'GET' && req.url === '/messages') {
      res.writeHead(200, { 'content-type': 'application/json' });
      return res.end(JSON.stringify(received));
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve, reject) => {
    api.once('error', reject);
    api.listen(httpPort, '127.0.0.1', () => resolve());
  });

  return {
    close: async () => {
      api.closeAllConnections();
      await Promise.all([
        new Promise<void>((resolve) => api.close(() => resolve())),
        new Promise<void>((resolve) => smtp.close(() => resolve())),
      ]);
    },
  };
}
