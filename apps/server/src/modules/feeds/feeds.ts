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

export const feeds = (repo: FeedsRepository, publicUrl: string) => ({
  async sitemap(): Promise<string> {
    const [posts, vacancies, texts] = await Promise.all([
      repo.posts(),
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
    const urls = [
      ...STATIC_PAGES.map((path) => url(`${publicUrl}${path}`, lastmod[path])),
      ...posts.map((p) => url(`${publicUrl}${postPath(p)}`, p.updatedAt)),
      ...tagsOf(posts).map((tag) => url(`${publicUrl}${tagPath(tag)}`)),
      ...vacancies.map((v) => url(`${publicUrl}${vacancyPath(v)}`, v.date)),
    ];
    return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
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
   * RSS 2.0 of the public posts (of one tag when given), newest first; each description is the
   * 600-character plain-text preview and content:encoded the post's HTML.
   */
  async rss(tag?: string): Promise<string> {
    const [posts, texts] = await Promise.all([repo.posts(tag), repo.pageTextsChanged()]);
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
});
