import type { Encoding, Entry } from './entry';

/**
 * Which representation of an entry a request gets, and whether it gets a 304 instead: the one
 * place that reads Accept-Encoding and If-None-Match, for every way an entry leaves (the direct
 * answer before Fastify, a hit in the first hook, a stored miss, a build file).
 */
export interface Negotiated {
  encoding: Encoding;
  /** The strong ETag of that representation: each encoding is its own (`"…-br"`, `"…-gz"`). */
  etag: string;
  /** If-None-Match names the entry's version (a 200 only: a stored redirect is answered as stored). */
  notModified: boolean;
}

export function negotiate(
  entry: Entry,
  acceptEncoding: string | undefined,
  ifNoneMatch: string | undefined,
): Negotiated {
  const encoding = chooseEncoding(acceptEncoding, entry);
  return {
    encoding,
    etag: `"${entry.hash}${ETAG_SUFFIX[encoding]}"`,
    notModified: entry.status === 200 && namesVersion(ifNoneMatch, entry.hash),
  };
}

const ETAG_SUFFIX: Readonly<Record<Encoding, string>> = { br: '-br', gzip: '-gz', identity: '' };

/** The server's preference among codings the client weighs equally: the smallest first. */
const PREFERENCE: readonly Encoding[] = ['br', 'gzip', 'identity'];

/**
 * The encoding to send, as RFC 9110 section 12.5.3 reads Accept-Encoding: the available coding
 * with the highest `q` (the server's preference on a tie); `*` weighs every coding the field does
 * not name; `q=0` refuses. A coding it does not mention is not acceptable, but identity is, below
 * every weighed coding, unless `identity;q=0` or `*;q=0` refuses it. No header (or an empty one)
 * gives identity, as it always has here. When nothing available is acceptable the answer is
 * identity all the same: the RFC lets a server disregard the field rather than answer 406, and a
 * 406 for a page would help no reader.
 *
 * Not @fastify/accept-negotiator: it maps `*` to the first supported coding even where the field
 * refuses that coding by name (`br;q=0, *` gives br) and knows nothing of identity.
 */
export function chooseEncoding(header: string | undefined, available: { br?: Buffer; gzip?: Buffer }): Encoding {
  for (const encoding of ranking(header ?? '')) {
    if (encoding === 'identity' || available[encoding]) return encoding;
  }
  return 'identity';
}

/** Both codings the cache makes, as `chooseEncoding` weighs what is available. */
const BOTH = { br: Buffer.alloc(0), gzip: Buffer.alloc(0) };

/** The coding a client takes first among those the cache makes: the one copy a miss makes for it (entry.ts). */
export const preferredEncoding = (acceptEncoding: string | undefined): Encoding => chooseEncoding(acceptEncoding, BOTH);

/** The acceptable encodings of an Accept-Encoding value, best first; memoised per value. */
const ranked = new Map<string, readonly Encoding[]>();
function ranking(header: string): readonly Encoding[] {
  let found = ranked.get(header);
  if (found) return found;
  const weights = new Map<string, number>();
  for (const part of header.split(',')) {
    const [token, ...params] = part.split(';');
    const name = token!.trim().toLowerCase();
    if (!name) continue;
    const q = params.map((p) => p.trim().toLowerCase()).find((p) => p.startsWith('q='));
    // RFC 9110 8.4.1.3: x-gzip is gzip. An unreadable weight refuses, as a weight of 0.
    weights.set(name === 'x-gzip' ? 'gzip' : name, q === undefined ? 1 : qvalue(q.slice(2)));
  }
  const star = weights.get('*');
  const weightOf = (encoding: Encoding): number | undefined =>
    weights.get(encoding) ?? star ?? (encoding === 'identity' && header.trim() !== '' ? IMPLICIT : undefined);
  found = PREFERENCE.filter((e) => (weightOf(e) ?? 0) > 0).sort((a, b) => weightOf(b)! - weightOf(a)!);
  // Array.prototype.sort is stable: equal weights keep PREFERENCE's order.
  if (ranked.size > 100) ranked.clear();
  ranked.set(header, found);
  return found;
}

/** Identity's weight when the field neither names it nor has `*`: acceptable, after every named coding. */
const IMPLICIT = Number.MIN_VALUE;

/** A qvalue (`0`, `0.5`, `1.000`), 0 when it is not one. */
function qvalue(text: string): number {
  if (!/^(0(\.\d{0,3})?|1(\.0{0,3})?)$/.test(text.trim())) return 0;
  return Number(text.trim());
}

/** Whether If-None-Match names this entry's version, in any encoding (weak comparison, RFC 9110). */
function namesVersion(header: string | undefined, hash: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  return header.split(',').some((tag) => {
    const opaque = tag.trim().replace(/^W\//, '').replace(/^"|"$/g, '');
    return opaque === hash || opaque === `${hash}-br` || opaque === `${hash}-gz`;
  });
}
