import type { Db } from '../../db/client';
import { contentRepository } from '../content/repository';
import { postsRepository } from '../posts/repository';
import { vacanciesRepository } from '../vacancies/repository';

/** What the feeds read, through the repositories that own those tables. */
export const feedsRepository = (db: Db) => ({
  /** Posts newest first, with what the feeds need. */
  posts: () => postsRepository(db).feedEntries(),
  vacancies: () => vacanciesRepository(db).feedEntries(),
  /** When the texts of the home and About pages last changed (undefined when never stored). */
  pageTextsChanged: () => contentRepository(db).lastChanges(),
});
export type FeedsRepository = ReturnType<typeof feedsRepository>;
