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
   * How hard its copies are compressed: `fast` as made on the request that missed, `best` once
   * asked for again (store.ts upgrades it off the request path), `upgrading` in between.
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

async function compressed(identity: Buffer, levels: (typeof LEVELS)['fast' | 'best']) {
  return Promise.all([
    brotli(identity, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: levels.br,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: identity.length,
      },
    }),
    gzip(identity, { level: levels.gzip }),
  ]);
}

/** Builds an entry, compressed once at the fast levels, so every later answer is a buffer copy. */
export async function makeEntry(input: {
  status: number;
  headers: Record<string, string>;
  body: string | Buffer;
  tags: readonly string[];
}): Promise<Entry> {
  const identity = Buffer.isBuffer(input.body) ? input.body : Buffer.from(input.body);
  const entry: Entry = {
    status: input.status,
    headers: input.headers,
    identity,
    hash: hashOf(identity),
    tags: input.tags,
  };
  if (identity.length >= COMPRESS_THRESHOLD) {
    [entry.br, entry.gzip] = await compressed(identity, LEVELS.fast);
    entry.compression = 'fast';
  }
  return entry;
}

/**
 * The same entry with its copies compressed at the best levels: a new object (its prepared answers
 * are built again), same ETag, since the ETag names the content, which decodes to the same bytes.
 */
export async function bestCompressed(entry: Entry): Promise<Entry> {
  const [br, gz] = await compressed(entry.identity, LEVELS.best);
  const { prepared: _prepared, ...rest } = entry;
  return { ...rest, br, gzip: gz, compression: 'best' };
}

/** The stored bytes of one representation. */
export const bodyIn = (entry: Entry, encoding: Encoding): Buffer =>
  encoding === 'br' ? entry.br! : encoding === 'gzip' ? entry.gzip! : entry.identity;
