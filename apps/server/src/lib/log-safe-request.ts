import type { FastifyRequest } from 'fastify';

/**
 * Query parameters that name a person. The data-subject routes (`/api/messages?email=`, its export
 * and erase) carry the address in the query string; the request log would keep it after the person
 * was erased (docs/security.md, "Secrets and personal data").
 */
const PERSONAL_QUERY = /([?&](?:email)=)[^&#]*/gi;

/** The URL with the values of personal query parameters replaced. */
export const logSafeUrl = (url: string): string => url.replace(PERSONAL_QUERY, '$1[redacted]');

/** What a log line says about a request: Fastify's default fields, with the URL made log-safe. */
export const logSafeRequest = (req: FastifyRequest) => ({
  method: req.method,
  url: logSafeUrl(req.url),
  host: req.host,
  remoteAddress: req.ip,
  remotePort: req.socket?.remotePort,
});
