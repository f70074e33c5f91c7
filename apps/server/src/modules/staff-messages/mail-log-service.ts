import { MSG } from '@app/shared/messages';
import type { MailLog } from '@app/shared/schemas/mail';
import { notFound } from '../../lib/http-error';
import type { MailLogRepository } from '../outbox';

export const mailLogService = (logs: MailLogRepository) => ({
  /** Newest first. */
  list: async (): Promise<MailLog[]> =>
    (await logs.list()).map((r) => ({ ...r, sentTimestamp: r.sentTimestamp.toISOString() })),

  remove: async (id: number): Promise<void> => {
    if (!(await logs.remove(id))) throw notFound(MSG.mailLogNotFound);
  },
});
