/**
 * The development mail catcher that `npm run dev` starts: an SMTP server on localhost:1025 (where
 * the demo mailbox points) that accepts every mail, prints a line per mail, and shows what it
 * received at http://localhost:1080 (newest first; /N shows mail N whole). Nothing leaves the
 * machine. Kept in memory only: a restart empties it.
 *
 * Alone: `npx tsx scripts/dev/mail-catcher.ts` (MAIL_CATCHER_SMTP_PORT, MAIL_CATCHER_HTTP_PORT).
 */
import http from 'node:http';
import { SMTPServer } from 'smtp-server';
import { parseMail, type ReceivedMail } from '../../apps/server/test/smtp-peer';

export interface MailCatcher {
  smtpPort: number;
  httpPort: number;
  close(): Promise<void>;
}

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function page(mails: ReceivedMail[]): string {
  const rows = mails
    .map((m, i) => ({ m, n: i + 1 }))
    .reverse()
    .map(
      ({ m, n }) =>
        `<tr><td><a href="/${n}">${n}</a></td><td>${escape(new Date(m.receivedAt).toISOString())}</td><td>${escape(m.from)}</td><td>${escape(m.to.join(', '))}</td><td>${escape(m.subject)}</td></tr>`,
    )
    .join('');
  return `<!doctype html><meta charset="utf-8"><title>Mail catcher</title><h1>Mail caught in development (${mails.length})</h1>
<table border="1" cellpadding="4"><tr><th>#</th><th>received</th><th>from</th><th>to</th><th>subject</th></tr>${rows}</table>`;
}

function one(m: ReceivedMail): string {
  const attachments =
    m.attachments.map((a) => `${a.filename} (${a.contentType}, ${a.content.length} bytes)`).join(', ') || 'none';
  return `<!doctype html><meta charset="utf-8"><title>${escape(m.subject)}</title><p><a href="/">all mail</a></p>
<dl><dt>From</dt><dd>${escape(m.from)}</dd><dt>Reply-To</dt><dd>${escape(m.replyTo)}</dd><dt>To</dt><dd>${escape(m.to.join(', '))}</dd>
<dt>Subject</dt><dd>${escape(m.subject)}</dd><dt>Attachments</dt><dd>${escape(attachments)}</dd></dl><pre>${escape(m.text)}</pre>`;
}

export async function startMailCatcher(smtpPort = 1025, httpPort = 1080, host = '127.0.0.1'): Promise<MailCatcher> {
  const mails: ReceivedMail[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    // Development only, on loopback: any account and password are accepted, so a mailbox with
    // "Auth" ticked works too.
    onAuth: (auth, _session, cb) => cb(null, { user: auth.username ?? 'dev' }),
    onData(stream, session, cb) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const mail = parseMail(
          Buffer.concat(chunks).toString('latin1'),
          session.envelope.rcptTo.map((r) => r.address),
        );
        mails.push(mail);
        process.stdout.write(
          `[mail catcher] #${mails.length} to ${mail.to.join(', ')}: ${mail.subject} — http://localhost:${httpPort}/${mails.length}\n`,
        );
        cb();
      });
    },
  });
  const web = http.createServer((req, res) => {
    const n = Number((req.url ?? '/').slice(1));
    const mail = Number.isInteger(n) && n > 0 ? mails[n - 1] : undefined;
    if (req.url !== '/' && !mail) return void res.writeHead(404).end('No such mail.');
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(mail ? one(mail) : page(mails));
  });
  await new Promise<void>((resolve, reject) => {
    smtp.server.once('error', reject);
    smtp.listen(smtpPort, host, () => resolve());
  });
  await new Promise<void>((resolve, reject) => web.once('error', reject).listen(httpPort, host, resolve)).catch(
    async (err: unknown) => {
      await new Promise<void>((r) => smtp.close(() => r()));
      throw err;
    },
  );
  return {
    smtpPort,
    httpPort,
    close: () =>
      Promise.all([
        new Promise<void>((r) => smtp.close(() => r())),
        new Promise<void>((r) => web.close(() => r())),
      ]).then(() => {}),
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const catcher = await startMailCatcher(
    Number(process.env['MAIL_CATCHER_SMTP_PORT'] ?? 1025),
    Number(process.env['MAIL_CATCHER_HTTP_PORT'] ?? 1080),
  );
  process.stdout.write(
    `mail catcher: SMTP on localhost:${catcher.smtpPort}, mail at http://localhost:${catcher.httpPort}\n`,
  );
}
