import { z } from 'zod';
import { MSG } from '../messages/index';

/*
 * Text fields refuse control characters: NUL cannot be stored at all (PostgreSQL refuses it in
 * text and jsonb), and the others have no place in a name, an address or a message. The checks
 * run on the raw value: they are the first checks of the string, and zod runs a string's checks
 * in the order they are written, so a `.trim()` added after them cannot hide a control character
 * at either end. An empty value passes them, so a field's "required" message stays its first.
 */

// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL_BUT_LINE_BREAKS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL_BUT_CR_LF = /[\u0000-\u0009\u000b\u000c\u000e-\u001f\u007f]/;
const LINE_BREAK = /[\r\n]/;
/**
 * Half of a UTF-16 surrogate pair without its other half (JSON can carry one as `\ud800`). It has no
 * UTF-8 form: the database would keep U+FFFD instead, so the answer would not be what is stored.
 */
const LONE_SURROGATE = /\p{Cs}/u;

type StringParams = Parameters<typeof z.string>[0];

/**
 * The error parameter of a required field: a missing value (an API client that left the field out)
 * gets the field's own "required" message, as an empty one does; any other type error keeps zod's.
 */
export const missing = (message: string) => ({
  error: (issue: { input?: unknown }) => (issue.input === undefined ? message : undefined),
});

/** True when the text holds a C0 control character (U+0000–U+001F) or DEL (U+007F), tab, CR and LF included. */
export const hasControlCharacters = (text: string): boolean => LINE_BREAK.test(text) || CONTROL_BUT_CR_LF.test(text);

/**
 * Text on one line (names, e-mail addresses, titles, passwords, query values): no C0 control
 * character and no DEL, tab, CR and LF included. A line break gets the line-break message, any
 * other control character the control-character one. Chain the field's own rules after it.
 */
export const singleLineText = (params?: StringParams) =>
  z
    .string(params)
    .refine((v) => !LINE_BREAK.test(v), MSG.lineBreaks)
    .refine((v) => !CONTROL_BUT_CR_LF.test(v), MSG.controlCharacters)
    .refine((v) => !LONE_SURROGATE.test(v), MSG.loneSurrogate);

/**
 * Text that may span lines (a message, a post, the texts of a vacancy or a page): tab, LF and CR
 * are allowed, every other C0 control character and DEL are refused.
 */
export const multiLineText = (params?: StringParams) =>
  z
    .string(params)
    .refine((v) => !CONTROL_BUT_LINE_BREAKS.test(v), MSG.controlCharacters)
    .refine((v) => !LONE_SURROGATE.test(v), MSG.loneSurrogate);

/** True when any string inside a JSON-like value (keys included) holds a control character. */
export function containsControlCharacters(value: unknown): boolean {
  if (typeof value === 'string') return hasControlCharacters(value);
  if (Array.isArray(value)) return value.some(containsControlCharacters);
  if (value !== null && typeof value === 'object')
    return Object.entries(value).some(([k, v]) => hasControlCharacters(k) || containsControlCharacters(v));
  return false;
}

/** True when any string inside a JSON-like value (keys included) holds half of a surrogate pair. */
function containsLoneSurrogates(value: unknown): boolean {
  if (typeof value === 'string') return LONE_SURROGATE.test(value);
  if (Array.isArray(value)) return value.some(containsLoneSurrogates);
  if (value !== null && typeof value === 'object')
    return Object.entries(value).some(([k, v]) => LONE_SURROGATE.test(k) || containsLoneSurrogates(v));
  return false;
}

/**
 * For values a schema accepts without looking inside (read-only fields sent back and ignored):
 * still no control character and no broken character in any string they hold.
 */
export const withoutControlCharacters = <T extends z.ZodType>(schema: T) =>
  schema
    .refine((v) => !containsControlCharacters(v), MSG.controlCharacters)
    .refine((v) => !containsLoneSurrogates(v), MSG.loneSurrogate);
