import type { Catalogue } from '../catalogue';

/** The RSS feed's words in French (fr-BE): the keys of ../feeds.ts. */
export const FEED_MSG = {
  feedPosts: 'Articles',
  feedPostsTagged: (tag: string) => `Articles avec l’étiquette ${tag}`,
  feedDescription: (company: string) => `Actualités et articles de ${company}`,
} as const satisfies Catalogue;
