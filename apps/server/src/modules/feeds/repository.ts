import type { Db } from '../../db/client';
import type { Locale } from '@app/shared/locales';
import { contentRepository } from '../content';
import { postsRepository } from '../posts';
import { vacanciesRepository } from '../vacancies';

/** What the feeds read, through the repositories that own those tables. */
export const feedsRepository = (db: Db) => ({
  /** The newest public posts (of one tag when given), with what the RSS feeds need. */
  latestPosts: (limit: number, tag?: string, lang?: Locale) => postsRepository(db).feedEntries(limit, tag, lang),
  /** How many public posts there are and how many addresses they have, and their newest change. */
  sitemapSummary: () => postsRepository(db).sitemapSummary(),
  /** The public posts newest first (all, or a sitemap part's window), with what the sitemap lists. */
  sitemapPosts: (window?: { limit: number; offset: number }) => postsRepository(db).sitemapEntries(window),
  /** Every tag of the public posts once, with the languages its posts are published in. */
  sitemapTags: () => postsRepository(db).sitemapTags(),
  /** Vacancies open on the given Brussels day. */
  vacancies: (today: string) => vacanciesRepository(db).feedEntries(today),
  /** The stored translations of the given vacancies (the sitemap lists the published ones). */
  vacancyTranslations: (ids: number[]) => vacanciesRepository(db).translationsOf(ids),
  /** When the texts of the home and About pages last changed (undefined when never stored). */
  pageTextsChanged: () => contentRepository(db).lastChanges(),
});
export type FeedsRepository = ReturnType<typeof feedsRepository>;
