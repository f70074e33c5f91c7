import { MSG } from '@app/shared/messages';
import type { MailLog, MailLogQuery } from '@app/shared/schemas/mail';
import { boundedOrPage } from '../../lib/bounded-list';
import { notFound } from '../../lib/http-error';
import type { MailLogRepository } from '../outbox';

export const mailLogService = (logs: MailLogRepository) => ({
  /**
   * Without page or pageSize the spec's plain array, bounded (the newest rows, or the first by
   * `sort`); with either, one page and the total. Sorted in the database.
   */
  list: (q: MailLogQuery) =>
    boundedOrPage(
      q,
      async (limit, offset): Promise<MailLog[]> =>
        (await logs.list({ sort: q.sort, order: q.order, limit, offset })).map((r) => ({
          ...r,
          sentTimestamp: r.sentTimestamp.toISOString(),
        })),
      () => logs.count(),
    ),

  remove: async (id: number): Promise<void> => {
    if (!(await logs.remove(id))) throw notFound(MSG.mailLogNotFound);
  },
});
