/**
 * The shape of one catalogue file's object: every entry is a text, or a function of the values it
 * names that returns a text. A locale is then a copy of these files with the texts translated and
 * the same keys and function signatures (docs/decisions/0136-messages-catalogue.md).
 */
// `never[]`: a function of any parameters is assignable; the callers' types come from `as const`.
export type Catalogue = Readonly<Record<string, string | ((...args: never[]) => string)>>;
