import { MSG } from '@app/shared/messages';
import type { FastifyRequest } from 'fastify';
import { badRequest } from './http-error';

const BOUNDARY = /;\s*boundary=(?:"([^"]+)"|([^;\s]+))/i;
/** RFC 2046: a boundary is 1 to 70 characters. */
const MAX_BOUNDARY = 70;
const NOT_MULTIPART = MSG.multipartInvalid;

/**
 * Refuses a multipart request whose Content-Type has no usable boundary with a 400, before the
 * parser (busboy) meets it and throws a plain Error that would be a 500.
 */
export function assertMultipartBoundary(req: FastifyRequest): void {
  const match = BOUNDARY.exec(String(req.headers['content-type'] ?? ''));
  const boundary = match?.[1] ?? match?.[2];
  if (!boundary || boundary.length > MAX_BOUNDARY) throw badRequest(NOT_MULTIPART);
}

/**
 * A body that ends inside a part or before its closing boundary (cut off, or written with another
 * boundary), or a part header busboy cannot read, as a 400 that stores nothing. @fastify/multipart
 * 10 passes busboy's plain Error on (9 ended the parts silently there, and the missing part was
 * refused instead); a file part cut short ends its stream early. Any other error is returned
 * unchanged.
 */
export function truncatedMultipart(err: unknown): unknown {
  if (!(err instanceof Error) || 'statusCode' in err) return err;
  const broken =
    (err as { code?: unknown }).code === 'ERR_STREAM_PREMATURE_CLOSE' ||
    /^Unexpected end of (form|multipart data)$|^Malformed part header$/.test(err.message);
  return broken ? badRequest(NOT_MULTIPART) : err;
}
