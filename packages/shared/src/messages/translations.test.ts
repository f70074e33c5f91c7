import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LOCALES, DEFAULT_LOCALE, type Locale } from '../locales';
import en from './translations/en';
import { fillText, loadTranslation, makeTranslator, type AnyTranslation, type Translation } from './translate';
import { buildLocaleSet } from './locale-set';

/**
 * Texts that are the same word in English and the language: names, brand and loan words, and
 * patterns made only of placeholders. Anything else equal to the English text is untranslated.
 */
const SAME_AS_ENGLISH: Record<string, readonly string[]> = {
  nl: [
    'site.navIntro',
    'site.navContact',
    'site.navMenu',
    'site.footerCopyright',
    'site.aboutWebsite',
    'site.aboutEmail',
  ],
  fr: [
    'site.navServices',
    'site.navVision',
    'site.navContact',
    'site.navMenu',
    'site.footerCopyright',
    'site.pageNumberSuffix',
    'site.pagesNav',
    'site.aboutEmail',
  ],
};

type Shape = Record<string, Record<string, string>>;
/** Every entry as `bundle.key` → its text (a function's text made with sample values). */
function flatten(translation: AnyTranslation): Map<string, string> {
  const out = new Map<string, string>();
  for (const [bundle, entries] of Object.entries(translation))
    for (const [key, value] of Object.entries(entries)) {
      const text =
        typeof value === 'function'
          ? (value as (...a: unknown[]) => string)(...Array.from({ length: value.length }, (_, i) => `‹${i}›`))
          : value;
      out.set(`${bundle}.${key}`, text);
    }
  return out;
}

/** What a language's catalogue does wrong against English: keys it lacks or adds, texts left in English. */
function check(translation: AnyTranslation, allowed: readonly string[]) {
  const source = flatten(en);
  const own = flatten(translation);
  const placeholders = (text: string) => [...text.matchAll(/\{\w+\}|‹\d›/g)].map((m) => m[0]).sort();
  return {
    missing: [...source.keys()].filter((k) => !own.has(k)),
    extra: [...own.keys()].filter((k) => !source.has(k)),
    untranslated: [...own].filter(([k, text]) => text === source.get(k) && !allowed.includes(k)).map(([k]) => k),
    placeholders: [...own]
      .filter(([k, text]) => source.has(k) && placeholders(text).join() !== placeholders(source.get(k)!).join())
      .map(([k]) => k),
  };
}

const clean = { missing: [], extra: [], untranslated: [], placeholders: [] };

describe('the languages of the catalogue', () => {
  it('has a catalogue file for every language of the table, and none without one', () => {
    const files = fs.readdirSync(path.join(import.meta.dirname, 'translations')).map((f) => f.replace(/\.ts$/, ''));
    expect(files.sort()).toEqual([...LOCALES].sort());
  });

  for (const locale of LOCALES.filter((l) => l !== DEFAULT_LOCALE)) {
    it(`${locale}: every key of English, no other, each translated`, async () => {
      expect(check(await loadTranslation(locale), SAME_AS_ENGLISH[locale] ?? [])).toEqual(clean);
    });
    it(`${locale}: the allow-list names only texts that really are the same as English`, async () => {
      const own = flatten(await loadTranslation(locale));
      const source = flatten(en);
      for (const key of SAME_AS_ENGLISH[locale] ?? []) expect(own.get(key), key).toBe(source.get(key));
    });
  }

  it('finds a missing key, an extra key, a text left in English and a lost placeholder', () => {
    const broken = structuredClone({ ...en, formats: {} }) as unknown as Shape;
    delete broken['site']!['navAbout'];
    broken['site']!['navAbot'] = 'Over ons';
    broken['site']!['postsTaggedHeading'] = 'Berichten met label';
    const found = check({ ...broken, formats: en.formats } as AnyTranslation, []);
    expect(found.missing).toContain('site.navAbout');
    expect(found.extra).toEqual(['site.navAbot']);
    expect(found.untranslated).toContain('site.navServices');
    expect(found.placeholders).toEqual(['site.postsTaggedHeading']);
  });

  it('takes a made-up fourth language from the table and its catalogue alone, English where it lacks a key', async () => {
    // What adding a language is: a line in the table (here an injected one) and a catalogue file.
    const de = {
      site: { navAbout: 'Über uns', postsTaggedHeading: 'Beiträge mit dem Schlagwort {tag}' },
      contact: { nameRequired: 'Ein Name ist erforderlich.' },
      fields: { fieldTitle: 'Der Titel' },
      formats: { tooLong: (label: string, max: number) => `${label} darf höchstens ${max} Zeichen lang sein.` },
    } as unknown as AnyTranslation;
    const table = [...LOCALES, 'de'] as const;
    const set = await buildLocaleSet<(typeof table)[number]>(table, en, (locale) =>
      locale === 'de' ? Promise.resolve(de) : loadTranslation(locale as Locale),
    );
    expect(set.locales).toContain('de');
    expect(set.translation('de').site.navAbout).toBe('Über uns');
    expect(fillText(set.translation('de').site.postsTaggedHeading, { tag: 'PKI' })).toBe(
      'Beiträge mit dem Schlagwort PKI',
    );
    // Not translated yet: English, never a key or an empty text.
    expect(set.translation('de').site.navPosts).toBe('Posts');
    expect(set.missing('de')).toContain('site.navPosts');
    expect(set.missing('nl')).toEqual([]);
    // The API's answers: English texts of the schemas, parametrised ones with their values.
    expect(set.translate('de', 'A name is required.')).toBe('Ein Name ist erforderlich.');
    expect(set.translate('de', en.formats.tooLong(en.fields.fieldTitle, 200))).toBe(
      'Der Titel darf höchstens 200 Zeichen lang sein.',
    );
    expect(set.translate('de', 'Email is not valid.')).toBe('Email is not valid.');
    expect(set.translate('fr', 'A name is required.')).toBe('Le nom est obligatoire.');
    expect(set.translate('en', 'A name is required.')).toBe('A name is required.');
  });

  it('translates texts made by functions, their parameters too, and leaves unknown texts alone', async () => {
    const nl = (await loadTranslation('nl')) as Translation;
    const t = makeTranslator(en, nl);
    expect(t(en.formats.tooLong(en.fields.fieldLocation, 120))).toBe('De locatie mag hoogstens 120 tekens lang zijn.');
    expect(t(en.formats.unknownFieldText('foo'))).toBe('Onbekend veld: foo.');
    expect(t(en.contact.phoneInvalid)).toBe(nl.contact.phoneInvalid);
    expect(t('Something nobody wrote')).toBe('Something nobody wrote');
  });
});
