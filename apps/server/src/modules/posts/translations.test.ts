import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Post, PostPage, PostSearchResult, PostTranslations } from '@app/shared/schemas/posts';
import { call, useTestApp } from '../../../test/helper';

/**
 * Posts in English, Dutch and French (docs/decisions/0155-content-translations.md): a public read
 * takes `?lang=`, says the `language` of the texts it carries and lists every language the post is
 * published in; staff translate one language at a time and see what is missing or outdated.
 */
const ctx = useTestApp();

const CONTENT = 'Long enough content for a post, about the work of our developers in Antwerp.';
let english: Post;
let dutchOnly: Post;

const create = async (post: Record<string, unknown>) => {
  const res = await call(ctx.app, {
    method: 'POST',
    url: '/api/posts',
    token: ctx.adminToken,
    payload: { postedBy: 'Staff', tags: ['languages'], status: 'published', ...post },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as Post;
};
const translate = (id: number, language: string, body: Record<string, unknown>) =>
  call(ctx.app, {
    method: 'PUT',
    url: `/api/posts/${id}/translations/${language}`,
    token: ctx.adminToken,
    payload: body,
  });
const read = async (id: number, lang?: string) => {
  const res = await call(ctx.app, { method: 'GET', url: `/api/posts/${id}${lang ? `?lang=${lang}` : ''}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Post;
};
const page = async (query: string, token?: string) => {
  const res = await call(ctx.app, {
    method: 'GET',
    url: `${token ? '/api/posts/staff' : '/api/posts'}?page=1&pageSize=100&${query}`,
    ...(token ? { token } : {}),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as PostPage;
};

beforeAll(async () => {
  english = await create({ name: 'Our developers in Antwerp', content: CONTENT, slug: 'developers' });
  dutchOnly = await create({
    name: 'Onze ontwikkelaars zoeken collega’s',
    content: 'Wij zoeken een ontwikkelaar die graag met Java werkt in ons team in Antwerpen.',
    language: 'nl',
  });
});

describe('a post in the languages it is published in', () => {
  it('answers English by default, with its language and where else it exists', async () => {
    const post = await read(english.id);
    expect(post).toMatchObject({ name: 'Our developers in Antwerp', language: 'en' });
    expect(post.translations).toEqual([{ language: 'en', slug: 'developers' }]);
  });

  it('a translation: a draft stays hidden; once published it is read in its language, the same slug allowed', async () => {
    const draft = await translate(english.id, 'nl', {
      name: 'Onze ontwikkelaars in Antwerpen',
      content: 'Lang genoeg: over het werk van onze ontwikkelaars in Antwerpen en hun projecten.',
      slug: 'developers',
    });
    expect(draft.statusCode, draft.body).toBe(200);
    expect((await read(english.id, 'nl')).language).toBe('en');

    const published = await translate(english.id, 'nl', {
      name: 'Onze ontwikkelaars in Antwerpen',
      content: 'Lang genoeg: over het werk van onze ontwikkelaars in Antwerpen en hun projecten.',
      slug: 'developers',
      status: 'published',
    });
    expect(published.statusCode).toBe(200);
    const dutch = await read(english.id, 'nl');
    expect(dutch).toMatchObject({ name: 'Onze ontwikkelaars in Antwerpen', language: 'nl', slug: 'developers' });
    expect(dutch.html).toContain('ontwikkelaars');
    expect(dutch.translations).toEqual([
      { language: 'en', slug: 'developers' },
      { language: 'nl', slug: 'developers' },
    ]);
    // English is untouched by the Dutch version.
    expect(await read(english.id)).toMatchObject({ name: 'Our developers in Antwerp', language: 'en' });
  });

  it('asked in a language it lacks, answers the version that exists and says which', async () => {
    expect(await read(english.id, 'fr')).toMatchObject({ name: 'Our developers in Antwerp', language: 'en' });
    expect(await read(dutchOnly.id, 'en')).toMatchObject({ language: 'nl', translations: [{ language: 'nl' }] });
  });

  it("a language's lists show what exists in it, in it", async () => {
    const ids = (p: PostPage) => p.items.map((i) => i.id);
    expect(ids(await page('tag=languages'))).toEqual([english.id]);
    expect(ids(await page('tag=languages&lang=nl'))).toEqual([dutchOnly.id, english.id]);
    expect(ids(await page('tag=languages&lang=fr'))).toEqual([]);
    const dutchItem = (await page('tag=languages&lang=nl')).items.find((i) => i.id === english.id)!;
    expect(dutchItem).toMatchObject({ name: 'Onze ontwikkelaars in Antwerpen', language: 'nl' });
    expect(dutchItem.preview).toContain('Lang genoeg');
    const plain = (await call(ctx.app, { method: 'GET', url: '/api/posts?lang=nl' })).json() as Post[];
    expect(plain.map((p) => p.id)).toEqual(expect.arrayContaining([english.id, dutchOnly.id]));
    expect(plain.every((p) => p.language === 'nl')).toBe(true);
  });

  it('refuses a language that is not a site language, and a translation into the post’s own', async () => {
    expect((await call(ctx.app, { method: 'GET', url: `/api/posts/${english.id}?lang=de` })).statusCode).toBe(400);
    const own = await translate(english.id, 'en', { name: 'x', content: CONTENT });
    expect(own.statusCode).toBe(400);
  });
});

describe('search in a language', () => {
  it('uses Dutch stemming: the singular finds the plural, accents ignored', async () => {
    const hits = (await page(`q=${encodeURIComponent('ontwikkelaar')}&lang=nl`)).items.map((i) => i.id);
    expect(hits).toEqual(expect.arrayContaining([english.id, dutchOnly.id]));
    const accent = await create({
      name: 'Één café voor het team',
      content: 'Het team drinkt koffie in een café aan de Schelde, elke vrijdag na het werk.',
      language: 'nl',
    });
    const res = await call(ctx.app, {
      method: 'GET',
      url: `/api/posts/search/${encodeURIComponent('cafe een')}?lang=nl`,
    });
    expect((res.json() as PostSearchResult[]).map((p) => p.id)).toContain(accent.id);
    // English search does not see Dutch-only posts.
    expect((await page('q=cafe&lang=en')).items.map((i) => i.id)).not.toContain(accent.id);
  });

  it('uses English stemming in English and French stemming in French', async () => {
    expect((await page('q=developer')).items.map((i) => i.id)).toContain(english.id);
    const french = await create({
      name: 'Nos développeurs à Anvers',
      content: 'Le travail de nos développeurs à Anvers, leurs projets et leurs équipes.',
      language: 'fr',
    });
    const hits = (await page(`q=${encodeURIComponent('developpeur equipe')}&lang=fr`)).items;
    expect(hits.map((i) => i.id)).toEqual([french.id]);
    expect(hits[0]!.highlight?.some((h) => h.match)).toBe(true);
  });

  it('each language searches through its own GIN index', async () => {
    // On a small table the planner prefers a sequential scan or the primary key; without either
    // (the key dropped in a transaction that is then undone) the condition must find its own index.
    let plan = '';
    await ctx.app.db
      .transaction(async (tx) => {
        await tx.execute(sql`set local enable_seqscan = off`);
        await tx.execute(sql`alter table post_translations drop constraint post_translations_pkey`);
        plan = JSON.stringify(
          await tx.execute(
            sql`explain select post_id from post_translations where language = 'nl' and search @@ plainto_tsquery(content_search_config('nl'), 'ontwikkelaar')`,
          ),
        );
        throw new Error('undo');
      })
      .catch(() => undefined);
    expect(plan).toContain('post_translations_search_nl_idx');
  });
});

describe('translations for staff', () => {
  it('lists the source beside each translation, and marks it outdated once the source changes', async () => {
    const before = (
      await call(ctx.app, { method: 'GET', url: `/api/posts/${english.id}/translations`, token: ctx.adminToken })
    ).json() as PostTranslations;
    expect(before.source).toMatchObject({ language: 'en', name: 'Our developers in Antwerp' });
    expect(before.translations).toMatchObject([{ language: 'nl', status: 'published', outdated: false }]);

    // Publishing or rescheduling does not make a translation outdated; a new text does.
    const current = (
      await call(ctx.app, { method: 'GET', url: `/api/posts/staff/${english.id}`, token: ctx.adminToken })
    ).json() as Post;
    const edit = async (change: Record<string, unknown>, version: number) =>
      call(ctx.app, {
        method: 'PUT',
        url: `/api/posts/${english.id}`,
        token: ctx.adminToken,
        payload: { ...current, ...change, version },
      });
    expect((await edit({ tags: ['languages', 'team'] }, current.version)).statusCode).toBe(200);
    let states = (await page('tag=languages', ctx.adminToken)).items.find((i) => i.id === english.id)!;
    expect(states.translationStates).toEqual([
      { language: 'en', state: 'source' },
      { language: 'nl', state: 'published' },
      { language: 'fr', state: 'missing' },
    ]);
    expect((await edit({ content: `${CONTENT} A new paragraph.` }, current.version + 1)).statusCode).toBe(200);
    const after = (
      await call(ctx.app, { method: 'GET', url: `/api/posts/${english.id}/translations`, token: ctx.adminToken })
    ).json() as PostTranslations;
    expect(after.translations).toMatchObject([{ language: 'nl', outdated: true }]);
    states = (await page('tag=languages', ctx.adminToken)).items.find((i) => i.id === english.id)!;
    expect(states.translationStates?.[1]).toEqual({ language: 'nl', state: 'outdated' });
    // Still shown to Dutch readers: outdated is staff's notice, not a reason to hide it.
    expect((await read(english.id, 'nl')).language).toBe('nl');
  });

  it('filters the staff list by missing translation, server-side and paged', async () => {
    const missingNl = (await page('tag=languages&missing=nl', ctx.adminToken)).items.map((i) => i.id);
    // The English post's Dutch version is outdated: it waits for translation too; the Dutch post is Dutch.
    expect(missingNl).toContain(english.id);
    expect(missingNl).not.toContain(dutchOnly.id);
    await translate(english.id, 'nl', {
      name: 'Onze ontwikkelaars in Antwerpen',
      content: 'Lang genoeg: over het werk van onze ontwikkelaars in Antwerpen, met een nieuwe alinea.',
      status: 'published',
    });
    expect((await page('tag=languages&missing=nl', ctx.adminToken)).items.map((i) => i.id)).not.toContain(english.id);
    const onePerPage = await call(ctx.app, {
      method: 'GET',
      url: '/api/posts/staff?tag=languages&missing=fr&page=2&pageSize=1',
      token: ctx.adminToken,
    });
    // Missing in French: the English post and the two Dutch ones (the French one is French).
    expect(onePerPage.json()).toMatchObject({ page: 2, pageSize: 1, total: 3 });
  });

  it('counts on the dashboard what waits for translation', async () => {
    const dashboard = (await call(ctx.app, { method: 'GET', url: '/api/dashboard', token: ctx.adminToken })).json() as {
      waitingForTranslation: { language: string; posts: number; vacancies: number }[];
    };
    expect(dashboard.waitingForTranslation.map((w) => w.language)).toEqual(['nl', 'fr']);
    const fr = dashboard.waitingForTranslation.find((w) => w.language === 'fr')!;
    expect(fr.posts).toBeGreaterThanOrEqual(2);
    // The same number the staff list's "missing" filter finds (an outdated translation counts).
    for (const waiting of dashboard.waitingForTranslation) {
      const missing = await call(ctx.app, {
        method: 'GET',
        url: `/api/posts/staff?missing=${waiting.language}&pageSize=1`,
        token: ctx.adminToken,
      });
      expect((missing.json() as { total: number }).total, waiting.language).toBe(waiting.posts);
    }
  });

  it('deleting a translation leaves the post and its other languages', async () => {
    const gone = await call(ctx.app, {
      method: 'DELETE',
      url: `/api/posts/${english.id}/translations/nl`,
      token: ctx.adminToken,
    });
    expect(gone.statusCode).toBe(200);
    expect(await read(english.id, 'nl')).toMatchObject({ language: 'en', translations: [{ language: 'en' }] });
    const again = await call(ctx.app, {
      method: 'DELETE',
      url: `/api/posts/${english.id}/translations/nl`,
      token: ctx.adminToken,
    });
    expect(again.statusCode).toBe(404);
  });
});
