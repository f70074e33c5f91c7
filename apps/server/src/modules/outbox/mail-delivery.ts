import type { MailDelivery } from '../mail-settings';
import { outboxService } from './outbox-service';
import { classifyFailure, failureDetail, testMailFailed } from './smtp-failures';
import { sendMail, type SmtpError } from './transport';

/**
 * What the mail settings ask of delivery, given to them where the modules are mounted
 * (modules/index.ts), so that the outbox depends on the settings and never the other way round.
 */
export const mailDelivery: MailDelivery = {
  retryWaiting: (db) => outboxService(db).retryWaiting(),

  async sendTestMail(smtp, mail) {
    try {
      await sendMail(smtp, mail);
      return { ok: true };
    } catch (e) {
      const err = e as SmtpError;
      const failure = classifyFailure(err);
      return {
        ok: false,
        message: testMailFailed(failure.reason),
        log: { kind: failure.kind, responseCode: failure.responseCode, code: err.code, detail: failureDetail(err) },
      };
    }
  },
};
