import type { Locale } from '../locales';

/**
 * The words of the RSS feeds, per language (each language has its own feed: /rss.xml, /nl/rss.xml,
 * /fr/rss.xml; decision 0155). Server-only: no browser bundle ships them.
 */
export const FEED_MSG = {
  en: {
    posts: 'Posts',
    postsTagged: (tag: string) => `Posts tagged ${tag}`,
    description: (company: string) => `News and articles from ${company}`,
  },
  nl: {
    posts: 'Berichten',
    postsTagged: (tag: string) => `Berichten met tag ${tag}`,
    description: (company: string) => `Nieuws en artikels van ${company}`,
  },
  fr: {
    posts: 'Articles',
    postsTagged: (tag: string) => `Articles avec l’étiquette ${tag}`,
    description: (company: string) => `Actualités et articles de ${company}`,
  },
} as const satisfies Record<Locale, unknown>;
