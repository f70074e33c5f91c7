import fp from 'fastify-plugin';
import { mailboxKey, messageIdDomain } from '../mail-settings';
import { createMailWorker, type MailWorkerOptions } from './worker';

/**
 * The delivery worker's lifecycle as a plugin: it starts once the app is ready and stops in
 * onClose, waiting for the sends in flight to be recorded. onClose hooks run in the reverse order
 * of their registration, so registered after the database plugin it stops before the database
 * closes. Options override the worker's defaults (tests, benches); the ports a mailbox may use come
 * from the configuration (SMTP_ALLOWED_PORTS).
 */
export const mailWorkerPlugin = fp<Omit<MailWorkerOptions, 'log' | 'messageIdDomain'>>(
  async (app, opts) => {
    const worker = createMailWorker(app.db, mailboxKey(app.secret), {
      smtpAllowedPorts: app.config.smtpAllowedPorts,
      ...opts,
      messageIdDomain: messageIdDomain(app.config.publicUrl),
      log: app.log.child({ module: 'mail-worker' }),
      onOutcome: (outcome, kind) => app.countMailOutcome(outcome, kind),
    });
    app.addHook('onReady', async () => worker.start());
    app.addHook('onClose', async () => worker.stop());
  },
  { name: 'mail-worker' },
);
