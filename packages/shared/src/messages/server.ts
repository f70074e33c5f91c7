import type { Catalogue } from './catalogue';

/**
 * Texts only the API answers with (no screen shows them as such): unknown endpoints, refused
 * request bodies and parts, tokens and sign-in the API requires. Server-only, so no browser
 * bundle ships them.
 */
export const SERVER_MSG = {
  internalError: 'Something went wrong on our side. Please try again later.',
  requestTooLarge: 'The request is too large.',
  requestTooManyParts: 'The request has too many parts.',
  bodyNotJson: 'The request body is not valid JSON.',
  invalidValue: 'Invalid value',
  invalidInput: 'Invalid input',
  invalidAddress: 'The address of the request is not valid.',
  authenticationRequired: 'Authentication is required.',
  metricsTokenRequired: 'A metrics token is required.',
  unknownRole: 'Unknown role.',
  imageNotFound: 'Image not found.',
  noSecurityContact: 'No security contact is set.',
  sitemapPartUnknown: 'No such part of the sitemap.',
  feedTagInvalid: 'The tag must be one tag of at most 40 characters.',
  contactNotMultipart: 'The contact form must be sent as multipart/form-data.',
  storedPasswordUnreadable: 'The stored password cannot be read: save the mailbox password again.',
  // The parts of a post's multipart request (modules/posts/multipart.ts).
  partNotJson: 'A part of the request is not valid JSON.',
  postPartTwice: "The part 'post' was sent more than once.",
  postPartRequired: "The part 'post' is required.",
  imagesSelectedNotBoolean: "The part 'areImagesSelected' must be true or false.",
} as const satisfies Catalogue;

/** A request to /api that no route answers (404). */
export const noApiEndpoint = (method: string, path: string): string => `No API endpoint ${method} ${path}.`;

/** A named part of a multipart request that does not parse as JSON. */
export const partNotJsonNamed = (name: string): string => `The part '${name}' is not valid JSON.`;

/** A body key the schema does not know. */
export const unknownFieldText = (name: string): string => `Unknown field: ${name}.`;
