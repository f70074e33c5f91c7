import type { FastifyRequest } from 'fastify';
import type { Room } from './rooms';

/**
 * Which room a cacheable read's answer takes, from its address, or undefined when it is not kept
 * at all (docs/decisions/0120-cache-rooms-and-one-address-per-page.md). `path` is the key's path,
 * as asked (`/api/posts/012`).
 *
 * - A query string, or a parameter that is free text (search words): the client composes the
 *   address, so it goes to `open`.
 * - Ids only: the address built back from the parsed parameters (`/api/posts/12`) is the read's
 *   one address and goes to `pages`; another spelling of it (`/api/posts/012`) is answered but not
 *   kept, so that spellings cannot push out what visitors read.
 */
export function readRoom(req: FastifyRequest, path: string, hasQuery: boolean): Room | undefined {
  const params = (req.params ?? {}) as Record<string, unknown>;
  if (hasQuery || Object.values(params).some((v) => typeof v === 'string')) return 'open';
  const pattern = req.routeOptions.url ?? path;
  const canonical = pattern.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(String(params[name])));
  return canonical === path ? 'pages' : undefined;
}

/**
 * Which room a rendered page takes: `open` with a query string; `pages` at its canonical address
 * (its `<link rel="canonical">`, less the query); `aside` elsewhere (the default vacancy at
 * `/vacancy`, a path that only the URL parser made canonical, `/x/../about`).
 */
export function pageRoom(path: string, hasQuery: boolean, canonical: string | undefined): Room {
  if (hasQuery) return 'open';
  return canonical !== undefined && canonical.split('?')[0] === path ? 'pages' : 'aside';
}
