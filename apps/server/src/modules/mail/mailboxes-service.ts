import crypto from 'node:crypto';
import { MSG } from '@app/shared/messages';
import type { Mailbox, MailboxListItem, MailboxRequest, TestMailResult } from '@app/shared/schemas/mail';
import { decrypt, encrypt } from '../../lib/crypto';
import { badRequest, HttpError, notFound } from '../../lib/http-error';
import type { ContentRepository } from '../content/repository';
import { recipientsOf } from './compose';
import type { MailboxesRepository, MailboxFields, MailboxRow } from './mailboxes-repository';
import type { ProvidersRepository } from './providers-repository';
import { describeError, sendMail, smtpOptions, type SmtpError } from './transport';

const toApi = ({ passwordEnc, ...row }: MailboxRow): Mailbox => ({ ...row, hasPassword: !!passwordEnc });

export interface MailboxesDeps {
  mailboxes: MailboxesRepository;
  providers: ProvidersRepository;
  content: ContentRepository;
  /** AES-256-GCM key for the passwords at rest. */
  key: Buffer;
  messageIdDomain: string;
}

export const mailboxesService = ({ mailboxes, providers, content, key, messageIdDomain }: MailboxesDeps) => {
  const get = async (id: number) => {
    const row = await mailboxes.find(id);
    if (!row) throw notFound(MSG.mailboxNotFound);
    return row;
  };
  const checkProvider = async (providerId: number) => {
    if (!(await providers.find(providerId)))
      throw badRequest(MSG.providerRequired, [{ field: 'providerId', message: MSG.providerRequired }]);
  };
  const fields = ({ password: _password, ...rest }: MailboxRequest): Omit<MailboxFields, 'passwordEnc'> => rest;

  return {
    list: async (): Promise<MailboxListItem[]> => (await mailboxes.list()).map((r) => ({ ...toApi(r), ...pickProvider(r) })),
    get: async (id: number) => toApi(await get(id)),

    create: async (req: MailboxRequest) => {
      await checkProvider(req.providerId);
      const passwordEnc = req.password ? encrypt(key, req.password) : null;
      return toApi(await mailboxes.create({ ...fields(req), passwordEnc }));
    },

    /** An empty or absent password keeps the stored one (the edit form never shows it). */
    update: async (id: number, req: MailboxRequest) => {
      await get(id);
      await checkProvider(req.providerId);
      const row = await mailboxes.update(id, { ...fields(req), ...(req.password ? { passwordEnc: encrypt(key, req.password) } : {}) });
      if (!row) throw notFound(MSG.mailboxNotFound);
      return toApi(row);
    },

    remove: async (id: number) => {
      if (!(await mailboxes.remove(id))) throw notFound(MSG.mailboxNotFound);
    },

    /** Sends a mail now through this mailbox, to the contact recipients (or its own address). */
    test: async (id: number): Promise<TestMailResult> => {
      const mailbox = await get(id);
      const to = recipientsOf((await content.findSettings())?.contactRecipients, mailbox);
      if (!to.length) throw badRequest(MSG.noRecipients);
      let password: string | undefined;
      try {
        password = mailbox.passwordEnc ? decrypt(key, mailbox.passwordEnc) : undefined;
      } catch {
        throw badRequest('The stored password cannot be read: save the mailbox password again.');
      }
      try {
        const response = await sendMail(smtpOptions(mailbox, password), {
          from: mailbox.username.trim() || to[0]!,
          to,
          subject: 'Test mail from the website',
          text: `This test was sent through the mailbox ${mailbox.username || mailbox.host} (${mailbox.host}:${mailbox.port}).`,
          messageId: `<test-${crypto.randomUUID()}@${messageIdDomain}>`,
        });
        return { ok: true, message: `${MSG.testMailSent} ${response}`.trim() };
      } catch (err) {
        throw new HttpError(502, `The mail server did not accept the test mail: ${describeError(err as SmtpError)}`);
      }
    },
  };
};

function pickProvider(r: { providerName: string; providerHost: string; providerPort: number; providerAuth: boolean; providerStarttlsEnable: boolean }) {
  const { providerName, providerHost, providerPort, providerAuth, providerStarttlsEnable } = r;
  return { providerName, providerHost, providerPort, providerAuth, providerStarttlsEnable };
}
