import type { Catalogue } from './catalogue';

/** Rules every text field and request body meets, and the 503 when the data cannot be reached. */
export const REQUEST_MSG = {
  // Text fields (schemas/text.ts): NUL and the other control characters are refused everywhere.
  controlCharacters: 'Control characters are not allowed.',
  multipartInvalid: 'The request is not valid multipart/form-data.',
  requestIncomplete: 'The request ended before its body was complete.',
  // A numeric route id (schemas/common.ts).
  idNotNumber: 'The id must be a number.',
  idNotPositive: 'The id must be a number above 0.',
  // A content language (`?lang=`, a translation's language; decision 0155).
  languageInvalid: "The language must be one of the site's languages.",
  translationIsSource: 'That is the language the item is written in: edit the item itself.',
  translationNotFound: 'There is no translation in that language.',
  translationDeleted: 'The translation has been deleted.',
  loneSurrogate: 'The text holds a broken character (half of an emoji or symbol). Please type it again.',

  // 503 with Retry-After when the database cannot serve (gone, hanging, full).
  serviceUnavailable: 'The site cannot reach its data at the moment. Please try again in a few minutes.',
} as const satisfies Catalogue;

/** For the limits the spec leaves open: '{label} can be at most {max} characters long.' */
export const tooLong = (label: string, max: number): string => `${label} can be at most ${max} characters long.`;
