import crypto from 'node:crypto';
import zlib from 'node:zlib';
import { promisify } from 'node:util';

/** Public answers may be kept by a CDN for this long; browsers always ask again (ETag, 304). */
export const PUBLIC_CACHE_CONTROL = 'public, max-age=0, s-maxage=10';

/** The representations an entry can have: its bytes as stored, and the compressed copies. */
export type Encoding = 'br' | 'gzip' | 'identity';

export interface Entry {
  status: number;
  /** Every header of the answer but the encoding-dependent ones (security headers included). */
  headers: Record<string, string>;
  identity: Buffer;
  br?: Buffer;
  gzip?: Buffer;
  /** The strong ETag's hash part; the encoding is appended (`"…-br"`), as each encoding is its own representation. */
  hash: string;
  tags: readonly string[];
  /** The route that stored it: the metrics label of its hits answered before Fastify (answer-direct.ts). */
  route?: string;
  /** Per encoding, the complete answer as answer-direct.ts writes it, built on its first use. */
  prepared?: Partial<Record<Encoding, Prepared>>;
  /**
   * How hard its copies are compressed: `fast` as made on the request that missed (the one copy its
   * client takes), `best` once asked for again (store.ts upgrades it to both copies off the request
   * path), `upgrading` in between; none when it is too small to compress.
   */
  compression?: 'fast' | 'upgrading' | 'best';
}

/**
 * A hit's headers (a flat name/value list, as writeHead takes it) and body, ready to write. Both
 * lists end with `x-request-id` and an empty value, which the direct answer fills in its copy.
 */
export interface Prepared {
  headers: string[];
  /** The headers of the 304 answer to a matching If-None-Match: the same less content-encoding and length. */
  notModifiedHeaders: string[];
  body: Buffer;
}

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
/** Below this, compression saves less than its headers cost. */
const COMPRESS_THRESHOLD = 1024;

/** The ETag's hash part of a body. */
export const hashOf = (body: Buffer): string =>
  crypto.createHash('sha256').update(body).digest('base64url').slice(0, 27);

/**
 * Compression levels. `fast` is what a miss pays on its own request: Brotli 5 and gzip 6 take a few
 * milliseconds for a page where Brotli 11 took 40 ms or more, for about 10 % more bytes. `best` is
 * for answers asked for again (docs/decisions/0140-fast-compression-on-a-miss.md).
 */
const LEVELS = {
  fast: { br: 5, gzip: 6 },
  best: { br: 11, gzip: 9 },
} as const;

const brotliOptions = (quality: number, identity: Buffer): zlib.BrotliOptions => ({
  params: {
    [zlib.constants.BROTLI_PARAM_QUALITY]: quality,
    [zlib.constants.BROTLI_PARAM_SIZE_HINT]: identity.length,
  },
});

/**
 * Builds an entry for the request that missed, compressed once at the fast levels in the one
 * `encoding` that request takes (`preferredEncoding` of its `Accept-Encoding`, negotiate.ts): its
 * answer waits for one compression, and an answer nobody asks for again (a search, a deep list
 * page) costs no second one. A later request that takes only the other encoding gets a copy this
 * entry has (identity at worst, always acceptable); the first hit brings both at the best levels
 * (`bestCompressed`, store.ts; docs/decisions/0162-a-miss-compresses-what-it-sends.md).
 */
export async function makeEntry(input: {
  status: number;
  headers: Record<string, string>;
  body: string | Buffer;
  tags: readonly string[];
  encoding: Encoding;
}): Promise<Entry> {
  const identity = Buffer.isBuffer(input.body) ? input.body : Buffer.from(input.body);
  const entry: Entry = {
    status: input.status,
    headers: input.headers,
    identity,
    hash: hashOf(identity),
    tags: input.tags,
  };
  if (compressible(entry)) {
    const { encoding } = input;
    const inline = identity.length <= INLINE_COMPRESSION_LIMIT;
    const br = () => brotliOptions(LEVELS.fast.br, identity);
    const gz = { level: LEVELS.fast.gzip };
    if (encoding === 'br') entry.br = inline ? zlib.brotliCompressSync(identity, br()) : await brotli(identity, br());
    else if (encoding === 'gzip') entry.gzip = inline ? zlib.gzipSync(identity, gz) : await gzip(identity, gz);
    entry.compression = 'fast';
  }
  return entry;
}

/** Whether an entry has (or will have, once asked for again) compressed copies: its answers vary by Accept-Encoding. */
export const compressible = (entry: Entry): boolean => entry.identity.length >= COMPRESS_THRESHOLD;

/**
 * Up to this size a miss compresses on the main thread: about a millisecond for a page (50–150 KB),
 * where the round trip through libuv's thread pool cost one to three more (measured on a cold
 * render). Larger answers (a sitemap part, a big API read) go to the pool, so as not to hold up
 * every other request for longer than a page's render does.
 */
const INLINE_COMPRESSION_LIMIT = 256 * 1024;

/**
 * The same entry with its copies compressed at the best levels: a new object (its prepared answers
 * are built again), same ETag, since the ETag names the content, which decodes to the same bytes.
 */
export async function bestCompressed(entry: Entry): Promise<Entry> {
  const [br, gz] = await Promise.all([
    brotli(entry.identity, brotliOptions(LEVELS.best.br, entry.identity)),
    gzip(entry.identity, { level: LEVELS.best.gzip }),
  ]);
  const { prepared: _prepared, ...rest } = entry;
  return { ...rest, br, gzip: gz, compression: 'best' };
}

/** The stored bytes of one representation. */
export const bodyIn = (entry: Entry, encoding: Encoding): Buffer =>
  encoding === 'br' ? entry.br! : encoding === 'gzip' ? entry.gzip! : entry.identity;
