import fp from 'fastify-plugin';
import { STATUS_CODES, type IncomingMessage } from 'node:http';
import { hasZodFastifySchemaValidationErrors, type ZodFastifySchemaValidationError } from 'fastify-type-provider-zod';
import type { FastifyError } from 'fastify';
import { MSG } from '@app/shared/messages';
import { HttpError } from '../lib/http-error';
import { RETRY_AFTER_SECONDS, unavailableDependency } from '../lib/dependency-unavailable';
import { validationFailed, type IssueLike } from '../lib/field-errors';
import type { ErrorBody } from '@app/shared/schemas/common';
import { SERVER_MSG } from '@app/shared/messages/server';

const body = (statusCode: number, message: string, errors?: ErrorBody['errors']): ErrorBody => ({
  statusCode,
  error: STATUS_CODES[statusCode] ?? 'Error',
  message,
  ...(errors ? { errors } : {}),
});

/** A route-validation entry (fastify-type-provider-zod) back as the zod issue it was made from. */
function issueOf(v: ZodFastifySchemaValidationError): IssueLike {
  const path = v.instancePath.replace(/^\//, '');
  const keys = (v.params as { keys?: unknown }).keys;
  return {
    code: v.keyword,
    path: path ? path.split('/') : [],
    message: v.message ?? SERVER_MSG.invalidValue,
    ...(Array.isArray(keys) ? { keys: keys.map(String) } : {}),
  };
}

/** The request's body stopped before its end because the client closed the connection. */
const clientGone = (raw: IncomingMessage) => !raw.complete && (raw.destroyed || raw.socket?.destroyed === true);

/**
 * One error shape for the whole API: `{ statusCode, error, message, errors? }`.
 * Client errors keep their message; server errors are logged and answered with a generic text,
 * so no stack trace, SQL or secret ever reaches a response.
 */
export const errorsPlugin = fp(async (app) => {
  app.setErrorHandler((thrown: FastifyError | HttpError, req, reply) => {
    // Route validation (the shared zod schemas) answers like every schema check in a service.
    const err = hasZodFastifySchemaValidationErrors(thrown) ? validationFailed(thrown.validation.map(issueOf)) : thrown;
    if (err instanceof HttpError) {
      if (err.retryAfter !== undefined) reply.header('retry-after', String(err.retryAfter));
      return reply.code(err.statusCode).send(body(err.statusCode, err.message, err.errors));
    }
    // The client went away (a tab closed during an upload): its request, not the database, failed.
    if (clientGone(req.raw)) {
      req.log.info({ err }, 'client closed the request');
      return reply.code(400).send(body(400, MSG.requestIncomplete));
    }
    // A dependency that cannot serve: the client is told to come back, whichever it is.
    const unavailable = unavailableDependency(err);
    if (unavailable) {
      if (unavailable.dependency === 'database') {
        req.log.error({ err, unavailable: unavailable.reason }, 'database unavailable');
        if (req.method !== 'GET' && req.method !== 'HEAD')
          app.database?.recordWrite({ ok: false, reason: unavailable.reason });
      } else {
        // Logged once per outage where it is noticed (lib/redis-link.ts), not once per request.
        req.log.debug({ unavailable }, 'dependency unavailable');
      }
      return reply.code(503).header('retry-after', String(RETRY_AFTER_SECONDS)).send(body(503, MSG.serviceUnavailable));
    }
    const status = typeof err.statusCode === 'number' && err.statusCode >= 400 ? err.statusCode : 500;
    if (status >= 500) {
      req.log.error({ err }, 'request failed');
      return reply.code(status).send(body(status, SERVER_MSG.internalError));
    }
    if (status === 413) return reply.code(413).send(body(413, SERVER_MSG.requestTooLarge));
    if (
      err.code === 'FST_ERR_CTP_INVALID_JSON_BODY' ||
      err.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' ||
      err instanceof SyntaxError
    ) {
      return reply.code(400).send(body(400, SERVER_MSG.bodyNotJson));
    }
    return reply.code(status).send(body(status, err.message));
  });
});

export { body as errorBody };
