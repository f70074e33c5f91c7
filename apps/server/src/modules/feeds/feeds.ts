import { APP_TITLE_SUFFIX, truncate } from '@app/shared/constants';
import { pathPrefix, pathTo, routeEntries, ROUTES } from '@app/shared/routes';
import { escapeXml, latest } from './xml';
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

const url = (loc: string, lastmod?: Date) =>
  `  <url><loc>${escapeXml(loc)}</loc>${lastmod ? `<lastmod>${lastmod.toISOString()}</lastmod>` : ''}</url>`;

export const feeds = (repo: FeedsRepository, publicUrl: string) => ({
  async sitemap(): Promise<string> {
    const [posts, vacancies, texts] = await Promise.all([repo.posts(), repo.vacancies(), repo.pageTextsChanged()]);
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
      ...posts.map((p) => url(`${publicUrl}${pathTo(ROUTES.post, { id: p.id })}`, p.updatedAt)),
      ...vacancies.map((v) => url(`${publicUrl}${pathTo(ROUTES.vacancy, { vacancyId: v.id })}`, v.date)),
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

  /** RSS 2.0 of the posts, newest first; each description is the 600-character preview. */
  async rss(): Promise<string> {
    const [posts, texts] = await Promise.all([repo.posts(), repo.pageTextsChanged()]);
    const title = `${texts.companyName ?? ''} ${APP_TITLE_SUFFIX}`.trim();
    const self = `${publicUrl}/rss.xml`;
    const items = posts.map((p) => {
      const link = `${publicUrl}${pathTo(ROUTES.post, { id: p.id })}`;
      return [
        '    <item>',
        `      <title>${escapeXml(p.name)}</title>`,
        `      <link>${escapeXml(link)}</link>`,
        `      <guid isPermaLink="true">${escapeXml(link)}</guid>`,
        `      <pubDate>${p.date.toUTCString()}</pubDate>`,
        `      <dc:creator>${escapeXml(p.postedBy)}</dc:creator>`,
        `      <description>${escapeXml(truncate(p.content))}</description>`,
        '    </item>',
      ].join('\n');
    });
    const built = latest(...posts.map((p) => p.updatedAt));
    return [
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:dc="http://purl.org/dc/elements/1.1/">',
      '  <channel>',
      `    <title>${escapeXml(`${title} – Posts`)}</title>`,
      `    <link>${escapeXml(`${publicUrl}${ROUTES.posts.path}`)}</link>`,
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
