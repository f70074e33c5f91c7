import fp from 'fastify-plugin';
import { STATUS_CODES } from 'node:http';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { FastifyError } from 'fastify';
import { HttpError } from '../lib/http-error';
import type { ErrorBody } from '@app/shared/schemas/common';

const body = (statusCode: number, message: string, errors?: ErrorBody['errors']): ErrorBody => ({
  statusCode,
  error: STATUS_CODES[statusCode] ?? 'Error',
  message,
  ...(errors ? { errors } : {}),
});

/**
 * One error shape for the whole API: `{ statusCode, error, message, errors? }`.
 * Client errors keep their message; server errors are logged and answered with a generic text,
 * so no stack trace, SQL or secret ever reaches a response.
 */
export const errorsPlugin = fp(async (app) => {
  app.setErrorHandler((err: FastifyError | HttpError, req, reply) => {
    if (hasZodFastifySchemaValidationErrors(err)) {
      const errors = err.validation.map((v) => ({
        field: v.instancePath.replace(/^\//, '').replace(/\//g, '.'),
        message: v.message ?? 'Invalid value',
      }));
      return reply.code(400).send(body(400, errors[0]?.message ?? 'Invalid input', errors));
    }
    if (err instanceof HttpError) {
      return reply.code(err.statusCode).send(body(err.statusCode, err.message, err.errors));
    }
    const status = typeof err.statusCode === 'number' && err.statusCode >= 400 ? err.statusCode : 500;
    if (status >= 500) {
      req.log.error({ err }, 'request failed');
      return reply.code(status).send(body(status, 'Something went wrong on our side. Please try again later.'));
    }
    if (status === 413) return reply.code(413).send(body(413, 'The request is too large.'));
    if (err.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || err.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' || err instanceof SyntaxError) {
      return reply.code(400).send(body(400, 'The request body is not valid JSON.'));
    }
    return reply.code(status).send(body(status, err.message));
  });
});

export { body as errorBody };
