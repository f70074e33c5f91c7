import type { Catalogue } from './catalogue';

/**
 * The words of the RSS feeds (modules/feeds/feeds.ts): /rss.xml is English, /nl/rss.xml and
 * /fr/rss.xml take the same keys from `nl/` and `fr/` (decision 0155). Server-only.
 */
export const FEED_MSG = {
  feedPosts: 'Posts',
  feedPostsTagged: (tag: string) => `Posts tagged ${tag}`,
  feedDescription: (company: string) => `News and articles from ${company}`,
} as const satisfies Catalogue;
