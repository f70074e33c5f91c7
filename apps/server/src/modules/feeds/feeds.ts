import { APP_TITLE_SUFFIX, truncate } from '@app/shared/constants';
import { pathPrefix, postPath, routeEntries, ROUTES, tagPath, vacancyPath } from '@app/shared/routes';
import { brusselsDate } from '@app/shared/brussels';
import { DEFAULT_LOCALE, isLocale, LOCALE_TABLE, LOCALES, localizedPath, type Locale } from '@app/shared/locales';
import { SERVER_TEXTS_BY_LOCALE } from '@app/shared/content-texts';
import { plainText, renderMarkdown } from '../posts';
import { cdata, escapeXml, latest } from './xml';
import type { FeedsRepository } from './repository';

/** Public pages without a record behind them, from the shared route table. */
const STATIC_PAGES = routeEntries()
  .filter(([, route]) => route.access === 'public' && route.sitemap)
  .map(([, route]) => route.path);

/**
 * What crawlers are kept out of: the API, the back office and the hidden public pages of the route
 * table, and /vacancy-overview, an old name of the vacancy overview that is not a route of its own
 * (docs/decisions/0010-content-and-vacancies.md). Prefix rules, so '/posts' does not hide
 * '/post/{id}'.
 */
export const PRIVATE_PATHS = [
  '/api/',
  ...routeEntries()
    .filter(([, route]) => route.access !== 'public' || route.hidden)
    .map(([, route]) => pathPrefix(route)),
  '/vacancy-overview',
];

/** One language version of a page: its path (with the language prefix) and when it last changed. */
interface Version {
  language: Locale;
  path: string;
  lastmod?: Date | undefined;
}

/**
 * The sitemap entry of one language version of a page (`versions[index]`), listing every version
 * (itself included) as an `xhtml:link` alternate plus `x-default` (the English version, else the
 * first), so the set is complete and reciprocal as search engines require (decision 0155).
 */
function urlOf(publicUrl: string, versions: Version[], index: number): string {
  const v = versions[index]!;
  const byDefault = versions.find((x) => x.language === DEFAULT_LOCALE) ?? versions[0]!;
  const alternates =
    versions.length > 1
      ? [
          ...versions.map(
            (x) =>
              `<xhtml:link rel="alternate" hreflang="${LOCALE_TABLE[x.language].tag}" href="${escapeXml(publicUrl + x.path)}"/>`,
          ),
          `<xhtml:link rel="alternate" hreflang="x-default" href="${escapeXml(publicUrl + byDefault.path)}"/>`,
        ].join('')
      : '';
  return `  <url><loc>${escapeXml(publicUrl + v.path)}</loc>${v.lastmod ? `<lastmod>${v.lastmod.toISOString()}</lastmod>` : ''}${alternates}</url>`;
}

/** The newest posts a feed carries, as WordPress's default: a reader polls for what is new. */
export const FEED_ITEMS = 20;

/**
 * Addresses per sitemap file. Past this, /sitemap.xml becomes a sitemap index of parts
 * (/sitemap.xml?part=1, …), so no answer grows with the whole blog; the protocol's own ceiling is
 * 50,000 addresses or 50 MB per file (docs/decisions/0137-bounded-feeds-and-sitemap-index.md).
 * 1,000 since every address carries an alternate per language: a part of addresses with the
 * longest slugs in every language stays under 1 MB (feeds-bounds.test.ts).
 */
export const SITEMAP_URLS = 1_000;
/**
 * Posts per sitemap part of `urls` addresses: as many as fit were each in every language. A part is
 * a window of the posts newest first, read as such from the database: no part (and not the index)
 * reads every post (decision 0137, amended).
 */
const postsPerPart = (urls: number) => Math.floor(urls / LOCALES.length);
export const SITEMAP_POSTS_PER_PART = postsPerPart(SITEMAP_URLS);

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>';
const SITEMAP_NS = 'xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"';
const URLSET_NS = `${SITEMAP_NS} xmlns:xhtml="http://www.w3.org/1999/xhtml"`;

export const feeds = (repo: FeedsRepository, publicUrl: string, sitemapUrls = SITEMAP_URLS) => {
  const sitemapPostsPerPart = postsPerPart(sitemapUrls);
  /**
   * The sitemap's pages other than the posts, each as its language versions (one address each):
   * the static pages, the tags (in the languages whose posts carry them) and the open vacancies
   * (in the languages they are published in).
   */
  async function pagesBesidePosts(newestPost: Date | undefined): Promise<Version[][]> {
    const [tags, vacancies, texts] = await Promise.all([
      repo.sitemapTags(),
      repo.vacancies(brusselsDate()),
      repo.pageTextsChanged(),
    ]);
    const vacancyTranslations = await repo.vacancyTranslations(vacancies.map((v) => v.id));
    const lastmod: Record<string, Date | undefined> = {
      [ROUTES.home.path]: latest(texts.intro, texts.masthead, texts.settings),
      [ROUTES.about.path]: texts.settings,
      [ROUTES.posts.path]: newestPost,
      [ROUTES.vacancies.path]: latest(...vacancies.map((v) => v.date)),
    };
    const tagVersions = tags.map(({ tag, languages }) =>
      LOCALES.filter((language) => languages.includes(language)).map((language) => ({
        language,
        path: localizedPath(language, tagPath(tag)),
      })),
    );
    const vacancyVersions = vacancies.map((v) => {
      const own: Locale = isLocale(v.language) ? v.language : DEFAULT_LOCALE;
      const published = vacancyTranslations.filter(
        (t) => t.vacancyId === v.id && t.status === 'published' && t.language !== own,
      );
      return [
        { language: own, path: localizedPath(own, vacancyPath(v)), lastmod: v.date },
        ...LOCALES.flatMap((language) =>
          published
            .filter((t) => t.language === language)
            .map((t) => ({
              language,
              path: localizedPath(language, vacancyPath({ id: v.id, slug: t.slug })),
              lastmod: t.updatedAt,
            })),
        ),
      ];
    });
    return [
      ...STATIC_PAGES.map((path) =>
        LOCALES.map((language) => ({ language, path: localizedPath(language, path), lastmod: lastmod[path] })),
      ),
      ...tagVersions,
      ...vacancyVersions,
    ];
  }

  /** The posts of a window (or all), each as its language versions. */
  async function postPages(window?: { limit: number; offset: number }): Promise<Version[][]> {
    return (await repo.sitemapPosts(window)).map((p) =>
      p.versions.map((v) => ({
        language: v.language,
        path: localizedPath(v.language, postPath({ id: p.id, slug: v.slug })),
        lastmod: v.updatedAt,
      })),
    );
  }

  const urlset = (pages: Version[][]) =>
    `${XML_HEAD}\n<urlset ${URLSET_NS}>\n${pages.flatMap((versions) => versions.map((_, i) => urlOf(publicUrl, versions, i))).join('\n')}\n</urlset>\n`;

  return {
    /**
     * /sitemap.xml without a part: the whole sitemap while it fits one file, else the index of its
     * parts. With a part (1-based): that part, or undefined when there is no such part. Part 1
     * holds every page but the posts (the static pages, the tags, the open vacancies); the parts
     * after it hold the posts newest first, SITEMAP_POSTS_PER_PART each.
     */
    async sitemap(part?: number): Promise<string | undefined> {
      const posts = await repo.sitemapSummary();
      // Read once: near the limit it decides whether the sitemap is split, and is then part 1.
      let beside: Version[][] | undefined;
      if (posts.addresses <= sitemapUrls) {
        beside = await pagesBesidePosts(posts.newest);
        const count = beside.reduce((n, versions) => n + versions.length, posts.addresses);
        if (count <= sitemapUrls) {
          if (part !== undefined) return undefined;
          const [staticPages, rest] = [beside.slice(0, STATIC_PAGES.length), beside.slice(STATIC_PAGES.length)];
          return urlset([...staticPages, ...(await postPages()), ...rest]);
        }
      }
      const parts = 1 + Math.ceil(posts.posts / sitemapPostsPerPart);
      if (part === undefined) {
        const entries = Array.from(
          { length: parts },
          (_, i) => `  <sitemap><loc>${escapeXml(`${publicUrl}/sitemap.xml?part=${i + 1}`)}</loc></sitemap>`,
        );
        return `${XML_HEAD}\n<sitemapindex ${SITEMAP_NS}>\n${entries.join('\n')}\n</sitemapindex>\n`;
      }
      if (part < 1 || part > parts) return undefined;
      if (part === 1) return urlset(beside ?? (await pagesBesidePosts(posts.newest)));
      return urlset(await postPages({ limit: sitemapPostsPerPart, offset: (part - 2) * sitemapPostsPerPart }));
    },

    robots(): string {
      return [
        'User-agent: *',
        'Allow: /',
        ...PRIVATE_PATHS.map((p) => `Disallow: ${p}`),
        '',
        `Sitemap: ${publicUrl}/sitemap.xml`,
        '',
      ].join('\n');
    },

    /**
     * RSS 2.0 of the newest FEED_ITEMS public posts of a language (of one tag when given): those
     * written or published in it, in it. Each description is the 600-character plain-text preview
     * and content:encoded the post's HTML.
     */
    async rss(tag?: string, lang: Locale = DEFAULT_LOCALE): Promise<string> {
      const [posts, texts] = await Promise.all([repo.latestPosts(FEED_ITEMS, tag, lang), repo.pageTextsChanged()]);
      const words = SERVER_TEXTS_BY_LOCALE[lang].feeds;
      const title = `${texts.companyName ?? ''} ${APP_TITLE_SUFFIX}`.trim();
      const self = `${publicUrl}${localizedPath(lang, '/rss.xml')}${tag ? `?tag=${encodeURIComponent(tag)}` : ''}`;
      const page = localizedPath(lang, tag ? tagPath(tag) : ROUTES.posts.path);
      const items = posts.map((p) => {
        const link = `${publicUrl}${localizedPath(lang, postPath(p))}`;
        return [
          '    <item>',
          `      <title>${escapeXml(p.name)}</title>`,
          `      <link>${escapeXml(link)}</link>`,
          `      <guid isPermaLink="true">${escapeXml(link)}</guid>`,
          `      <pubDate>${p.date.toUTCString()}</pubDate>`,
          `      <dc:creator>${escapeXml(p.postedBy)}</dc:creator>`,
          `      <description>${escapeXml(truncate(plainText(p.content)))}</description>`,
          `      <content:encoded>${cdata(renderMarkdown(p.content))}</content:encoded>`,
          '    </item>',
        ].join('\n');
      });
      const built = latest(...posts.map((p) => p.updatedAt));
      return [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:content="http://purl.org/rss/1.0/modules/content/">',
        '  <channel>',
        `    <title>${escapeXml(`${title} – ${tag ? words.feedPostsTagged(tag) : words.feedPosts}`)}</title>`,
        `    <link>${escapeXml(`${publicUrl}${page}`)}</link>`,
        `    <atom:link href="${escapeXml(self)}" rel="self" type="application/rss+xml"/>`,
        `    <description>${escapeXml(words.feedDescription(texts.companyName ?? title))}</description>`,
        `    <language>${LOCALE_TABLE[lang].tag}</language>`,
        ...(built ? [`    <lastBuildDate>${built.toUTCString()}</lastBuildDate>`] : []),
        ...items,
        '  </channel>',
        '</rss>',
        '',
      ].join('\n');
    },
  };
};
