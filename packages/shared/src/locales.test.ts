import { describe, expect, it } from 'vitest';
import { localizedPath, negotiateLocale, splitLocalePath } from './locales';

describe('locales', () => {
  it('keeps English at its address and prefixes the other languages', () => {
    expect(localizedPath('en', '/post/3/x')).toBe('/post/3/x');
    expect(localizedPath('nl', '/post/3/x')).toBe('/nl/post/3/x');
    expect(localizedPath('fr', '/')).toBe('/fr');
  });

  it('reads the language back from a path', () => {
    expect(splitLocalePath('/nl/post/3/x')).toEqual({ locale: 'nl', path: '/post/3/x' });
    expect(splitLocalePath('/fr')).toEqual({ locale: 'fr', path: '/' });
    expect(splitLocalePath('/fr?q=a')).toEqual({ locale: 'fr', path: '/?q=a' });
    expect(splitLocalePath('/en/post')).toEqual({ locale: 'en', path: '/en/post' });
    expect(splitLocalePath('/nlx/post')).toEqual({ locale: 'en', path: '/nlx/post' });
    expect(splitLocalePath('/post')).toEqual({ locale: 'en', path: '/post' });
  });

  it('negotiates Accept-Language with quality values, else English', () => {
    expect(negotiateLocale('fr-BE,fr;q=0.9,en;q=0.8')).toBe('fr');
    expect(negotiateLocale('de-DE, nl;q=0.5, en;q=0.4')).toBe('nl');
    expect(negotiateLocale('en;q=0.2, nl-NL;q=0.9')).toBe('nl');
    expect(negotiateLocale('de, es')).toBe('en');
    expect(negotiateLocale('nl;q=0')).toBe('en');
    expect(negotiateLocale(undefined)).toBe('en');
  });
});
