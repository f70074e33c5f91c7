import { APP_TITLE_SUFFIX, truncate } from '@app/shared/constants';
import { pathPrefix, postPath, routeEntries, ROUTES, tagPath, vacancyPath } from '@app/shared/routes';
import { brusselsDate } from '@app/shared/brussels';
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

/** HTML inside a CDATA section: ']]>' is split so it cannot close the section early. */
/** Every tag of the public posts once, ignoring case (the first spelling wins). */
const tagsOf = (posts: { tags: string[] }[]) => {
  const seen = new Map<string, string>();
  for (const tag of posts.flatMap((p) => p.tags)) if (!seen.has(tag.toLowerCase())) seen.set(tag.toLowerCase(), tag);
  return [...seen.values()];
};

const url = (loc: string, lastmod?: Date) =>
  `  <url><loc>${escapeXml(loc)}</loc>${lastmod ? `<lastmod>${lastmod.toISOString()}</lastmod>` : ''}</url>`;

/** The newest posts a feed carries, as WordPress's default: a reader polls for what is new. */
export const FEED_ITEMS = 20;

/**
 * Addresses per sitemap file. Past this, /sitemap.xml becomes a sitemap index of parts
 * (/sitemap.xml?part=1, …), so no answer grows with the whole blog; the protocol's own ceiling is
 * 50,000 addresses or 50 MB per file (docs/decisions/0137-bounded-feeds-and-sitemap-index.md).
 */
export const SITEMAP_URLS = 5_000;

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>';
const SITEMAP_NS = 'xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"';

export const feeds = (repo: FeedsRepository, publicUrl: string, sitemapUrls = SITEMAP_URLS) => {
  /** Every address the sitemap lists, in order: the static pages, posts, tags, open vacancies. */
  async function sitemapUrlsList(): Promise<string[]> {
    const [posts, vacancies, texts] = await Promise.all([
      repo.sitemapPosts(),
      repo.vacancies(brusselsDate()),
      repo.pageTextsChanged(),
    ]);
    const newestPost = latest(...posts.map((p) => p.updatedAt));
    const newestVacancy = latest(...vacancies.map((v) => v.date));
    const lastmod: Record<string, Date | undefined> = {
      [ROUTES.home.path]: latest(texts.intro, texts.masthead, texts.settings),
      [ROUTES.about.path]: texts.settings,
      [ROUTES.posts.path]: newestPost,
      [ROUTES.vacancies.path]: newestVacancy,
    };
    return [
      ...STATIC_PAGES.map((path) => url(`${publicUrl}${path}`, lastmod[path])),
      ...posts.map((p) => url(`${publicUrl}${postPath(p)}`, p.updatedAt)),
      ...tagsOf(posts).map((tag) => url(`${publicUrl}${tagPath(tag)}`)),
      ...vacancies.map((v) => url(`${publicUrl}${vacancyPath(v)}`, v.date)),
    ];
  }
  const urlset = (urls: string[]) => `${XML_HEAD}\n<urlset ${SITEMAP_NS}>\n${urls.join('\n')}\n</urlset>\n`;

  return {
    /**
     * /sitemap.xml without a part: the whole sitemap while it fits one file, else the index of its
     * parts. With a part (1-based): that part, or undefined when there is no such part.
     */
    async sitemap(part?: number): Promise<string | undefined> {
      const urls = await sitemapUrlsList();
      const parts = Math.ceil(urls.length / sitemapUrls);
      if (part === undefined) {
        if (parts <= 1) return urlset(urls);
        const entries = Array.from(
          { length: parts },
          (_, i) => `  <sitemap><loc>${escapeXml(`${publicUrl}/sitemap.xml?part=${i + 1}`)}</loc></sitemap>`,
        );
        return `${XML_HEAD}\n<sitemapindex ${SITEMAP_NS}>\n${entries.join('\n')}\n</sitemapindex>\n`;
      }
      if (parts <= 1 || part < 1 || part > parts) return undefined;
      return urlset(urls.slice((part - 1) * sitemapUrls, part * sitemapUrls));
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
     * RSS 2.0 of the newest FEED_ITEMS public posts (of one tag when given); each description is the
     * 600-character plain-text preview and content:encoded the post's HTML.
     */
    async rss(tag?: string): Promise<string> {
      const [posts, texts] = await Promise.all([repo.latestPosts(FEED_ITEMS, tag), repo.pageTextsChanged()]);
      const title = `${texts.companyName ?? ''} ${APP_TITLE_SUFFIX}`.trim();
      const self = `${publicUrl}/rss.xml${tag ? `?tag=${encodeURIComponent(tag)}` : ''}`;
      const page = tag ? tagPath(tag) : ROUTES.posts.path;
      const items = posts.map((p) => {
        const link = `${publicUrl}${postPath(p)}`;
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
        `    <title>${escapeXml(`${title} – ${tag ? `Posts tagged ${tag}` : 'Posts'}`)}</title>`,
        `    <link>${escapeXml(`${publicUrl}${page}`)}</link>`,
        `    <atom:link href="${escapeXml(self)}" rel="self" type="application/rss+xml"/>`,
        `    <description>${escapeXml(`News and articles from ${texts.companyName ?? title}`)}</description>`,
        '    <language>en</language>',
        ...(built ? [`    <lastBuildDate>${built.toUTCString()}</lastBuildDate>`] : []),
        ...items,
        '  </channel>',
        '</rss>',
        '',
      ].join('\n');
    },
  };
};
