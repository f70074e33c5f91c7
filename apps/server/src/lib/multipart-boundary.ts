import { MSG } from '@app/shared/messages';
import type { FastifyRequest } from 'fastify';
import { badRequest } from './http-error';

const BOUNDARY = /;\s*boundary=(?:"([^"]+)"|([^;\s]+))/i;
/** RFC 2046: a boundary is 1 to 70 characters. */
const MAX_BOUNDARY = 70;

/**
 * Refuses a multipart request whose Content-Type has no usable boundary with a 400, before the
 * parser (busboy) meets it and throws a plain Error that would be a 500.
 */
export function assertMultipartBoundary(req: FastifyRequest): void {
  const match = BOUNDARY.exec(String(req.headers['content-type'] ?? ''));
  const boundary = match?.[1] ?? match?.[2];
  if (!boundary || boundary.length > MAX_BOUNDARY) throw badRequest(MSG.multipartInvalid);
}
