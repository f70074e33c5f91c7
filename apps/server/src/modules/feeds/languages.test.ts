import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { posts, postTranslations, vacancies, vacancyTranslations } from '../../db/schema';
import { buildTestApp } from '../../../test/helper';

/**
 * The feeds and the sitemap per language (docs/decisions/0155-content-translations.md): an RSS feed
 * per language of what exists in it, and a sitemap listing every language version of every page
 * with its alternates, complete and reciprocal.
 */
const SITE = 'https://www.redwall.example';
let app: FastifyInstance;
let post: { id: number };
let vacancy: { id: number };

beforeAll(async () => {
  app = await buildTestApp({ publicUrl: SITE, seedDemo: false });
  post = (
    await app.db
      .insert(posts)
      .values({
        name: 'Working in Antwerp',
        postedBy: 'Staff',
        content: 'About the city.',
        slug: 'antwerp',
        tags: ['city'],
      })
      .returning({ id: posts.id })
  )[0]!;
  await app.db.insert(postTranslations).values([
    {
      postId: post.id,
      language: 'nl',
      name: 'Werken in Antwerpen',
      slug: 'antwerpen',
      content: 'Over de stad.',
      status: 'published',
      sourceDigest: 'x',
    },
    // A draft is nobody's business but staff's: in no feed or sitemap.
    {
      postId: post.id,
      language: 'fr',
      name: 'Travailler à Anvers',
      slug: 'anvers',
      content: 'La ville.',
      status: 'draft',
      sourceDigest: 'x',
    },
  ]);
  await app.db.insert(posts).values({
    name: 'Alleen in het Nederlands',
    postedBy: 'Staff',
    content: 'Enkel Nederlands.',
    slug: 'alleen',
    language: 'nl',
  });
  vacancy = (
    await app.db
      .insert(vacancies)
      .values({ title: 'Java Developer', offer: 'o', slug: 'java-developer' })
      .returning({ id: vacancies.id })
  )[0]!;
  await app.db.insert(vacancyTranslations).values({
    vacancyId: vacancy.id,
    language: 'fr',
    title: 'Développeur Java',
    slug: 'developpeur-java',
    offer: 'o',
    status: 'published',
    sourceDigest: 'x',
  });
});
afterAll(() => app.close());

const get = (url: string) => app.inject({ method: 'GET', url });
const titles = (xml: string) => [...xml.matchAll(/<item>\s*<title>([^<]*)<\/title>/g)].map((m) => m[1]);

describe('RSS per language', () => {
  it('English stays at /rss.xml; Dutch and French have their own feed of what exists in them', async () => {
    const en = await get('/rss.xml');
    expect(titles(en.body)).toEqual(['Working in Antwerp']);
    expect(en.body).toContain('<language>en</language>');

    const nl = await get('/nl/rss.xml');
    expect(nl.statusCode).toBe(200);
    expect(titles(nl.body)).toEqual(['Alleen in het Nederlands', 'Werken in Antwerpen']);
    expect(nl.body).toContain('<language>nl-BE</language>');
    expect(nl.body).toContain(`<link>${SITE}/nl/post/${post.id}/antwerpen</link>`);
    expect(nl.body).toContain(`href="${SITE}/nl/rss.xml"`);
    expect(nl.body).toContain('Berichten');

    const fr = await get('/fr/rss.xml?tag=city');
    expect(titles(fr.body)).toEqual([]);
    expect(fr.body).toContain('<language>fr-BE</language>');
  });
});

describe('the sitemap in every language', () => {
  const entries = (xml: string) =>
    [...xml.matchAll(/<url><loc>([^<]*)<\/loc>(?:<lastmod>[^<]*<\/lastmod>)?(.*?)<\/url>/g)].map((m) => ({
      loc: m[1]!,
      alternates: [...m[2]!.matchAll(/hreflang="([^"]+)" href="([^"]+)"/g)].map((a) => ({ lang: a[1]!, href: a[2]! })),
    }));

  it('lists each published language version with its alternates and x-default', async () => {
    const xml = (await get('/sitemap.xml')).body;
    expect(xml).toContain('xmlns:xhtml="http://www.w3.org/1999/xhtml"');
    const all = entries(xml);
    const locs = all.map((e) => e.loc);
    expect(locs).toEqual(
      expect.arrayContaining([
        `${SITE}/post/${post.id}/antwerp`,
        `${SITE}/nl/post/${post.id}/antwerpen`,
        `${SITE}/vacancy/${vacancy.id}/java-developer`,
        `${SITE}/fr/vacancy/${vacancy.id}/developpeur-java`,
        `${SITE}/`,
        `${SITE}/nl`,
        `${SITE}/fr`,
      ]),
    );
    // The draft French version is not listed.
    expect(locs.some((l) => l.includes('/fr/post/'))).toBe(false);
    const english = all.find((e) => e.loc === `${SITE}/post/${post.id}/antwerp`)!;
    expect(english.alternates).toEqual([
      { lang: 'en', href: `${SITE}/post/${post.id}/antwerp` },
      { lang: 'nl-BE', href: `${SITE}/nl/post/${post.id}/antwerpen` },
      { lang: 'x-default', href: `${SITE}/post/${post.id}/antwerp` },
    ]);
  });

  it('every alternate is itself listed and links back (reciprocal)', async () => {
    const all = entries((await get('/sitemap.xml')).body);
    const byLoc = new Map(all.map((e) => [e.loc, e]));
    for (const entry of all) {
      for (const alt of entry.alternates.filter((a) => a.lang !== 'x-default')) {
        const other = byLoc.get(alt.href);
        expect(other, `${alt.href} (alternate of ${entry.loc}) is listed`).toBeDefined();
        expect(
          other!.alternates.map((a) => a.href),
          `${alt.href} links back to ${entry.loc}`,
        ).toContain(entry.loc);
      }
    }
    // A page in one language only has no alternates to announce.
    const dutchOnly = all.find((e) => e.loc.includes('/nl/post/') && e.loc.endsWith('/alleen'))!;
    expect(dutchOnly.alternates).toEqual([]);
  });
});
