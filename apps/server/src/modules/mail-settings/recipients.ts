import type { MailboxRow } from './mailboxes-repository';

/** Contact recipients from the site settings (comma list), else the mailbox's own address. */
export function recipientsOf(contactRecipients: string | undefined, mailbox: Pick<MailboxRow, 'username'>): string[] {
  const listed = (contactRecipients ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (listed.length) return listed;
  return mailbox.username.trim() ? [mailbox.username.trim()] : [];
}
