import type { Catalogue } from '../catalogue';

/** The RSS feed's words in Dutch (nl-BE): the keys of ../feeds.ts. */
export const FEED_MSG = {
  feedPosts: 'Berichten',
  feedPostsTagged: (tag: string) => `Berichten met tag ${tag}`,
  feedDescription: (company: string) => `Nieuws en artikels van ${company}`,
} as const satisfies Catalogue;
