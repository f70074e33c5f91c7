import type { FastifyInstance } from 'fastify';
import { mailboxesRepository } from '../mail-settings';

/**
 * The ORGANIZER of an interview's calendar file: the active mailbox's address, which the mail comes
 * from and replies go to. Without an active mailbox (the mail waits in the outbox meanwhile): the
 * administrator's address the site was set up with (ADMIN_EMAIL), else `fallback` (the staff
 * member who sends).
 */
export async function calendarOrganizer(app: FastifyInstance, fallback: string): Promise<string> {
  const mailbox = await mailboxesRepository(app.db).findActive();
  return mailbox?.username.trim() || app.config.adminEmail || fallback;
}
