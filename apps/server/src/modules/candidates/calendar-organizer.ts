import type { Db } from '../../db/client';
import { contentRepository } from '../content';
import { mailboxesRepository } from '../mail-settings';

/**
 * The ORGANIZER of an interview's calendar file: the active mailbox's address, which the mail comes
 * from and replies go to. Without an active mailbox (the mail waits in the outbox meanwhile): the
 * administrator's address the site was set up with (ADMIN_EMAIL), else `fallback` (the staff
 * member who sends). `db` is the caller's transaction when there is one: on the embedded database
 * a read outside it would wait for it to end.
 */
export async function calendarOrganizer(db: Db, adminEmail: string | undefined, fallback: string): Promise<string> {
  const mailbox = await mailboxesRepository(db).findActive();
  return mailbox?.username.trim() || adminEmail || fallback;
}

/**
 * The company as candidate mails and calendar files name it ({company}, the ORGANIZER's name): the
 * site settings' name, else the site's address. `db` as for calendarOrganizer.
 */
export async function companyName(db: Db, publicUrl: string): Promise<string> {
  return (await contentRepository(db).findSettings())?.companyName?.trim() || publicUrl;
}
