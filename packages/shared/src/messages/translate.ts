/**
 * Languages of the catalogue (docs/decisions/0152-interface-languages.md): English is the catalogue
 * files themselves (`translations/en.ts`), each other language one file `translations/{locale}.ts`
 * with the same bundles, keys and function signatures. Adding a language is that file and its line
 * in `locales.ts`: `loadTranslation` finds the file by name.
 *
 * This module runs in the public pages' first load: no zod, and no catalogue imported statically.
 */
import type { Locale } from '../locales';
import type en from './translations/en';

/** One bundle translated: every text a text, every function the same parameters. */
export type Translated<C> = {
  readonly [K in keyof C]: C[K] extends (...args: infer A) => string ? (...args: A) => string : string;
};

/** A language's whole catalogue: the same bundles as English, each complete. */
export type Translation = { readonly [B in keyof typeof en]: Translated<(typeof en)[B]> };

/** Any bundle of texts, as the lookups below walk them. */
type AnyBundle = Readonly<Record<string, string | ((...args: never[]) => string)>>;
export type AnyTranslation = Readonly<Record<string, AnyBundle>>;

/** The bundles the server writes into each public page's data, in the page's language. */
export const PAGE_BUNDLES = ['site', 'core', 'client', 'public', 'contact', 'requests'] as const;
export type PageTexts = Pick<Translation, (typeof PAGE_BUNDLES)[number]>;

/** A language's catalogue, loaded on demand (a chunk of its own in the browser). */
export async function loadTranslation(locale: Locale): Promise<Translation> {
  const module = (await import(`./translations/${locale}.ts`)) as { default: Translation };
  return module.default;
}

/** The page bundles of a catalogue: all strings, so they travel as JSON. */
export function pageTexts(translation: Translation): PageTexts {
  return Object.fromEntries(PAGE_BUNDLES.map((b) => [b, translation[b]])) as unknown as PageTexts;
}

export { fillText } from './fill-text';

const MARK = '\u0001';
const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Turns a text in the source language into the same text in the target language, by finding the
 * catalogue entry that produced it: a fixed text by its value, a function's text by the shape the
 * function gives (its parameters' values, translated in turn when they are catalogue texts
 * themselves, e.g. the field name of `tooLong`). A text no entry produced comes back as it is.
 * The API answers in the request's language with this (the schemas' messages are English), and
 * the contact form shows its checks' messages in the page's language.
 */
export function makeTranslator(source: AnyTranslation, target: AnyTranslation): (text: string) => string {
  const fixed = new Map<string, string>();
  const patterns: { regex: RegExp; arity: number; make: (...args: string[]) => string }[] = [];
  for (const [bundle, entries] of Object.entries(source)) {
    for (const [key, value] of Object.entries(entries)) {
      const translated = target[bundle]?.[key];
      if (translated === undefined) continue;
      if (typeof value === 'string') {
        if (typeof translated === 'string' && !fixed.has(value)) fixed.set(value, translated);
        continue;
      }
      if (typeof translated !== 'function') continue;
      const arity = value.length;
      const marks = Array.from({ length: arity }, (_, i) => `${MARK}${i}${MARK}`);
      const shape = (value as (...args: string[]) => string)(...marks);
      const order: number[] = [];
      const regex = new RegExp(
        `^${shape
          .split(new RegExp(`(${MARK}\\d+${MARK})`))
          .map((part) => {
            const index = new RegExp(`^${MARK}(\\d+)${MARK}$`).exec(part);
            if (!index) return escapeRegExp(part);
            order.push(Number(index[1]));
            return '([\\s\\S]*?)';
          })
          .join('')}$`,
      );
      patterns.push({
        regex,
        arity,
        make: (...captured: string[]) => {
          const args: string[] = [];
          order.forEach((argIndex, i) => (args[argIndex] = captured[i] ?? ''));
          return (translated as (...args: string[]) => string)(...args);
        },
      });
    }
  }
  const translate = (text: string): string => {
    const hit = fixed.get(text);
    if (hit !== undefined) return hit;
    for (const { regex, make } of patterns) {
      const match = regex.exec(text);
      if (match) return make(...match.slice(1).map(translate));
    }
    return text;
  };
  return translate;
}
