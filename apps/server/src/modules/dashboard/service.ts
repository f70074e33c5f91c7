import type { Dashboard } from '@app/shared/schemas/dashboard';
import type { Db } from '../../db/client';
import { DEFAULT_LOCALE, LOCALES } from '@app/shared/locales';
import { mailboxesRepository, providersRepository } from '../mail-settings';
import { outboxService } from '../outbox';
import { postsRepository } from '../posts';
import { usersRepository } from '../users';
import { vacanciesRepository } from '../vacancies';

/**
 * The dashboard reads through the owning modules' repositories and services (each table has one
 * owner); it owns no table itself. Counts are counted in the database, not by loading lists.
 */
export const dashboardService = (db: Db) => {
  const outbox = outboxService(db);
  const mailboxes = mailboxesRepository(db);
  return {
    async get(): Promise<Dashboard> {
      const active = await mailboxes.findActive();
      const [mail, lastDelivery, latestMessages, posts, vacancies, users, provider, postsWaiting, vacanciesWaiting] =
        await Promise.all([
          outbox.health(!!active),
          outbox.lastDelivery(),
          outbox.latest(5),
          postsRepository(db).list({ audience: 'staff', limit: 0 }),
          vacanciesRepository(db).count(),
          usersRepository(db).count(),
          active ? providersRepository(db).find(active.providerId) : undefined,
          postsRepository(db).waitingForTranslation(),
          vacanciesRepository(db).waitingForTranslation(),
        ]);
      return {
        mail,
        activeMailbox: active
          ? {
              id: active.id,
              name: active.username || active.host,
              host: active.host,
              providerName: provider?.providerName ?? '',
            }
          : null,
        lastDelivery,
        counts: { posts: posts.total, vacancies, users },
        waitingForTranslation: LOCALES.filter((language) => language !== DEFAULT_LOCALE).map((language) => ({
          language,
          posts: postsWaiting[language],
          vacancies: vacanciesWaiting[language],
        })),
        latestMessages,
      };
    },
  };
};
