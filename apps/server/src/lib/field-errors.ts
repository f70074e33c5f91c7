import type { FieldError } from '@app/shared/schemas/common';
import { badRequest, type HttpError } from './http-error';
import { SERVER_MSG, unknownFieldText } from '@app/shared/messages/server';

/**
 * What is needed of a zod issue: zod's own issues, and the validation entries that
 * fastify-type-provider-zod hands to the error handler, both fit.
 */
export interface IssueLike {
  code: string;
  path: readonly PropertyKey[];
  message: string;
  /** Set on `unrecognized_keys` issues: the keys the schema does not know. */
  keys?: readonly string[];
}

const unknownFieldMessage = unknownFieldText;

/**
 * The one mapping from zod issues to the API's field errors: the dotted path of the value and the
 * schema's message; a key the schema does not know is named as an unknown field of its own.
 */
export function fieldErrors(issues: readonly IssueLike[]): FieldError[] {
  return issues.flatMap((issue) =>
    issue.code === 'unrecognized_keys' && issue.keys?.length
      ? issue.keys.map((key) => ({
          field: [...issue.path, key].map(String).join('.'),
          message: unknownFieldMessage(key),
        }))
      : [{ field: issue.path.map(String).join('.'), message: issue.message }],
  );
}

/** A 400 for input a schema refused: the first field's message on top, every field error listed. */
export function validationFailed(issues: readonly IssueLike[], fallback: string = SERVER_MSG.invalidInput): HttpError {
  const errors = fieldErrors(issues);
  return badRequest(errors[0]?.message ?? fallback, errors);
}

/** A 400 about one field, with that field's error listed (the shape forms attach to the field). */
export const invalidField = (field: string, message: string): HttpError => badRequest(message, [{ field, message }]);

/** A 400 for a part or key that is not in the contract. */
export const unknownField = (name: string): HttpError => invalidField(name, unknownFieldMessage(name));
