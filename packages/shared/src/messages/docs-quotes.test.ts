import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { catalogueEntries } from './entries.test-support';

/**
 * The behaviour docs quote messages verbatim in backticks (docs/behaviour/README.md). Every quote
 * that reads as a sentence (a capital first letter and at least three words) must be a text of the
 * catalogue, a text one of its functions makes ({placeholders} and example values allowed), or two
 * of them joined as the screens join them (`Failed to send mail: ` and the server's reason).
 * What else such a quote may be is listed below, each with its reason.
 */
const DOCS = path.resolve(import.meta.dirname, '../../../../docs/behaviour');

/** A backticked span starting with a capital letter and holding at least two spaces. */
const QUOTE = /`([A-Z][^`\n]* [^`\n]* [^`\n]*)`/g;

/** Quotes that are not catalogue texts, and why. Keep it short: a message belongs in the catalogue. */
const NOT_MESSAGES: Record<string, string> = {
  'Nov 22, 2026': 'a date as the pages format it, not a message',
  'Nov 22, 2026, 3:05:08 PM': 'a date and time as the back office formats it, not a message',
  'Copyright © {company name} 2024': 'the footer line, a page text that moves with the languages work',
  'Error fetching providers. Please try again later.': 'a text of the original the docs say the site does not have',
  'Error creating provider. Please try again later.': 'a text of the original the docs say the site does not have',
};

/** Stands for a function's i-th value: characters no message holds. */
const SENTINEL = (i: number) => `⟪${i}⟫`;
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Each doc's sentence-like backticked spans, with the file they are in. */
export function docQuotes(dir = DOCS): { file: string; quote: string }[] {
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.md'))
    .sort()
    .flatMap((file) =>
      [...fs.readFileSync(path.join(dir, file), 'utf8').matchAll(QUOTE)].map((m) => ({ file, quote: m[1]! })),
    );
}

/** Whether a quote is a catalogue text: the test's rule, exported for its own check. */
export async function quoteMatcher(): Promise<(quote: string) => boolean> {
  const texts = new Set<string>();
  const patterns: RegExp[] = [];
  for (const { value } of await catalogueEntries()) {
    if (typeof value === 'string') texts.add(value);
    if (typeof value !== 'function') continue;
    const fn = value as (...args: unknown[]) => string;
    // Example values reach the branches a placeholder cannot (one message, SMTP 4xx and 5xx); an
    // empty value gives the text a screen completes with a reason (`Error updating the vacancy: `).
    for (const n of [1, 2, 421, 550, '']) texts.add(fn(...Array.from({ length: fn.length }, () => n)));
    const made = fn(...Array.from({ length: fn.length }, (_, i) => SENTINEL(i)));
    patterns.push(new RegExp(`^${escape(made).replace(/⟪\d+⟫/g, '.+')}$`, 's'));
  }
  // A quote may name a value as {placeholder}: it then matches a text made with any value.
  const placeholders = (s: string) => new RegExp(`^${escape(s).replace(/\\\{[\w ]+\\\}/g, '.+')}$`, 's');
  const one = (s: string) => {
    if (texts.has(s) || patterns.some((p) => p.test(s))) return true;
    const general = placeholders(s);
    return /\{[\w ]+\}/.test(s) && [...texts].some((t) => general.test(t));
  };
  // A prefix the screens complete with another message (`Failed to send mail: ` + the reason).
  const prefixes = [...texts].filter((t) => t.endsWith(': '));
  return (quote) => one(quote) || prefixes.some((p) => quote.startsWith(p) && one(quote.slice(p.length)));
}

describe('the messages the behaviour docs quote', () => {
  it('are texts of the message catalogue', async () => {
    const isMessage = await quoteMatcher();
    const quotes = docQuotes();
    expect(quotes.length).toBeGreaterThan(200);
    const unknown = quotes
      .filter(({ quote }) => !isMessage(quote) && !(quote in NOT_MESSAGES))
      .map(({ file, quote }) => `${file}: ${quote}`);
    expect(unknown).toEqual([]);
  });

  it('lists no exception the docs no longer quote', () => {
    const quoted = new Set(docQuotes().map(({ quote }) => quote));
    expect(Object.keys(NOT_MESSAGES).filter((q) => !quoted.has(q))).toEqual([]);
  });
});
