import type { Catalogue } from './catalogue';

const portNotAllowed = (port: number): string =>
  `Port ${port} is not an SMTP port: use 25, 465, 587 or 2525 (the server's SMTP_ALLOWED_PORTS setting can allow others).`;

/**
 * The texts of the mails the site sends (the staff notification, the visitor's confirmation, the
 * test mail) and what staff are told when mail cannot go out. Server-only: no browser bundle ships
 * them. The failure texts are in our own words, never the remote server's banner or reply
 * (docs/decisions/0014-mail-hardening.md).
 */
export const MAIL_MSG = {
  // The mail staff receive for a stored message (modules/mail/compose.ts).
  contactSubject: (fullName: string) => `Contact form: ${fullName}`,
  applicationSubject: (vacancyTitle: string, fullName: string) => `Application for ${vacancyTitle}: ${fullName}`,
  nameLine: (fullName: string) => `Name: ${fullName}`,
  emailLine: (email: string) => `E-mail: ${email}`,
  phoneLine: (phoneNumber: string) => `Phone: ${phoneNumber}`,
  vacancyLine: (vacancyTitle: string, vacancyId: string) => `Vacancy: ${vacancyTitle} (#${vacancyId})`,
  receivedLine: (isoTime: string) => `Received: ${isoTime}`,
  /** The visitor's language, so staff know in which to answer: 'Language: Nederlands (nl)'. */
  languageLine: (languageName: string, code: string) => `Language: ${languageName} (${code})`,
  attachmentName: 'attachment.pdf',

  // The visitor's confirmation: its words are in visitor-mail.ts (one per language), its default
  // text in site-defaults.ts (the settings page shows it); the company name goes first.
  confirmationSubjectFrom: (companyName: string, subject: string) => `${companyName}: ${subject}`,

  // Account links (modules/account-links): the link works once; no password is ever in a mail.
  invitationSubject: 'Your invitation to the back office',
  invitationText: (site: string, role: string, link: string) =>
    [
      `You have been invited to the back office of ${site} with the role ${role}.`,
      '',
      'Choose your password with this link (it works once, for 7 days):',
      link,
      '',
      'If you did not expect this invitation, you can ignore this mail.',
    ].join('\n'),
  resetSubject: 'Choose a new password',
  resetText: (site: string, link: string) =>
    [
      `Someone asked to reset the password of your account at ${site}.`,
      '',
      'Choose a new password with this link (it works once, for one hour):',
      link,
      '',
      'If you did not ask for this, ignore this mail: your password stays as it is.',
    ].join('\n'),

  // The test mail sent from a mailbox's screen.
  testMailSubject: 'Test mail from the website',
  testMailText: (mailboxName: string, host: string, port: number) =>
    `This test was sent through the mailbox ${mailboxName} (${host}:${port}).`,
  testMailFailed: (reason: string) => `The mail server did not accept the test mail: ${reason}`,

  // Why mail waits or failed (modules/mail/failures.ts, worker.ts).
  portNotAllowed,
  /** Test send through a mailbox that signs in but has no password (cleared when its destination changed). */
  passwordMissing: 'This mailbox has no password: enter it on the mailbox and save, then try again.',
  /** Delivery waits: the active mailbox signs in but has no password. */
  activePasswordMissing:
    'The active mailbox has no password (it is cleared when the host, port, username, protocol or provider change): enter it again and save the mailbox.',
  /** Delivery waits: the active mailbox's port is not allowed. */
  activePortNotAllowed: (port: number) => `The active mailbox cannot be used. ${portNotAllowed(port)}`,
  /** Delivery waits: the stored password cannot be decrypted. */
  passwordUnreadable:
    'The active mailbox password cannot be read (the server secret changed?): save the mailbox password again.',
  gaveUp: (attempts: number, reason: string) => `Gave up after ${attempts} attempts: ${reason}`,
  smtpRefused:
    'Could not connect to the mail server: the connection was refused or the host was not found. Check the host and port.',
  smtpTimeout: 'The mail server did not answer in time. Check the host and port, or try again later.',
  smtpTls: 'The secure connection (TLS) to the mail server failed. Check the port and the StartTLS setting.',
  smtpAuth: 'The mail server did not accept the username and password.',
  smtpRejected: (code: number) =>
    code < 500
      ? `The mail server turned the mail away for now (SMTP ${code}).`
      : `The mail server rejected the mail (SMTP ${code}).`,
  smtpUnknown:
    'The mail could not be sent, for a reason the mail server did not make clear (details in the server log).',
} as const satisfies Catalogue;
