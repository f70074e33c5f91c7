import { describe, expect, it } from 'vitest';
import type { TextTranslations } from '@app/shared/schemas/content';
import { SITE_DEFAULT_MSG as SITE_DEFAULT_NL } from '@app/shared/messages/nl/site-defaults';
import { call, useTestApp } from '../../../test/helper';

/** The page texts per language (docs/decisions/0155-content-translations.md): English is the source. */
const ctx = useTestApp();

const get = async (url: string) => (await call(ctx.app, { method: 'GET', url })).json();
const save = (item: string, language: string, payload: Record<string, unknown>) =>
  call(ctx.app, { method: 'PUT', url: `/api/texts/${item}/translations/${language}`, token: ctx.adminToken, payload });

describe('page texts per language', () => {
  it('the masthead in French once translated; English untouched; a language without one reads English', async () => {
    const english = await get('/api/masthead');
    const saved = await save('masthead', 'fr', {
      mastheadTitle: 'Votre partenaire IT à Anvers',
      mastheadBody: 'Nous construisons.',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await get('/api/masthead?lang=fr')).toEqual({
      mastheadTitle: 'Votre partenaire IT à Anvers',
      mastheadBody: 'Nous construisons.',
      language: 'fr',
    });
    expect(await get('/api/masthead')).toEqual(english);
    // The demo's Dutch masthead deleted: Dutch reads English, marked so.
    const deleted = await call(ctx.app, {
      method: 'DELETE',
      url: '/api/texts/masthead/translations/nl',
      token: ctx.adminToken,
    });
    expect(deleted.statusCode).toBe(200);
    expect(await get('/api/masthead?lang=nl')).toEqual({ ...english, language: 'en' });
  });

  it('the privacy text: a translation, else the built-in one of that language while English is the built-in', async () => {
    await call(ctx.app, { method: 'DELETE', url: '/api/texts/privacy/translations/nl', token: ctx.adminToken });
    expect(await get('/api/settings?lang=nl')).toMatchObject({
      privacyText: SITE_DEFAULT_NL.privacyTextDefault,
      privacyLanguage: 'nl',
    });
    expect((await save('privacy', 'nl', { privacyText: 'Onze eigen privacytekst: {days} dagen.' })).statusCode).toBe(
      200,
    );
    expect(await get('/api/settings?lang=nl')).toMatchObject({ privacyText: 'Onze eigen privacytekst: {days} dagen.' });
  });

  it('staff see the source beside each translation, outdated once the source changes; English is no translation', async () => {
    await save('intro', 'nl', { title: 'Over ons', history: 'Sinds 2010.', body: 'Wij zijn een team in Antwerpen.' });
    const before = (
      await call(ctx.app, { method: 'GET', url: '/api/texts/intro/translations', token: ctx.adminToken })
    ).json() as TextTranslations;
    expect(before.translations).toMatchObject([
      { language: 'nl', outdated: false },
      { language: 'fr', outdated: false },
    ]);
    const source = before.source;
    expect(
      (
        await call(ctx.app, {
          method: 'PUT',
          url: '/api/intro',
          token: ctx.adminToken,
          payload: { ...source, body: `${source['body']} More.` },
        })
      ).statusCode,
    ).toBe(200);
    const after = (
      await call(ctx.app, { method: 'GET', url: '/api/texts/intro/translations', token: ctx.adminToken })
    ).json() as TextTranslations;
    expect(after.translations).toMatchObject([
      { language: 'nl', outdated: true },
      { language: 'fr', outdated: true },
    ]);
    expect((await save('intro', 'en', { title: 'x', history: 'y', body: 'z' })).statusCode).toBe(400);
    expect((await save('intro', 'nl', { title: 'x', unknown: 'y' })).statusCode).toBe(400);
    expect((await call(ctx.app, { method: 'GET', url: '/api/texts/intro/translations' })).statusCode).toBe(401);
  });
});
