import { z } from 'zod';
import { REQUEST_MSG } from '../messages/requests';

/** A numeric route id: digits only, above 0. Anything else is a 400, never a 500. */
export const idParam = z.object({
  id: z
    .string()
    .regex(/^\d{1,9}$/, REQUEST_MSG.idNotNumber)
    .transform(Number)
    .pipe(z.number().int().positive(REQUEST_MSG.idNotPositive)),
});
export type IdParam = z.infer<typeof idParam>;

/** The error body every endpoint answers with (Fastify's shape plus field errors). */
export const errorBody = z.object({
  statusCode: z.number(),
  error: z.string(),
  message: z.string(),
  errors: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
});
export type ErrorBody = z.infer<typeof errorBody>;
/** One entry of `errors`: the dotted path of a value and what is wrong with it. */
export type FieldError = NonNullable<ErrorBody['errors']>[number];

export const messageBody = z.object({ message: z.string() });
