// A real SMTP server on loopback for tests and the mail bench: it records what it accepts and
// answers as told (accept, a 4xx or 5xx reply, silence), and can go down and come back on its port.
import { SMTPServer, type SMTPServerOptions } from 'smtp-server';

export interface ReceivedMail {
  raw: string;
  messageId: string;
  subject: string;
  from: string;
  replyTo: string;
  /** Envelope recipients. */
  to: string[];
  /** The authenticated user, when the client signed in. */
  user: string | undefined;
  /** When the peer accepted it (ms since epoch). */
  receivedAt: number;
  text: string;
  attachments: { filename: string; contentType: string; content: Buffer }[];
}

/**
 * What the peer does with one message: accept it, reply with an SMTP error code, or stall
 * (never answer, so the client's timeout fires; the message is not accepted).
 */
export type Behaviour = 'accept' | 'stall' | { code: number; message?: string };

export interface SmtpPeerOptions {
  /** Require AUTH PLAIN/LOGIN with these credentials. */
  auth?: { user: string; pass: string };
  /** Port to listen on (0: any free one). */
  port?: number;
  /** Decides for each message when nothing is queued with next(); default: accept. */
  decide?: () => Behaviour;
}

export interface SmtpPeer {
  readonly port: number;
  readonly messages: ReceivedMail[];
  /** Every AUTH the clients tried, with the credentials they offered (right or wrong). */
  readonly authAttempts: { user: string; pass: string }[];
  /** How many connections clients opened. */
  readonly connections: number;
  /** Behaviours for the next messages, in order; after them `decide` applies again. */
  next(...behaviours: Behaviour[]): void;
  setDecide(decide: () => Behaviour): void;
  /** Stops listening and drops open connections: clients get "connection refused". */
  down(): Promise<void>;
  /** Listens again on the same port. */
  up(): Promise<void>;
  readonly isUp: boolean;
  close(): Promise<void>;
  /** Resolves when `count` messages were accepted, or rejects after the deadline. */
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedMail[]>;
}

function unfoldHeaders(head: string): Map<string, string> {
  const map = new Map<string, string>();
  for (const line of head.replace(/\r\n[ \t]+/g, ' ').split('\r\n')) {
    const i = line.indexOf(':');
    if (i > 0) {
      const name = line.slice(0, i).trim().toLowerCase();
      if (!map.has(name)) map.set(name, line.slice(i + 1).trim());
    }
  }
  return map;
}

const ENCODED_WORD = /=\?utf-8\?([QB])\?([^?]*)\?=/gi;
const wordBytes = (enc: string, data: string): Buffer =>
  enc.toUpperCase() === 'B'
    ? Buffer.from(data, 'base64')
    : Buffer.from(
        data.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, (_x, h: string) => String.fromCharCode(parseInt(h, 16))),
        'latin1',
      );
/**
 * RFC 2047: the whitespace between adjacent encoded words is not text, and a character's bytes may
 * be split across two words, so a run of them is decoded as one byte string (a long French subject
 * is folded so).
 */
const decodeWord = (v: string) =>
  v.replace(/=\?utf-8\?[QB]\?[^?]*\?=(?:\s+=\?utf-8\?[QB]\?[^?]*\?=)*/gi, (run) =>
    Buffer.concat([...run.matchAll(ENCODED_WORD)].map(([, enc, data]) => wordBytes(enc!, data!))).toString('utf8'),
  );

function decodeBody(body: string, encoding: string | undefined): Buffer {
  if (encoding?.toLowerCase() === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64');
  if (encoding?.toLowerCase() === 'quoted-printable')
    return Buffer.from(
      body.replace(/=\r\n/g, '').replace(/=([0-9A-F]{2})/gi, (_x, h: string) => String.fromCharCode(parseInt(h, 16))),
      'latin1',
    );
  return Buffer.from(body, 'utf8');
}

/** Just enough MIME for nodemailer's output: headers, a text part and attachments. */
export function parseMail(raw: string, to: string[] = [], user?: string): ReceivedMail {
  const split = (s: string) => {
    const i = s.indexOf('\r\n\r\n');
    return i < 0 ? [s, ''] : [s.slice(0, i), s.slice(i + 4)];
  };
  const [head, body] = split(raw);
  const headers = unfoldHeaders(head!);
  const mail: ReceivedMail = {
    raw,
    messageId: headers.get('message-id') ?? '',
    subject: decodeWord(headers.get('subject') ?? ''),
    from: decodeWord(headers.get('from') ?? ''),
    replyTo: decodeWord(headers.get('reply-to') ?? ''),
    to,
    user,
    receivedAt: Date.now(),
    text: '',
    attachments: [],
  };
  const boundary = /boundary="?([^";]+)"?/i.exec(headers.get('content-type') ?? '')?.[1];
  if (!boundary) {
    mail.text = decodeBody(body!, headers.get('content-transfer-encoding')).toString('utf8');
    return mail;
  }
  for (const part of body!.split(`--${boundary}`).slice(1)) {
    if (part.startsWith('--')) break;
    const [ph, pb] = split(part.replace(/^\r\n/, ''));
    const h = unfoldHeaders(ph!);
    const content = decodeBody(pb!.replace(/\r\n$/, ''), h.get('content-transfer-encoding'));
    const disposition = h.get('content-disposition') ?? '';
    if (/attachment/i.test(disposition)) {
      const filename = decodeWord(/filename="?([^";]+)"?/i.exec(disposition)?.[1] ?? '');
      mail.attachments.push({ filename, contentType: (h.get('content-type') ?? '').split(';')[0]!, content });
    } else if (/text\/plain/i.test(h.get('content-type') ?? '')) {
      mail.text = content.toString('utf8');
    }
  }
  return mail;
}

export async function startSmtpPeer(opts: SmtpPeerOptions = {}): Promise<SmtpPeer> {
  const messages: ReceivedMail[] = [];
  const authAttempts: { user: string; pass: string }[] = [];
  let connections = 0;
  const queue: Behaviour[] = [];
  let decide = opts.decide ?? ((): Behaviour => 'accept');
  let server: SMTPServer | undefined;
  let port = opts.port ?? 0;
  const waiters = new Set<() => void>();

  const options: SMTPServerOptions = {
    secure: false,
    logger: false,
    // In-flight sessions finish before a stop (a cut after "250 OK" is SMTP's own at-least-once window).
    closeTimeout: 1000,
    disabledCommands: opts.auth ? ['STARTTLS'] : ['STARTTLS', 'AUTH'],
    authOptional: !opts.auth,
    allowInsecureAuth: true,
    size: 20 * 1024 * 1024,
    onConnect(_session, cb) {
      connections++;
      cb();
    },
    onAuth(auth, _session, cb) {
      authAttempts.push({ user: auth.username ?? '', pass: auth.password ?? '' });
      if (opts.auth && auth.username === opts.auth.user && auth.password === opts.auth.pass)
        return cb(null, { user: auth.username });
      return cb(Object.assign(new Error('Invalid username or password'), { responseCode: 535 }));
    },
    onData(stream, session, cb) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const behaviour = queue.shift() ?? decide();
        if (behaviour === 'stall') return; // never answers: the client times out
        if (behaviour !== 'accept') {
          return cb(
            Object.assign(new Error(behaviour.message ?? `Refused with ${behaviour.code}`), {
              responseCode: behaviour.code,
            }),
          );
        }
        const rcpt = session.envelope.rcptTo.map((r) => r.address);
        messages.push(
          parseMail(
            Buffer.concat(chunks).toString('utf8'),
            rcpt,
            typeof session.user === 'string' ? session.user : undefined,
          ),
        );
        for (const w of waiters) w();
        cb(null);
      });
    },
  };

  const listen = () =>
    new Promise<void>((resolve, reject) => {
      const s = new SMTPServer(options);
      s.on('error', () => {}); // client resets and timeouts are part of the tests
      s.server.once('error', reject);
      s.listen(port, '127.0.0.1', () => {
        port = (s.server.address() as { port: number }).port;
        server = s;
        resolve();
      });
    });

  const down = () =>
    new Promise<void>((resolve) => {
      const s = server;
      server = undefined;
      if (!s) return resolve();
      s.close(() => resolve());
    });

  await listen();

  return {
    get port() {
      return port;
    },
    messages,
    authAttempts,
    get connections() {
      return connections;
    },
    next: (...b) => void queue.push(...b),
    setDecide: (d) => void (decide = d),
    down,
    up: async () => {
      if (!server) await listen();
    },
    get isUp() {
      return !!server;
    },
    close: down,
    waitFor: (count, timeoutMs = 20_000) =>
      new Promise((resolve, reject) => {
        const check = () => {
          if (messages.length >= count) {
            waiters.delete(check);
            clearTimeout(timer);
            resolve(messages);
          }
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`expected ${count} mails, got ${messages.length}`));
        }, timeoutMs);
        waiters.add(check);
        check();
      }),
  };
}
