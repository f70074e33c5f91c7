import type { FastifyReply, FastifyRequest } from 'fastify';
import { bodyIn, compressible, type Entry, type Prepared } from './entry';
import { negotiate, type Negotiated } from './negotiate';

/** The last name/value pair of every prepared list: the request id, filled per answer. */
const REQUEST_ID = ['x-request-id', ''] as const;

/** An entry's answer in the negotiated encoding as answer-direct.ts writes it: headers in sendEntry's order. */
export function prepare(entry: Entry, negotiated: Negotiated, hit: boolean): Prepared {
  const { encoding } = negotiated;
  const memo = (entry.prepared ??= {});
  const done = memo[encoding];
  // x-cache is per answer kind, not per entry: a file is never `hit` (and the direct answer serves
  // files only as files), a cached read always is, so one memo per entry and encoding suffices.
  if (done) return done;
  const body = bodyIn(entry, encoding);
  const common: string[] = hit ? ['x-cache', 'hit'] : [];
  for (const [name, value] of Object.entries(entry.headers)) common.push(name, value);
  // What Fastify's reply.send gives a Buffer without a type (a stored redirect's empty body).
  if (!('content-type' in entry.headers)) common.push('content-type', 'application/octet-stream');
  common.push('etag', negotiated.etag);
  if (compressible(entry)) common.push('vary', 'Accept-Encoding');
  const prepared: Prepared = {
    headers: [
      ...common,
      ...(encoding === 'identity' ? [] : ['content-encoding', encoding]),
      'content-length',
      String(body.length),
      ...REQUEST_ID,
    ],
    notModifiedHeaders: [...common, ...REQUEST_ID],
    body,
  };
  memo[encoding] = prepared;
  return prepared;
}

/**
 * The representation a request gets. Its encoding is final: @fastify/compress (app.ts), whose
 * onSend hook runs after the cache's, would otherwise compress an identity answer by its own
 * reading of Accept-Encoding (it has no idea of an explicit `identity` weighed above gzip), under
 * the identity representation's ETag. Its documented switch is this request header.
 */
function negotiated(req: FastifyRequest, entry: Entry): Negotiated {
  req.headers['x-no-compression'] = '1';
  return negotiate(entry, req.headers['accept-encoding'], req.headers['if-none-match']);
}

/** Answers from an entry: the stored bytes in the best accepted encoding, or 304. */
export function sendEntry(req: FastifyRequest, reply: FastifyReply, entry: Entry): FastifyReply {
  const { encoding, etag, notModified } = negotiated(req, entry);
  reply.headers(entry.headers);
  reply.header('etag', etag);
  if (compressible(entry)) reply.header('vary', 'Accept-Encoding');
  if (notModified) return reply.code(304).send();
  if (encoding !== 'identity') reply.header('content-encoding', encoding);
  return reply.code(entry.status).send(bodyIn(entry, encoding));
}

/**
 * sendEntry's headers and status on an answer already on its way (onSend): the body to send in
 * its place, or an empty one when the answer became a 304.
 */
export function sendEntryInPlace(req: FastifyRequest, reply: FastifyReply, entry: Entry): Buffer | string {
  const { encoding, etag, notModified } = negotiated(req, entry);
  reply.header('cache-control', entry.headers['cache-control']);
  reply.header('etag', etag);
  if (compressible(entry)) reply.header('vary', 'Accept-Encoding');
  if (notModified) {
    reply.code(304);
    return '';
  }
  if (encoding !== 'identity') reply.header('content-encoding', encoding);
  return bodyIn(entry, encoding);
}
