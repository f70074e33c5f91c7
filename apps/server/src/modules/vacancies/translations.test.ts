import { describe, expect, it } from 'vitest';
import type { Vacancy, VacancyPage, VacancyTranslations } from '@app/shared/schemas/vacancies';
import { call, useTestApp } from '../../../test/helper';

/** Vacancies in English, Dutch and French (docs/decisions/0155-content-translations.md). */
const ctx = useTestApp();

const read = async (url: string) => {
  const res = await call(ctx.app, { method: 'GET', url });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const translate = (id: number, language: string, payload: Record<string, unknown>) =>
  call(ctx.app, { method: 'PUT', url: `/api/vacancy/${id}/translations/${language}`, token: ctx.adminToken, payload });
const DUTCH = {
  title: 'Java-ontwikkelaar',
  slug: 'java-ontwikkelaar',
  expectation: 'Ervaring met Java en Spring.',
  function: 'Je bouwt mee aan onze platformen.',
  description: 'Een vaste job in Antwerpen.',
  offer: 'Een contract van onbepaalde duur.',
  location: 'Antwerpen, België',
};

describe('a vacancy per language', () => {
  it('a published translation is read in its language, lists of that language show it, the others fall back', async () => {
    // A new vacancy (the demo ones are in all three languages already).
    const created = await call(ctx.app, {
      method: 'POST',
      url: '/api/vacancy',
      token: ctx.adminToken,
      payload: {
        title: 'Java Architect',
        offer: 'A permanent contract.',
        description: 'Lead our Java teams.',
        expectation: 'Ten years of Java.',
        function: 'You design our platforms.',
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const first = created.json() as Vacancy;
    expect(first).toMatchObject({ language: 'en', translations: [{ language: 'en', slug: 'java-architect' }] });
    expect((await translate(first.id, 'nl', { ...DUTCH, status: 'published' })).statusCode).toBe(200);

    const dutch = (await read(`/api/vacancy/${first.id}?lang=nl`)) as Vacancy;
    expect(dutch).toMatchObject({ ...DUTCH, language: 'nl', id: first.id, employmentType: first.employmentType });
    expect(dutch.translations).toEqual([
      { language: 'en', slug: first.slug },
      { language: 'nl', slug: 'java-ontwikkelaar' },
    ]);
    expect((await read(`/api/vacancy/${first.id}?lang=fr`)) as Vacancy).toMatchObject({
      title: first.title,
      language: 'en',
    });
    expect(((await read('/api/vacancy?lang=nl')) as Vacancy[]).map((v) => v.id)).toContain(first.id);
    expect(((await read('/api/vacancy?lang=fr')) as Vacancy[]).map((v) => v.id)).not.toContain(first.id);
    // English is as it was.
    expect(((await read(`/api/vacancy/${first.id}`)) as Vacancy).title).toBe(first.title);
  });

  it('staff see each language’s state, filter by missing translation, and see a changed source as outdated', async () => {
    const page = async (query = '') =>
      (
        await call(ctx.app, { method: 'GET', url: `/api/vacancy/staff?${query}`, token: ctx.adminToken })
      ).json() as VacancyPage;
    const all = (await page()).items;
    const first = all.find((v) => v.title === 'Java Architect')!;
    expect(first.translationStates).toEqual([
      { language: 'en', state: 'source' },
      { language: 'nl', state: 'published' },
      { language: 'fr', state: 'missing' },
    ]);
    // The demo vacancies are translated: only the new one lacks French, none lacks Dutch.
    expect((await page('missing=nl')).total).toBe(0);
    expect((await page('missing=fr')).items.map((v) => v.id)).toEqual([first.id]);
    expect((await page('missing=fr&pageSize=1&page=2')).items).toEqual([]);

    const changed = await call(ctx.app, {
      method: 'PUT',
      url: `/api/vacancy/${first.id}`,
      token: ctx.adminToken,
      payload: {
        ...first,
        translations: undefined,
        translationStates: undefined,
        offer: 'A permanent contract, now with a bonus.',
      },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const detail = (
      await call(ctx.app, { method: 'GET', url: `/api/vacancy/${first.id}/translations`, token: ctx.adminToken })
    ).json() as VacancyTranslations;
    expect(detail.source).toMatchObject({ language: 'en', offer: 'A permanent contract, now with a bonus.' });
    expect(detail.translations).toMatchObject([{ language: 'nl', outdated: true, title: 'Java-ontwikkelaar' }]);
    expect((await page('missing=nl')).items.map((v) => v.id)).toContain(first.id);
  });

  it('accepts the vacancy it answered back whole (an edit screen sends its language fields too)', async () => {
    const first = (
      (await call(ctx.app, { method: 'GET', url: '/api/vacancy/staff', token: ctx.adminToken })).json() as VacancyPage
    ).items[0]!;
    const res = await call(ctx.app, {
      method: 'PUT',
      url: `/api/vacancy/${first.id}`,
      token: ctx.adminToken,
      payload: first,
    });
    expect(res.statusCode, res.body).toBe(200);
  });
});
