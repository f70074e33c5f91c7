import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { LOCALE_TABLE, LOCALES, localizedPath, type Locale } from '@app/shared/locales';
import { ROUTES } from '@app/shared/routes';
import nl from '@app/shared/messages/translations/nl';
import fr from '@app/shared/messages/translations/fr';
import { useTestApp } from '../../test/helper';

const webDist = path.resolve(import.meta.dirname, '../../../web/dist');
if (!fs.existsSync(path.join(webDist, 'server/entry-server.js'))) {
  throw new Error(`No web build in ${webDist}: run \`npm run build\` (or \`npm test\`, which builds when needed).`);
}
const ctx = useTestApp({ webDist });
const get = (url: string) => ctx.app.inject({ method: 'GET', url });
const origin = () => ctx.app.config.publicUrl;

/** What a page's head says about its language. */
function head(html: string) {
  const attr = (tag: string, name: string) => new RegExp(`${name}="([^"]*)"`).exec(tag)?.[1];
  const links = [...html.matchAll(/<link\b[^>]*>/g)].map((m) => m[0]);
  return {
    lang: /<html lang="([^"]+)"/.exec(html)?.[1],
    canonical: links.filter((l) => /rel="canonical"/.test(l)).map((l) => attr(l, 'href')),
    alternates: new Map(
      links.filter((l) => /rel="alternate" hreflang=/.test(l)).map((l) => [attr(l, 'hreflang')!, attr(l, 'href')!]),
    ),
    ogLocale: /<meta property="og:locale" content="([^"]+)"/.exec(html)?.[1],
    ogAlternates: [...html.matchAll(/<meta property="og:locale:alternate" content="([^"]+)"/g)].map((m) => m[1]),
    jsonLdLanguages: [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)]
      .map((m) => JSON.parse(m[1]!) as { '@type': string; inLanguage?: string })
      .filter((ld) => ld['@type'] !== 'Organization')
      .map((ld) => ld.inLanguage),
  };
}

/** Every static public page of the route table (the sitemap's), in every language. */
const STATIC_PAGES = Object.values(ROUTES)
  .filter((r) => r.access === 'public' && 'sitemap' in r && r.sitemap)
  .map((r) => r.path);

describe('the public pages in every language', () => {
  it('each have <html lang>, their own canonical, and a complete, reciprocal hreflang set with x-default', async () => {
    expect(STATIC_PAGES.length).toBeGreaterThan(5);
    const seen = new Map<string, ReturnType<typeof head>>();
    // The crawl: every static page in every language, then every alternate those pages name.
    const queue = LOCALES.flatMap((l) => STATIC_PAGES.map((p) => localizedPath(l, p)));
    while (queue.length) {
      const address = queue.shift()!;
      if (seen.has(address)) continue;
      const res = await get(address);
      expect(res.statusCode, address).toBe(200);
      const found = head(res.body);
      seen.set(address, found);
      for (const href of found.alternates.values()) queue.push(href.slice(origin().length));
    }
    for (const [address, found] of seen) {
      const locale = (LOCALES.find((l) => l !== 'en' && (address === `/${l}` || address.startsWith(`/${l}/`))) ??
        'en') as Locale;
      expect(found.lang, address).toBe(LOCALE_TABLE[locale].tag);
      expect(found.canonical, address).toEqual([origin() + address]);
      // Every language, and English as the default for everyone else.
      expect([...found.alternates.keys()].sort(), address).toEqual(
        [...LOCALES.map((l) => LOCALE_TABLE[l].tag), 'x-default'].sort(),
      );
      expect(found.alternates.get(LOCALE_TABLE[locale].tag), address).toBe(origin() + address);
      expect(found.ogLocale, address).toBe(LOCALE_TABLE[locale].ogLocale);
      expect(found.ogAlternates.sort(), address).toEqual(
        LOCALES.filter((l) => l !== locale)
          .map((l) => LOCALE_TABLE[l].ogLocale)
          .sort(),
      );
      for (const inLanguage of found.jsonLdLanguages) expect(inLanguage, address).toBe(LOCALE_TABLE[locale].tag);
      // Reciprocal: each alternate names this page back under this page's language.
      for (const [tag, href] of found.alternates) {
        const other = seen.get(href.slice(origin().length))!;
        expect(other, `${address} → ${tag}`).toBeDefined();
        expect(other.alternates.get(LOCALE_TABLE[locale].tag), `${href} back to ${address}`).toBe(origin() + address);
      }
    }
  });

  it('gives every address of the sitemap (posts, vacancies, tags) a reciprocal hreflang set that matches it', async () => {
    const xml = (await get('/sitemap.xml')).body;
    const parts = [...xml.matchAll(/<sitemap><loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);
    const files = parts.length
      ? await Promise.all(parts.map(async (u) => (await get(u.slice(origin().length))).body))
      : [xml];
    // Each <url>: its address and the alternates the sitemap gives it.
    const listed = new Map<string, Map<string, string>>();
    for (const file of files)
      for (const [, block] of file.matchAll(/<url>([\s\S]*?)<\/url>/g)) {
        const loc = /<loc>([^<]+)<\/loc>/.exec(block!)![1]!;
        const alts = new Map(
          [...block!.matchAll(/<xhtml:link rel="alternate" hreflang="([^"]+)" href="([^"]+)"/g)].map((m) => [
            m[1]!,
            m[2]!,
          ]),
        );
        listed.set(loc, alts);
      }
    const items = [...listed.keys()].filter((u) => /\/(post|vacancy|tag)\//.test(u));
    expect(items.some((u) => u.includes('/nl/post/'))).toBe(true);
    expect(items.some((u) => u.includes('/fr/vacancy/'))).toBe(true);
    for (const url of items) {
      const res = await get(url.slice(origin().length));
      expect(res.statusCode, url).toBe(200);
      const found = head(res.body);
      expect(found.canonical, url).toEqual([url]);
      // The page names the same versions as the sitemap does, itself among them.
      expect(new Map([...found.alternates].sort()), url).toEqual(new Map([...listed.get(url)!].sort()));
      expect([...found.alternates.values()], url).toContain(url);
      // Reciprocal: every version the page names is listed, and names this one back.
      for (const [tag, href] of found.alternates) {
        if (tag === 'x-default') continue;
        expect(listed.get(href)?.get(found.lang!), `${href} back to ${url}`).toBe(url);
      }
    }
  });

  it('shows the interface in the page language and sends the English pages as before', async () => {
    const dutch = await get('/nl/vacatures');
    expect(dutch.body).toContain(`<h1`);
    expect(dutch.body).toContain(nl.site.vacanciesHeading);
    expect(dutch.body).toContain(`>${nl.site.navPosts}<`);
    expect(dutch.body).toContain(`${nl.site.employment_FULL_TIME} · `);
    const french = await get('/fr/privacy');
    expect(french.body).toContain(fr.site.privacyTitle);
    expect(french.body).toContain(`<title>${fr.site.privacyTitle} |`);
    const english = await get('/about');
    expect(head(english.body).lang).toBe('en');
    expect(english.body).toContain('>Posts<');
    expect(english.body).not.toContain(nl.site.navPosts);
  });

  it('shows the service cards, the visions, the careers tiles and the about labels in the page language', async () => {
    const site = (await import('@app/shared/messages/site')).SITE_MSG;
    // The texts of the cards and labels, by page: English must not be left on a Dutch or French page.
    const services = ['service1Title', 'service2Title', 'service3Title', 'service4Title', 'service2Text'] as const;
    const visions = ['vision1Name', 'vision3Name', 'vision6Name'] as const;
    const tiles = ['tileJavaTitle', 'tileOfficeTitle', 'tileAdminTitle'] as const;
    const about = ['aboutRoleConsultancy', 'aboutRoleSister', 'aboutAddress', 'aboutRegistrationNumber', 'aboutPhone'];
    const pages = [
      { path: ROUTES.home.path, keys: [...services, ...visions, ...tiles] },
      { path: ROUTES.services.path, keys: services },
      { path: ROUTES.vision.path, keys: [...visions, 'vision1Text', 'vision6Text'] },
      { path: ROUTES.about.path, keys: about },
    ] as const;
    const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/'/g, '&#x27;');
    const missing: string[] = [];
    const english: string[] = [];
    for (const [locale, texts] of [
      ['nl', nl.site],
      ['fr', fr.site],
    ] as const)
      for (const { path: page, keys } of pages) {
        const address = localizedPath(locale, page);
        const res = await get(address);
        expect(res.statusCode, address).toBe(200);
        // The page's visible part (its data script carries its own language's catalogue only).
        const body = res.body.replace(/<script\b[\s\S]*?<\/script>/g, '');
        for (const key of keys) {
          if (!body.includes(escape(texts[key as keyof typeof texts]))) missing.push(`${address} ${key}`);
          if (body.includes(`>${escape(site[key as keyof typeof site])}<`)) english.push(`${address} ${key}`);
        }
      }
    expect(missing).toEqual([]);
    expect(english).toEqual([]);
    // English stays as it was.
    expect((await get(ROUTES.about.path)).body).toContain('<dt>Company registration number</dt>');
    expect((await get(ROUTES.home.path)).body).toContain('>Digital signatures<');
  });

  it('keeps each language apart in the page cache, and answers an unknown address in its language', async () => {
    await get('/nl/about');
    const again = await get('/nl/about');
    expect(again.headers['x-cache']).toBe('hit');
    expect(head(again.body).lang).toBe('nl-BE');
    expect(head((await get('/about')).body).lang).toBe('en');
    const missing = await get('/fr/nowhere-at-all');
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toContain(fr.site.notFoundTitle);
  });

  it('offers a language switcher of links to the same page, the current one marked', async () => {
    const page = (await get('/fr/vision')).body;
    const switcher = /<ul[^>]*aria-label="Langue"[^>]*>([\s\S]*?)<\/ul>/.exec(page)?.[1] ?? '';
    const links = [...switcher.matchAll(/<a\b[^>]*>/g)].map((m) => m[0]);
    expect(links).toHaveLength(LOCALES.length);
    expect(links.find((l) => l.includes('href="/nl/vision"'))).toMatch(/hrefLang="nl-BE"|hreflang="nl-BE"/);
    expect(links.find((l) => l.includes('href="/vision"'))).toMatch(/lang="en"/);
    expect(links.find((l) => l.includes('href="/fr/vision"'))).toContain('aria-current="page"');
  });

  it('gives a post that exists in English only its English address as canonical, marked as English', async () => {
    // The demo posts exist in every language: this one is written in English and never translated.
    const [post] = (
      await ctx.app.db.execute<{ id: number; slug: string }>(sql`
        insert into posts (name, posted_by, content, slug, language)
        values ('Only in English', 'Staff', 'A post nobody translated.', 'only-in-english', 'en')
        returning id, slug`)
    ).rows;
    const english = `/post/${post!.id}/${post!.slug}`;
    const res = await get(`/nl${english}`);
    expect(res.statusCode).toBe(200);
    const found = head(res.body);
    expect(found.lang).toBe('nl-BE');
    expect(found.canonical).toEqual([origin() + english]);
    expect([...found.alternates]).toEqual([
      ['en', origin() + english],
      ['x-default', origin() + english],
    ]);
    expect(res.body).toMatch(/<article[^>]*lang="en"/);
    // The switcher: English is the post itself; a language it lacks leads to that language's posts.
    const switcher = /<ul[^>]*aria-label="Taal"[^>]*>([\s\S]*?)<\/ul>/.exec(res.body)?.[1] ?? '';
    expect(switcher).toContain(`href="${english}"`);
    expect(switcher).toContain('href="/fr/post"');
  });
});
