/** Invitations and forgotten passwords: one-time links sent by mail through the outbox (decision 0147). */
import type { Db } from '../../db/client';
import { accountTokensRepository } from './repository';

export { accountLinksRoutes } from './routes';

/** Days a spent link (used, or a reset link past its time) is kept before the retention job forgets it. */
export const SPENT_LINK_DAYS = 30;
/** For the retention job: forgets the links spent more than SPENT_LINK_DAYS ago; answers how many. */
export const dropSpentLinks = (db: Db) => accountTokensRepository(db).dropSpent(SPENT_LINK_DAYS);
