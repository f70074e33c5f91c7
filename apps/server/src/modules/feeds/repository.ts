import { asc, desc, max } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { intro, masthead, posts, siteSettings, vacancies } from '../../db/schema';

export const feedsRepository = (db: Db) => ({
  /** Posts newest first, with what the feeds need. */
  posts: () =>
    db
      .select({
        id: posts.id,
        name: posts.name,
        postedBy: posts.postedBy,
        content: posts.content,
        date: posts.date,
        updatedAt: posts.updatedAt,
      })
      .from(posts)
      .orderBy(desc(posts.date), desc(posts.id)),

  vacancies: () => db.select({ id: vacancies.id, date: vacancies.date }).from(vacancies).orderBy(asc(vacancies.id)),

  /** When the texts of the home and About pages last changed (undefined when never stored). */
  pageTextsChanged: async () => {
    const [i] = await db.select({ at: max(intro.updatedAt) }).from(intro);
    const [m] = await db.select({ at: max(masthead.updatedAt) }).from(masthead);
    const [s] = await db
      .select({ at: max(siteSettings.updatedAt), name: max(siteSettings.companyName) })
      .from(siteSettings);
    return {
      intro: i?.at ?? undefined,
      masthead: m?.at ?? undefined,
      settings: s?.at ?? undefined,
      companyName: s?.name ?? undefined,
    };
  },
});
export type FeedsRepository = ReturnType<typeof feedsRepository>;
