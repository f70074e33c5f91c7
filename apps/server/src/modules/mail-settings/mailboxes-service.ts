import crypto from 'node:crypto';
import { MSG } from '@app/shared/messages';
import type { Mailbox, MailboxListItem, MailboxRequest, TestMailResult } from '@app/shared/schemas/mail';
import type { PageQuery } from '@app/shared/schemas/paging';
import { boundedOrPage } from '../../lib/bounded-list';
import { encrypt } from '../../lib/crypto';
import { invalidField } from '../../lib/field-errors';
import { badRequest, HttpError, notFound } from '../../lib/http-error';
import type { ContentRepository } from '../content';
import type { MailboxesRepository, MailboxFields, MailboxRow } from './mailboxes-repository';
import type { ProviderRow, ProvidersRepository } from './providers-repository';
import type { MailDelivery } from './mail-delivery-port';
import { MAIL_TEXT, portNotAllowed, smtpPortAllowed } from './mailbox-rules';
import { recipientsOf } from './recipients';
import { smtpOptionsFor, UnreadablePasswordError } from './smtp-options';
import { MAIL_MSG } from '@app/shared/messages/mail';
import { SERVER_MSG } from '@app/shared/messages/server';

const toApi = ({ passwordEnc, ...row }: MailboxRow): Mailbox => ({ ...row, hasPassword: !!passwordEnc });

/** The provider's settings shown beside each mailbox in the list. */
const providerColumns = (p: ProviderRow) => ({
  providerName: p.providerName,
  providerHost: p.host,
  providerPort: p.port,
  providerAuth: p.auth,
  providerStarttlsEnable: p.starttlsEnable,
});

export interface MailboxesDeps {
  mailboxes: MailboxesRepository;
  providers: ProvidersRepository;
  content: ContentRepository;
  /** AES-256-GCM key for the passwords at rest. */
  key: Buffer;
  messageIdDomain: string;
  /** Ports beyond the SMTP ones a mailbox may use (SMTP_ALLOWED_PORTS). */
  smtpAllowedPorts: readonly number[];
  /** The test send's log (the server's own words go there, never to the client). */
  log?: { warn: (obj: object, msg: string) => void };
  /** Sends the test mail (the outbox's transport and failure classifier). */
  delivery: Pick<MailDelivery, 'sendTestMail'>;
}

export const mailboxesService = ({
  mailboxes,
  providers,
  content,
  key,
  messageIdDomain,
  smtpAllowedPorts,
  log,
  delivery,
}: MailboxesDeps) => {
  const get = async (id: number) => {
    const row = await mailboxes.find(id);
    if (!row) throw notFound(MSG.mailboxNotFound);
    return row;
  };
  const checkProvider = async (providerId: number) => {
    if (!(await providers.find(providerId))) throw invalidField('providerId', MSG.providerRequired);
  };
  const checkPort = (port: number) => {
    if (!smtpPortAllowed(port, smtpAllowedPorts)) throw invalidField('port', portNotAllowed(port));
  };
  const smtpOf = (mailbox: MailboxRow) => {
    try {
      return smtpOptionsFor(mailbox, key);
    } catch (err) {
      if (err instanceof UnreadablePasswordError) throw badRequest(SERVER_MSG.storedPasswordUnreadable);
      throw err;
    }
  };
  const fields = ({ password: _password, ...rest }: MailboxRequest): Omit<MailboxFields, 'passwordEnc'> => rest;

  return {
    /** The mailboxes with their provider's settings: the spec's plain array, bounded, or one page. */
    list: (q: PageQuery) =>
      boundedOrPage(
        q,
        async (limit, offset): Promise<MailboxListItem[]> =>
          (await mailboxes.listWithProviders(limit, offset)).map((r) => ({
            ...toApi(r.mailbox),
            ...providerColumns(r.provider),
          })),
        () => mailboxes.count(),
      ),
    get: async (id: number) => toApi(await get(id)),

    create: async (req: MailboxRequest) => {
      checkPort(req.port);
      await checkProvider(req.providerId);
      const passwordEnc = req.password ? encrypt(key, req.password) : null;
      return toApi(await mailboxes.create({ ...fields(req), passwordEnc }));
    },

    /**
     * An empty or absent password keeps the stored one (the edit form never shows it), but only
     * while host, port, username, protocol and provider stay as they are: a password is bound to
     * the server it was entered for and is cleared when any of them changes without a new one.
     */
    update: async (id: number, req: MailboxRequest) => {
      await get(id);
      checkPort(req.port);
      await checkProvider(req.providerId);
      const row = await mailboxes.update(id, fields(req), req.password ? encrypt(key, req.password) : undefined);
      if (!row) throw notFound(MSG.mailboxNotFound);
      return toApi(row);
    },

    remove: async (id: number) => {
      if (!(await mailboxes.remove(id))) throw notFound(MSG.mailboxNotFound);
    },

    /**
     * Sends a mail now through this mailbox as saved (nothing of the request but the id is used),
     * to the contact recipients (or its own address). Only to an allowed SMTP port; a failure is
     * answered with its kind, never with what the remote server said.
     */
    test: async (id: number): Promise<TestMailResult> => {
      const mailbox = await get(id);
      if (!smtpPortAllowed(mailbox.port, smtpAllowedPorts)) throw badRequest(portNotAllowed(mailbox.port));
      if (mailbox.auth && !mailbox.passwordEnc) throw badRequest(MAIL_TEXT.passwordMissing);
      const to = recipientsOf((await content.findSettings())?.contactRecipients, mailbox);
      if (!to.length) throw badRequest(MSG.noRecipients);
      const smtp = smtpOf(mailbox);
      const outcome = await delivery.sendTestMail(smtp, {
        from: mailbox.username.trim() || to[0]!,
        to,
        subject: MAIL_MSG.testMailSubject,
        text: MAIL_MSG.testMailText(mailbox.username || mailbox.host, mailbox.host, mailbox.port),
        messageId: `<test-${crypto.randomUUID()}@${messageIdDomain}>`,
      });
      if (outcome.ok) return { ok: true, message: MSG.testMailSent };
      log?.warn({ mailboxId: id, ...outcome.log }, 'test mail not sent');
      throw new HttpError(502, outcome.message);
    },
  };
};
