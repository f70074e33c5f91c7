/**
 * The outbox: the queue of contact messages, confirmations and account links (invitations, reset
 * links), the worker that delivers them, how a mail is composed and sent, and the one SMTP failure
 * classifier. Other modules use it only through this file (docs/decisions/0134-mail-module-split.md).
 */
export { outboxService, type OutboxService, type NewMessage } from './outbox-service';
export { outboxRepository, type OutboxRow } from './outbox-repository';
// The mail log is written here, with the delivery it records; staff-messages reads and erases it.
export { mailLogRepository, type MailLogRepository } from './mail-log-repository';
export { confirmationFor, type ConfirmationSettings } from './confirmation';
export { createMailWorker, type MailWorker, type MailWorkerOptions, type MailOutcome } from './worker';
export { mailWorkerPlugin } from './worker-plugin';
export { mailDelivery } from './mail-delivery';
// The texts staff see when a send fails (the mail-settings tests check the test send's answers).
export { FAILURE_TEXT, testMailFailed } from './smtp-failures';
