/**
 * The mail settings: providers, mailboxes (the one active mailbox delivers), which SMTP ports they
 * may use, who receives contact mail, how a mailbox becomes SMTP options and the key its password
 * is stored under. Other modules use it only through this file; it imports no other mail module
 * (docs/decisions/0134-mail-module-split.md).
 */
export { mailSettingsRoutes } from './routes';
export { mailboxesRepository, type MailboxRow } from './mailboxes-repository';
export { providersRepository } from './providers-repository';
export { smtpOptionsFor, UnreadablePasswordError } from './smtp-options';
export { mailboxKey, messageIdDomain } from './mail-config';
export { MAIL_TEXT, smtpPortAllowed } from './mailbox-rules';
export { recipientsOf } from './recipients';
export type { MailDelivery } from './mail-delivery-port';
