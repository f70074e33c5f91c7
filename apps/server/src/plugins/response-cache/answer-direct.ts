import crypto from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { performance } from 'node:perf_hooks';
import type { Entry } from './entry';
import { keyBeforeRouting, type RouteQueries } from './key';
import { negotiate } from './negotiate';
import { prepare } from './representation';

/** Counts an answer made before Fastify (set by the metrics plugin). */
export type ObserveDirect = (method: string, route: string, status: number, seconds: number, hit: boolean) => void;

/**
 * Answers a GET or HEAD from the cache straight on the node:http objects, before Fastify routes
 * it: the same status, headers and bytes as the first-hook answer (representation.ts's sendEntry,
 * the request id of app.ts's onSend hook), at about the cost of a bare node:http handler. False,
 * having written nothing, when it is not a hit. docs/decisions/0085-lean-cache-hits-and-memory.md
 */
export function answerDirect(
  req: IncomingMessage,
  res: ServerResponse,
  files: ReadonlyMap<string, Entry>,
  queries: RouteQueries,
  get: (key: string) => Entry | undefined,
  observe: ObserveDirect | undefined,
): boolean {
  if (req.method !== 'GET' && req.method !== 'HEAD') return false;
  const started = observe ? performance.now() : 0;
  const url = req.url ?? '/';
  let entry = files.get(url);
  const hit = !entry;
  if (!entry) {
    const key = keyBeforeRouting(url, queries);
    entry = key === undefined ? undefined : get(key);
    if (!entry) return false;
  }
  const negotiated = negotiate(entry, req.headers['accept-encoding'], req.headers['if-none-match']);
  const prepared = prepare(entry, negotiated, hit);
  const fresh = negotiated.notModified;
  // app.ts's onSend hook gives every answer a fresh request id (docs/operations.md): so does this
  // one. A copy by slice, not concat: V8 runs concat in C++, slice inline (npm run bench:instructions).
  const headers = (fresh ? prepared.notModifiedHeaders : prepared.headers).slice();
  headers[headers.length - 1] = crypto.randomUUID();
  res.writeHead(fresh ? 304 : entry.status, headers);
  // Node writes no body for a HEAD request or a 304, whatever is passed.
  res.end(fresh ? undefined : prepared.body);
  observe?.(
    req.method,
    entry.route ?? 'unmatched',
    fresh ? 304 : entry.status,
    (performance.now() - started) / 1000,
    hit,
  );
  return true;
}
